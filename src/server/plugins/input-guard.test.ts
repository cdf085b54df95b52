import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';
import { containsNul, jsonDeeperThan, MAX_JSON_DEPTH } from './input-guard';

describe('jsonDeeperThan', () => {
  it('measures nesting like JSON.parse would, ignoring brackets inside strings', () => {
    expect(jsonDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonDeeperThan('{"a":"[[[[[[[[[[\\"[[[["}', 1)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), (depth) => {
        const text = '['.repeat(depth) + ']'.repeat(depth);
        expect(jsonDeeperThan(text, MAX_JSON_DEPTH)).toBe(depth > MAX_JSON_DEPTH);
      }),
    );
  });
});

describe('containsNul', () => {
  it('finds a NUL in any string or key, however deep', () => {
    expect(containsNul({ a: [{ b: 'ok' }] })).toBe(false);
    expect(containsNul({ a: [{ b: 'o\u0000k' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul('\u0000')).toBe(true);
    expect(containsNul(null)).toBe(false);
  });
});

describe('inputs that used to break the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('deeply nested JSON on the payment webhook is a 400, not a stack overflow', async () => {
    const payload = '{"order_id":' + '['.repeat(30_000) + ']'.repeat(30_000) + '}';
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/notification', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Struktur JSON terlalu dalam.', code: 'JSON_TOO_DEEP' });
  });

  it('bodies are small unless the route needs more: 12 MB on logout is refused before any work', async () => {
    for (const size of [40 * 1024, 12 * 1024 * 1024]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ refreshToken: 'x'.repeat(size) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Ukuran data terlalu besar.');
    }
    // The plan's full replace takes up to 1000 runs: its own, larger limit.
    const me = await t.login('pelari@contoh.id');
    const runs = Array.from({ length: 400 }, (_, i) => ({ date: `${String((i % 28) + 1).padStart(2, '0')}-01-2027`, title: 'Easy Run', program: '5K' }));
    const put = await t.app.inject({ method: 'PUT', url: '/api/training-plans', headers: me.headers, payload: { trainingPlan: runs } });
    expect(put.statusCode).not.toBe(413);
  });

  it('a NUL anywhere in the query, path or body is a 400 before the route runs (the CSV export was cut after its 200)', async () => {
    const org = await t.login('org@contoh.id', 'organizer');
    const csv = await t.app.inject({ method: 'GET', url: '/api/runner-registrations/event/00000000-0000-4000-8000-000000000000/csv?search=a%00b', headers: org.headers });
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ message: 'Data mengandung karakter yang tidak valid.', code: 'INVALID_CHARACTERS' });
    const body = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'a\u0000@contoh.id' } });
    expect(body.statusCode).toBe(400);
    // Authorisation still answers first: a stranger learns nothing from input checks.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/runner-registrations/event/x/csv?search=%00' });
    expect(anonymous.statusCode).toBe(401);
  });
});
