import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { eventsApi } from '../../test/fixtures/events';

/**
 * /register/{code} served as HTML (issue 12 item 5, decision 023's amendment): the event's link
 * preview, and preloads of what the page asks for first, so its LCP chain starts with the HTML.
 */
describe('the register page HTML', () => {
  let t: TestApp;
  let code: string;
  const photo = `/api/files/${'ab'.repeat(16)}.jpg`;
  beforeAll(async () => {
    // A stand-in for the built web app: index.html and the manifest Vite writes beside it.
    const dist = mkdtempSync(path.join(os.tmpdir(), 'derap-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="id"><head><meta name="description" content="generic" /><title>Derap</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_query-1.js'] },
        '_query-1.js': { file: 'assets/query-1.js' },
        // The lazy layout every public page renders in: preloaded too, else it is one more round trip.
        'app/query-layout.tsx': { file: 'assets/query-layout-1.js', imports: ['_query-1.js', 'index.html'] },
        '_layout-1.js': { file: 'assets/layout-1.js', imports: ['_query-1.js'] },
        'features/registrations/public/register-page.tsx': { file: 'assets/register-page-1.js', imports: ['index.html', '_layout-1.js'], dynamicImports: ['features/registrations/public/registration-form.tsx'] },
        'features/registrations/public/registration-form.tsx': { file: 'assets/registration-form-1.js' },
        // The event's zod schema, which the page imports before it draws the event.
        '../domain/events/registration-event-contract.ts': { file: 'assets/contract-1.js', imports: ['_schemas-1.js'] },
        '_schemas-1.js': { file: 'assets/schemas-1.js' },
        'features/registrations/public/registration-list-page.tsx': { file: 'assets/registration-list-page-1.js', imports: ['index.html', '_layout-1.js'] },
        'features/event-calendar/calendar-page.tsx': { file: 'assets/calendar-page-1.js', imports: ['index.html', '_layout-1.js'] },
      }),
    );
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
    const org = await t.login('siti@contoh.id', 'organizer');
    const ev = await eventsApi(t).create(org.headers, { code: 'jnr-2027', name: 'Jakarta Night Run', description: 'Lari malam 10K <seru>', headerImage: `http://localhost:3000${photo}` });
    const admin = await t.login('admin@contoh.id', 'admin');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/events/${ev._id}/status`, headers: admin.headers, payload: { status: 'diterima' } })).statusCode).toBe(200);
    code = ev.code;
  });
  afterAll(() => t.close());

  const links = (html: string) => html.match(/<link rel="(?:preload|modulepreload)"[^>]*>/g) ?? [];

  it('anonymous: the preview tags, the event call and the header photo (same srcset and sizes as its <img>), the page chunk and its static imports', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/register/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Daftar Jakarta Night Run | Derap</title>');
    expect(res.body).toContain('<meta property="og:description" content="Lari malam 10K &#60;seru&#62;" />');
    const photoUrl = `http://localhost:3000${photo}`;
    // The photo and the call first: over HTTP/1.1 the browser starts them before two dozen chunks.
    expect(links(res.body)).toEqual([
      `<link rel="preload" as="image" href="${photoUrl}" imagesrcset="${[480, 800, 1200, 1600].map((w) => `${photoUrl}?w=${w} ${w}w`).join(', ')}" imagesizes="100vw" fetchpriority="high" />`,
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/events/${code}" />`,
      '<link rel="modulepreload" crossorigin href="/assets/query-layout-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/query-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/register-page-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/layout-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/contract-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/schemas-1.js" />',
    ]);
    // The entry is already in the page; the form chunk is a dynamic import, loaded by the page itself.
    expect(res.body).not.toContain('href="/assets/index-1.js"');
    expect(res.body).not.toContain('registration-form-1.js');
  });

  it('signed in: no preload of the event call (their answers are private, no-store: a browser would fetch it twice)', async () => {
    const runner = await t.login('budi@contoh.id', 'runner');
    const res = await t.app.inject({ method: 'GET', url: `/register/${code}`, headers: runner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('as="fetch"');
    expect(res.body).toContain('as="image"');
  });

  it('an unknown or malformed code: the app still loads with the generic tags and no event preloads', async () => {
    for (const url of ['/register/tidak-ada', '/register/%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Derap — Dari Pelari, Untuk Pelari</title>');
      expect(res.body).not.toMatch(/as="(?:fetch|image)"/);
      expect(res.body).toContain('register-page-1.js');
    }
  });

  it('/registration and /calendar: their chunks and first call load with the HTML; a filtered /calendar preloads no call', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/registration' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<title>Daftar Event Lari | Derap</title>');
    expect(links(list.body)).toEqual([
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/events/status?status=diterima" />',
      '<link rel="modulepreload" crossorigin href="/assets/query-layout-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/query-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/registration-list-page-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/layout-1.js" />',
    ]);
    const calendar = await t.app.inject({ method: 'GET', url: '/calendar' });
    expect(calendar.body).toContain('<title>Kalender Lari Indonesia | Derap</title>');
    expect(calendar.body).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/eventcalendar?page=1&#38;limit=20" />');
    const filtered = await t.app.inject({ method: 'GET', url: '/calendar?month=3&year=2027' });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).not.toContain('as="fetch"');
    expect(filtered.body).toContain('href="/assets/calendar-page-1.js"');
  });
});
