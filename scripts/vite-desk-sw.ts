import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The hand-written worker; the build fills in its file list and version. */
const TEMPLATE = 'src/web/features/registrations/checkin/desk-sw.js';
/** Modules whose chunks (and everything they load, eagerly or lazily) the desk needs offline. */
const DESK_ROOTS = ['features/registrations/checkin/desk-page.tsx', 'features/registrations/checkin/desk-home-page.tsx', 'app/query-layout.tsx'];
/** Files of public/ the desk shows or installs with. */
const PUBLIC_FILES = ['/index.html', '/favicon.svg', '/desk.webmanifest', '/desk-icon-192.png', '/desk-icon-512.png'];

interface OutChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * Emits `desk-sw.js` at the root of the build (decision 022): the worker of the offline racepack
 * desk with the list of files to keep on the device — the entry and what it loads at once, the desk
 * page's chunks with everything they load (the camera and its QR decoder included), their CSS and
 * assets (fonts, wasm) — and a version hashed from that list, so each build that changes it installs anew.
 */
export function deskServiceWorker(): Plugin {
  return {
    name: 'derap-desk-sw',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = new Map<string, OutChunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as OutChunk);
      const files = new Set<string>();
      const addChunk = (chunk: OutChunk) => {
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
      };
      // The entry and what it loads at once (its lazy imports are every page: not followed).
      const eager = new Set<string>();
      const visitEager = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || eager.has(fileName)) return;
        eager.add(fileName);
        addChunk(chunk);
        for (const dep of chunk.imports) visitEager(dep);
      };
      for (const entry of chunks.values()) if (entry.isEntry) visitEager(entry.fileName);
      // The desk's chunks and everything they load, lazily too (the camera, its decoder).
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || eager.has(fileName) || seen.has(fileName)) return;
        seen.add(fileName);
        addChunk(chunk);
        for (const dep of [...chunk.imports, ...chunk.dynamicImports]) visit(dep);
      };
      const roots = [...chunks.values()].filter((c) => c.facadeModuleId && DESK_ROOTS.some((root) => c.facadeModuleId!.split(path.sep).join('/').endsWith(root)));
      if (roots.length < DESK_ROOTS.length) this.error(`desk-sw: the desk's chunks were not found (${DESK_ROOTS.join(', ')})`);
      for (const root of roots) visit(root.fileName);
      // What the entry loads lazily on every page (the Indonesian validation messages).
      for (const entry of chunks.values()) {
        if (entry.isEntry) for (const dep of entry.dynamicImports) if (/(^|\/)zod-locale-/.test(dep)) visit(dep);
      }
      // Fonts come through the CSS: keep the latin ones the pages use.
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset' && /\.woff2$/.test(item.fileName) && /latin-(wght-)?normal/.test(item.fileName) && !/ext/.test(item.fileName)) files.add(item.fileName);
      }
      const list = [...PUBLIC_FILES, ...[...files].sort().map((f) => `/${f}`)];
      // Fingerprinted names change with their content; the public files (manifest, icons) are hashed by content.
      const hash = createHash('sha256').update(list.join('\n'));
      for (const file of PUBLIC_FILES.filter((f) => f !== '/index.html')) hash.update(await readFile(path.resolve(process.cwd(), 'src/web/public', file.slice(1))));
      const version = hash.digest('hex').slice(0, 12);
      const template = await readFile(path.resolve(process.cwd(), TEMPLATE), 'utf8');
      const source = template
        .replace(/\/\*__DESK_PRECACHE__\*\/ \[[^\]]*\]/, JSON.stringify(list))
        .replace(/\/\*__DESK_VERSION__\*\/ '[^']*'/, JSON.stringify(version));
      if (source.includes('__DESK_')) this.error('desk-sw: the template lost its markers');
      this.emitFile({ type: 'asset', fileName: 'desk-sw.js', source });
    },
  };
}
