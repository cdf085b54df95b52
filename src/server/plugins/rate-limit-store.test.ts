import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';
import { countHit, pruneRateLimitHits } from './rate-limit-store';

describe('rate limits kept in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('counts within a window and starts again after it', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(await countHit(t.database.db, 'k', 60_000, now)).toEqual({ current: 1, ttl: 60_000 });
    expect(await countHit(t.database.db, 'k', 60_000, new Date(now.getTime() + 10_000))).toEqual({ current: 2, ttl: 50_000 });
    expect(await countHit(t.database.db, 'k', 60_000, new Date(now.getTime() + 61_000))).toEqual({ current: 1, ttl: 60_000 });
    expect(await pruneRateLimitHits(t.database.db, new Date(now.getTime() + 3 * 3_600_000))).toBe(1);
  });

  it('holds across two servers sharing the database (a per-process counter would allow 3 each)', async () => {
    const second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
    try {
      const codes: number[] = [];
      for (const app of [t.app, second, t.app, second, t.app]) {
        codes.push((await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' } })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const rows = (await t.database.db.execute(sql`select count from rate_limit_hits`)) as unknown as { rows: { count: number }[] };
      expect(rows.rows.map((r) => r.count)).toEqual([5]);
    } finally {
      await second.close();
    }
  });
});
