import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { listEventsByStatus } from '../events/service';

/** The public pages search engines may list; signed-in areas and the API are not for them. */
export const publicPagePaths = ['/', '/coaching', '/registration'] as const;
const privatePaths = ['/dashboard', '/admin', '/api/', '/mobile-login', '/mobile-auth-success', '/registration-success', '/registration-payment/', '/undangan-pelatih/'];

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt and sitemap.xml (the public pages and the registration page of every accepted event). */
export async function publicSiteRoutes(app: FastifyInstance, { db, config }: { db: Db; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/robots.txt',
    { schema: { hide: true, response: { 200: z.string() } } },
    async (_request, reply) => {
      const lines = ['User-agent: *', ...privatePaths.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${config.publicUrl}/sitemap.xml`, ''];
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
    },
  );

  r.get(
    '/sitemap.xml',
    { schema: { hide: true, response: { 200: z.string() } } },
    async (_request, reply) => {
      const events = await listEventsByStatus(db, 'diterima');
      const urls = [
        ...publicPagePaths.map((p) => `${config.publicUrl}${p}`),
        ...events.map((e) => `${config.publicUrl}/register/${encodeURIComponent(e.code)}`),
      ];
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map((loc) => `  <url><loc>${xmlEscape(loc)}</loc></url>`),
        '</urlset>',
        '',
      ].join('\n');
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
    },
  );
}
