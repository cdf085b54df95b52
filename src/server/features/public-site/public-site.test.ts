import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { eventsApi } from '../../test/fixtures/events';

describe('production serving', () => {
  let t: TestApp;
  const script = 'console.log("derap");'.repeat(200);
  beforeAll(async () => {
    // A stand-in for `vite build`: an index page and one hashed asset with its precompressed twins.
    const dist = mkdtempSync(path.join(os.tmpdir(), 'derap-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => t.close());

  it('sends hashed assets precompressed (brotli, else gzip) and cached for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The page itself is never cached, so a new build is picked up at once.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');
  });

  it('serves a robots.txt that keeps crawlers out of signed-in areas and points at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists the public pages and accepted events (not pending or closed ones) in sitemap.xml', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const events = eventsApi(t);
    const accepted = await events.create(org.headers, { name: 'Jakarta Night Run', code: 'jnr-2027' });
    await events.setStatus(accepted._id, 'diterima');
    await events.create(org.headers, { name: 'Bali Pending Run', code: 'bali-pending' });
    const closed = await events.create(org.headers, { name: 'Bandung Closed Run', code: 'bandung-closed' });
    await events.setStatus(closed._id, 'tutup');
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    for (const loc of ['http://localhost:3000/', 'http://localhost:3000/coaching', 'http://localhost:3000/registration', 'http://localhost:3000/register/jnr-2027']) {
      expect(res.body).toContain(`<loc>${loc}</loc>`);
    }
    expect(res.body).not.toContain('bali-pending');
    expect(res.body).not.toContain('bandung-closed');
  });
});
