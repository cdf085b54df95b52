import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';
import { contentSecurityPolicy, originMessage } from './security-headers';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('send a Content-Security-Policy with no inline script, and no HSTS on plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(contentSecurityPolicy).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS when the public address is https', async () => {
    const https = await buildTestApp({ env: { PUBLIC_URL: 'https://derap.id', MIDTRANS_SERVER_KEY: 'SB-Mid-server-test' } });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});

describe('Origin check on cookie-authenticated writes', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const { token } = await t.login('pelari@contoh.id');
    cookie = `derap_at=${token}`;
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/training-plans', headers: { cookie, ...headers }, payload: { trainingPlan: [{ date: '01-12-2027', title: 'Easy Run', program: '5K' }] } });

  it('refuses a write from another site, even with a valid session cookie', async () => {
    for (const origin of ['https://jahat.example', 'null', 'http://localhost:3000.jahat.example']) {
      const res = await post({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toMatchObject({ message: originMessage, code: 'ORIGIN_REJECTED' });
    }
    const byReferer = await post({ referer: 'https://jahat.example/halaman' });
    expect(byReferer.statusCode).toBe(403);
  });

  it('accepts our own origin (the public URL or the address the request came to) and bearer clients', async () => {
    expect((await post({ origin: 'http://localhost:3000' })).statusCode).toBe(201);
    expect((await post({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(201);
    expect((await post({ referer: 'http://localhost:3000/dashboard' })).statusCode).toBe(201);
    // The mobile app sends a bearer token: nothing ambient for another site to ride on.
    const { headers } = await t.login('pelari@contoh.id');
    const bearer = await t.app.inject({ method: 'POST', url: '/api/training-plans', headers: { ...headers, origin: 'https://jahat.example' }, payload: { trainingPlan: [{ date: '02-12-2027', title: 'Easy Run', program: '5K' }] } });
    expect(bearer.statusCode).toBe(201);
    // Reads are not state changes.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, origin: 'https://jahat.example' } })).statusCode).toBe(200);
  });
});
