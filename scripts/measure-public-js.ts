/**
 * How much JavaScript (gzip) each public page loads before it is usable, from the production
 * build's Vite manifest: the entry chunk and its static imports, plus the route's lazy chunk and
 * its static imports (React Router loads the route module before the first render). Budget: 100 KB.
 *
 *   npx vite build && npm run measure:js        (exit 1 when a page is over budget)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const BUDGET_KB = 100;

const QUERY_LAYOUT = 'app/query-layout.tsx';

/**
 * Public routes and the source modules (manifest keys, relative to src/web) router.tsx loads lazily
 * for each: the page, and the TanStack Query layout around every page but the home page.
 */
export const PUBLIC_ROUTES: ReadonlyArray<{ path: string; modules: readonly string[] | null }> = [
  { path: '/', modules: ['features/public-site/home-page.tsx'] },
  { path: '/coaching', modules: [QUERY_LAYOUT, 'features/public-site/coaching-page.tsx'] },
  { path: '/registration', modules: [QUERY_LAYOUT, 'features/registrations/public/registration-list-page.tsx'] },
  // The event's zod schema is imported before the page draws the event (registrations-api.ts).
  { path: '/register/{code}', modules: [QUERY_LAYOUT, 'features/registrations/public/register-page.tsx', '../domain/events/registration-event-contract.ts'] },
  // The same page once its form is there (asked for after the header photo is painted).
  {
    path: '/register + form',
    modules: [QUERY_LAYOUT, 'features/registrations/public/register-page.tsx', '../domain/events/registration-event-contract.ts', 'features/registrations/public/registration-form.tsx'],
  },
  { path: '/coaching/{uniquelink}', modules: [QUERY_LAYOUT, 'features/coaching/public-page/public-coach-page.tsx'] },
  { path: '/calendar', modules: [QUERY_LAYOUT, 'features/event-calendar/calendar-page.tsx'] },
];

export type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** The files of `key` and everything it imports statically (what the browser fetches before running it). */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the Vite manifest: ${key}`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry && manifest[k]!.file.endsWith('.js'));
  if (!key) throw new Error('the Vite manifest has no JavaScript entry');
  return key;
}

/** gzip bytes of a built file: the precompressed `.gz` beside it when the build wrote one. */
function gzipBytes(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  if (existsSync(`${full}.gz`)) return readFileSync(`${full}.gz`).length;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

export type PageWeight = { path: string; files: string[]; gzipKb: number | null };

export function measurePublicJs(distDir: string): PageWeight[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = entryKey(manifest);
  return PUBLIC_ROUTES.map((route) => {
    if (!route.modules) return { path: route.path, files: [], gzipKb: null };
    const files = staticClosure(manifest, entry);
    for (const module of route.modules) staticClosure(manifest, module, files);
    const bytes = [...files].reduce((sum, file) => sum + gzipBytes(distDir, file), 0);
    return { path: route.path, files: [...files], gzipKb: bytes / 1000 };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist/web');
  if (!existsSync(path.join(distDir, '.vite/manifest.json'))) {
    console.error(`No ${distDir}/.vite/manifest.json: run \`npx vite build\` first.`);
    process.exit(2);
  }
  const pages = measurePublicJs(distDir);
  let over = false;
  console.log(`page                   | JS gzip (KB) | budget ${BUDGET_KB} KB | chunks`);
  for (const page of pages) {
    const ok = page.gzipKb === null || page.gzipKb <= BUDGET_KB;
    over ||= !ok;
    const kb = page.gzipKb === null ? 'N/A' : page.gzipKb.toFixed(1);
    console.log(`${page.path.padEnd(22)} | ${kb.padStart(12)} | ${(page.gzipKb === null ? 'no page yet' : ok ? 'ok' : 'OVER').padEnd(13)} | ${page.files.length}`);
  }
  if (process.env.VERBOSE) {
    for (const page of pages) console.log(`\n${page.path}\n  ${page.files.map((f) => `${f} ${(gzipBytes(distDir, f) / 1000).toFixed(1)}`).join('\n  ')}`);
  }
  process.exit(over ? 1 : 0);
}
