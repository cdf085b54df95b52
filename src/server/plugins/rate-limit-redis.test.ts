import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';

/**
 * With REDIS_URL set the rate-limit counters live in Redis (decision 017). Runs against the real
 * Redis (127.0.0.1:6379 here and in CI; REDIS_URL overrides it) and fails if it is not there.
 * Each run counts under its own key prefix, so parallel test files never share a counter.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits kept in Redis when REDIS_URL is set', () => {
  const prefix = `derap-test:${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let t: TestApp;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3_000 });
    await redis.ping(); // Redis must be up: this test does not skip.
    t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL, REDIS_KEY_PREFIX: prefix } });
  });
  afterAll(async () => {
    await t.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const refresh = (app = t.app) => app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' } }).then((r) => r.statusCode);
  const connectionsOf = async () => String(await redis.client('LIST')).split('\n').filter((line) => line.includes(` name=${prefix}rate-limit `)).length;

  it('counts in Redis, not in the database, and the limit holds across two servers sharing the Redis', async () => {
    const second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
    try {
      const codes: number[] = [];
      for (const app of [t.app, second, t.app, second, t.app]) codes.push(await refresh(app));
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const keys = await redis.keys(`${prefix}rate-limit:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toContain('/api/auth/refresh');
      expect(Number(await redis.get(keys[0]!))).toBe(5);
      // The window is the route's minute.
      const ttl = await redis.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      const rows = (await t.database.db.execute(sql`select count(*)::int as n from rate_limit_hits`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(0);
      expect(await connectionsOf()).toBe(2);
    } finally {
      await second.close();
    }
    // Closing a server closes its Redis connection.
    await expect.poll(connectionsOf, { timeout: 2_000 }).toBe(1);
  });
  it('while Redis cannot be reached the limits are skipped, never a failed request', async () => {
    const warnings: string[] = [];
    const unreachable = await buildApp({
      config: { ...t.config, redis: { url: 'redis://127.0.0.1:1', keyPrefix: prefix } },
      database: t.database,
      logger: { level: 'warn', stream: { write: (line: string) => warnings.push(line) } },
    });
    await unreachable.ready();
    try {
      const codes: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 5; i++) codes.push(await refresh(unreachable));
      // Each request fails over at once, not after ioredis's reconnection back-off.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(codes).toEqual([401, 401, 401, 401, 401]);
      // Logged once for the outage, not once per request or reconnection attempt.
      expect(warnings.filter((w) => w.includes('Redis for rate limits unreachable'))).toHaveLength(1);
    } finally {
      await unreachable.close();
    }
  });
});
