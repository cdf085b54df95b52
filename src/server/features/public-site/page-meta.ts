import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';

/**
 * Link previews for shared pages (WhatsApp, Telegram, X, Facebook read Open Graph tags from the
 * HTML and never run our JavaScript): the server writes the page's own tags into the SPA's
 * index.html. Reusable: a share page is a path pattern and a function that finds its meta.
 */

export interface PageMeta {
  title: string;
  description: string;
  /** An absolute URL, or a path on our site (made absolute with PUBLIC_URL); null: the default picture. */
  image: string | null;
  /** The page's path (made absolute for og:url). */
  path: string;
  type?: 'website' | 'profile' | 'article';
}

/** What a share page's resolver returns; null when the page has nothing to show (the SPA says so, with the generic tags). */
export type PageMetaResolver = (params: Record<string, string>) => Promise<Omit<PageMeta, 'path'> | null>;

export interface SharePage {
  /** A Fastify route path, e.g. `/coaching/:uniquelink`. */
  route: string;
  meta: PageMetaResolver;
}

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
 * index.html with the page's tags: its own `<title>`, description, canonical, og:* and twitter:*
 * are removed, the new ones go just before `</head>`.
 */
export function injectPageMeta(html: string, meta: PageMeta, publicUrl: string): string {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  const tags = renderPageMeta(meta, publicUrl);
  return stripped.includes('</head>') ? stripped.replace('</head>', `  ${tags}\n  </head>`) : `${tags}\n${stripped}`;
}

/**
 * Serves each share page's path as the SPA's index.html carrying that page's tags (generic ones
 * when the resolver finds nothing, so the app still loads and shows its own "not found").
 * Never cached by browsers or CDNs beyond revalidation: the tags follow the profile's edits and
 * the page names the current build's assets.
 */
export async function sharePagesPlugin(app: FastifyInstance, { config, pages }: { config: AppConfig; pages: SharePage[] }) {
  const indexHtml = path.join(config.webDistDir, 'index.html');
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
        found = await page.meta(params);
      } catch (err) {
        // A preview is a nicety: the page itself must still load.
        request.log.error({ err, route: page.route }, 'share page meta failed');
      }
      const meta: PageMeta = found ? { ...found, path: pathOnly } : { ...DEFAULT_META, image: null, path: pathOnly };
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(injectPageMeta(html, meta, config.publicUrl));
    });
  }
}
