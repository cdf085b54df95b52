import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { hasCredential } from './public-cache';

/**
 * Link previews for shared pages (WhatsApp, Telegram, X, Facebook read Open Graph tags from the
 * HTML and never run our JavaScript): the server writes the page's own tags into the SPA's
 * index.html. Reusable: a share page is a path pattern and a function that finds its meta; each
 * feature registers its own pages from its plugin.ts.
 */

export interface PageMeta {
  title: string;
  description: string;
  /** An absolute URL, or a path on our site (made absolute with PUBLIC_URL); null: the default picture. */
  image: string | null;
  /** The page's path (made absolute for og:url). */
  path: string;
  type?: 'website' | 'profile' | 'article';
  /**
   * What the page will ask for first, fetched with the HTML instead of after the app has run
   * (issue 12: the register page's LCP chain was HTML → entry → page chunk → API → image).
   */
  preload?: PagePreload;
}

export interface PagePreload {
  /** The page's largest image, with the exact `srcset`/`sizes` its `<img>` uses (else it is fetched twice). */
  image?: { href: string; srcset?: string; sizes?: string };
  /** Same-origin API reads the page makes at once with the app's fetch (credentials included). */
  fetch?: string[];
}

/** What a share page's resolver returns; null when the page has nothing to show (the SPA says so, with the generic tags). */
export type PageMetaResolver = (params: Record<string, string>, query: URLSearchParams) => Promise<Omit<PageMeta, 'path'> | null>;

export interface SharePage {
  /** A Fastify route path, e.g. `/coaching/:uniquelink`. */
  route: string;
  meta: PageMetaResolver;
  /**
   * The page's modules as Vite's manifest names them (e.g. 'features/registrations/public/register-page.tsx',
   * and the lazy layout it renders in): they and their static imports are `modulepreload`ed, so they
   * load beside the entry, not one after another behind it.
   */
  modules?: string[];
}

/**
 * The modules of a public page (issue 12 item 5) with the lazy TanStack Query layout it renders in:
 * preloaded with the HTML, so they load beside the entry instead of one after another behind it.
 */
export const withQueryLayout = (...pageModules: string[]) => ['app/query-layout.tsx', ...pageModules];

export const DEFAULT_SHARE_IMAGE = '/desk-icon-512.png';
export const SITE_NAME = 'Derap';
export const DEFAULT_META = {
  title: 'Derap — Dari Pelari, Untuk Pelari',
  description: 'Derap — dari pelari, untuk pelari. Pelatih lari AI, pelatih bersertifikat, dan pendaftaran event lari di Indonesia.',
} as const;

/** Escapes a value for an HTML attribute or text: a bio with `"><script>` stays text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function absolute(publicUrl: string, value: string): string {
  if (/^https?:\/\//i.test(value)) return value;
  return `${publicUrl}${value.startsWith('/') ? '' : '/'}${value}`;
}

/** The `<title>`, description, Open Graph and Twitter card tags of a page. */
export function renderPageMeta(meta: PageMeta, publicUrl: string): string {
  const image = absolute(publicUrl, meta.image || DEFAULT_SHARE_IMAGE);
  const url = absolute(publicUrl, meta.path);
  const tags: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'id_ID'],
    ['property', 'og:type', meta.type ?? 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:image', image],
    ['property', 'og:url', url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', image],
  ];
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...tags.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
}

/**
 * `<link rel=preload>` tags for what the page asks for first: the photo and the call before the
 * chunks, since over HTTP/1.1's six connections a browser starts them in this order, and the photo
 * (the largest paint) and the call (which the page waits for) are small next to two dozen chunks.
 */
export function renderPreloads(preload: PagePreload | undefined, modules: string[]): string[] {
  const tags: string[] = [];
  const image = preload?.image;
  if (image) {
    const set = image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(image.href)}"${set} fetchpriority="high" />`);
  }
  // The app's fetch sends cookies (credentials: 'include'): the preload must too, or it is not reused.
  for (const href of preload?.fetch ?? []) tags.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(href)}" />`);
  for (const href of modules) tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  return tags;
}

/**
 * The built files of `entries` and of every chunk they import statically, from Vite's manifest
 * (dist/web/.vite/manifest.json); the entry chunk (index.html) is left out, the page already loads it.
 */
export function moduleFiles(manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>, ...entries: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    files.push(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  entries.forEach(visit);
  return files;
}

/**
 * index.html with the page's tags: its own `<title>`, description, canonical, og:* and twitter:*
 * are removed, the new ones go just before `</head>`.
 */
export function injectPageMeta(html: string, meta: PageMeta, publicUrl: string, modules: string[] = []): string {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  const tags = [renderPageMeta(meta, publicUrl), ...renderPreloads(meta.preload, modules)].join('\n    ');
  // A function replacer: a title is the organizer's text, and "$&" or "$'" in it must stay as typed.
  return stripped.includes('</head>') ? stripped.replace('</head>', () => `  ${tags}\n  </head>`) : `${tags}\n${stripped}`;
}

/**
 * Serves each share page's path as the SPA's index.html carrying that page's tags (generic ones
 * when the resolver finds nothing, so the app still loads and shows its own "not found").
 * Never cached by browsers or CDNs beyond revalidation: the tags follow the profile's edits and
 * the page names the current build's assets.
 */
export async function sharePagesPlugin(app: FastifyInstance, { config, pages }: { config: AppConfig; pages: SharePage[] }) {
  const indexHtml = path.join(config.webDistDir, 'index.html');
  const manifestFile = path.join(config.webDistDir, '.vite', 'manifest.json');
  // Read once per process: the manifest belongs to the build this server serves.
  let manifest: Promise<Record<string, { file: string; imports?: string[]; isEntry?: boolean }>> | null = null;
  const modulesOf = async (entries: string[] | undefined): Promise<string[]> => {
    if (!entries?.length) return [];
    manifest ??= readFile(manifestFile, 'utf8')
      .then((text) => JSON.parse(text) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>)
      .catch(() => ({}));
    return moduleFiles(await manifest, ...entries);
  };
  for (const page of pages) {
    app.get(page.route, { schema: { hide: true } }, async (request, reply) => {
      let html: string;
      try {
        html = await readFile(indexHtml, 'utf8');
      } catch {
        return reply.status(503).type('text/plain; charset=utf-8').send('Aplikasi web belum dibangun: jalankan `npm run build`.');
      }
      const params = request.params as Record<string, string>;
      const pathOnly = request.url.split('?')[0] ?? request.url;
      let found: Omit<PageMeta, 'path'> | null = null;
      try {
        found = await page.meta(params, new URLSearchParams(request.url.split('?')[1] ?? ''));
      } catch (err) {
        // A preview is a nicety: the page itself must still load.
        request.log.error({ err, route: page.route }, 'share page meta failed');
      }
      const meta: PageMeta = found ? { ...found, path: pathOnly } : { ...DEFAULT_META, image: null, path: pathOnly };
      // A signed-in visitor's API answers are `private, no-store`, which a browser never takes from a
      // preload: the call would be made twice.
      if (meta.preload?.fetch && hasCredential(request)) meta.preload = { ...meta.preload, fetch: [] };
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(injectPageMeta(html, meta, config.publicUrl, await modulesOf(page.modules)));
    });
  }
}
