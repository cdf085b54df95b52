import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { runnerRegistrations } from '../db/schema/registrations';
import type { JobDefinition } from '../jobs/runner';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';
import { eventsApi } from '../test/fixtures/events';
import { freshRunner, insertEvent, readCategory, registrationPayload } from '../test/fixtures/registrations';

/**
 * Issue 12 item 3 (decision 017): two servers on one database (PGlite: a second handle on the same
 * instance; TEST_DB=postgres: a second pool on the same PostgreSQL database), once with the rate
 * limits in PostgreSQL and once in Redis (the real one on 127.0.0.1:6379, as in CI). Nothing either
 * server keeps in its own memory may let the pair behave differently from one server.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIST = '/api/events/status?status=diterima';
const PER_ADDRESS = 5;

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 1000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each([
  { store: 'PostgreSQL', redis: false },
  { store: 'Redis', redis: true },
])('two servers, rate limits in $store', ({ redis }) => {
  const prefix = `derap-test:${randomBytes(6).toString('hex')}:`;
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let client: Redis | null = null;

  beforeAll(async () => {
    if (redis) {
      client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3_000 });
      await client.ping(); // Redis must be up: this test does not skip.
    }
    t = await buildTestApp({
      env: {
        // Bodies live 30 s: a change seen within a second was seen through the shared invalidation.
        PUBLIC_READ_CACHE_SECONDS: '30',
        REGISTRATION_RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS),
        ...(redis ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}),
      },
    });
    a = t.app;
    b = await buildApp({ config: t.config, database: await t.openAgain() });
    await b.ready();
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await b?.close();
    await t?.close();
    if (client) {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length) await client.del(...keys);
      await client.quit();
    }
  });

  const register = (app: FastifyInstance, payload: Record<string, unknown>, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/runner-registrations', payload, remoteAddress });
  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
  const soldOn = async (app: FastifyInstance, code: string) => (await get(app, `/api/events/${code}`)).json<{ event: { categories: { sold: number }[] } }>().event.categories[0]!.sold;

  it('a registration rush split across both never oversells, and both pages show the category full within a second', async () => {
    const slots = 12;
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots }] });
    // Both servers hold the page in memory before the rush.
    expect(await soldOn(a, event.code)).toBe(0);
    expect(await soldOn(b, event.code)).toBe(0);

    const responses = await Promise.all(
      Array.from({ length: 36 }, (_, i) =>
        register(i % 2 ? b : a, registrationPayload(event, '10k', { runnerData: freshRunner() }), `10.9.${i >> 8}.${i & 255}`),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(slots);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    // Refused as full: by the category's conditional update, or by the event check once all is sold.
    for (const res of responses.filter((r) => r.statusCode === 409)) expect(['SLOT_FULL', 'EVENT_FULL']).toContain(res.json<{ code: string }>().code);

    expect((await readCategory(t, categories[0]!.id)).sold).toBe(slots);
    const live = await t.database.db
      .select({ id: runnerRegistrations.id })
      .from(runnerRegistrations)
      .where(and(eq(runnerRegistrations.eventRef, event.id), inArray(runnerRegistrations.status, ['pending', 'confirmed'])));
    expect(live).toHaveLength(slots);

    for (const app of [a, b]) {
      const started = Date.now();
      expect(await eventually(() => soldOn(app, event.code), (sold) => sold === slots)).toBe(slots);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('the per-address limit is shared: one address alternating between the servers is counted once', async () => {
    const { event } = await insertEvent(t, { categories: [{ name: '10K', slots: 50 }] });
    const codes: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++) {
      codes.push((await register(i % 2 ? b : a, registrationPayload(event, '10k', { runnerData: freshRunner() }), '203.0.113.7')).statusCode);
    }
    // Per-process counters would let 5 through on each server (10 in all).
    expect(codes).toEqual([...Array<number>(PER_ADDRESS).fill(201), 429, 429, 429]);
    // Another address is not held back.
    expect((await register(b, registrationPayload(event, '10k', { runnerData: freshRunner() }), '203.0.113.8')).statusCode).toBe(201);
  });

  it('a moderation on one server is visible on the other within a second, both ways', async () => {
    const api = eventsApi(t);
    const admin = await t.login('admin@contoh.id', 'admin');
    const moderate = async (app: FastifyInstance, id: string, status: string) => {
      const res = await app.inject({ method: 'PATCH', url: `/api/admin/events/${id}/status`, headers: admin.headers, payload: { status } });
      expect(res.statusCode).toBe(200);
    };
    const org = await t.login('siti@contoh.id', 'organizer');
    const ev = await api.create(org.headers, { code: 'dua-server', name: 'Lari Dua Server' });
    await moderate(a, ev._id, 'diterima');
    const count = async (app: FastifyInstance) => (await get(app, LIST)).json<{ events: unknown[] }>().events.length;
    expect(await eventually(() => count(b), (n) => n === 1)).toBe(1);
    expect(await count(a)).toBe(1);

    for (const [on, other, status, expected] of [
      [b, a, 'ditolak', 0],
      [a, b, 'diterima', 1],
    ] as const) {
      await moderate(on, ev._id, status);
      const started = Date.now();
      expect(await eventually(() => count(other), (n) => n === expected)).toBe(expected);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('each periodic job runs once although both servers poll at the same moment', async () => {
    const runs = new Map<string, number>();
    const periodic = (app: FastifyInstance) => [...app.jobs.definitions.values()].filter((d) => d.every !== undefined);
    for (const app of [a, b]) {
      for (const definition of periodic(app) as JobDefinition[]) {
        const run = definition.run;
        definition.run = (ctx) => {
          runs.set(definition.name, (runs.get(definition.name) ?? 0) + 1);
          return run(ctx);
        };
      }
    }
    const names = periodic(a).map((d) => d.name);
    expect(names.length).toBeGreaterThan(3);
    const now = new Date();
    const ran = await Promise.all([a.jobs.runDue(now), b.jobs.runDue(now)]);
    expect(ran[0] + ran[1]).toBe(names.length);
    expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(names.map((n) => [n, 1])));
    // Polling again at the same moment runs nothing more.
    expect(await Promise.all([b.jobs.runDue(now), a.jobs.runDue(now)])).toEqual([0, 0]);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });
});
