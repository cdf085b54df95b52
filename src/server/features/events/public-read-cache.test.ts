import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { eventCategories } from '../../db/schema/events';
import { cacheVersions } from '../../db/schema/infra';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { eventsApi } from '../../test/fixtures/events';
import { PUBLIC_EVENTS_VERSION } from '../../plugins/public-cache';

// Bodies live 30 s here: a change seen sooner than that was seen through the invalidation.
const env = { PUBLIC_READ_CACHE_SECONDS: '30' };
const LIST = '/api/events/status?status=diterima';

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 1500): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('public event reads: cache, ETag and invalidation (decision 015)', () => {
  let t: TestApp;
  let api: ReturnType<typeof eventsApi>;
  let second: { app: FastifyInstance; database: Database } | null = null;
  beforeAll(async () => {
    t = await buildTestApp({ env });
    api = eventsApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    // The second handle is closed with the test database.
    if (second) await second.app.close();
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, app = t.app) => app.inject({ method: 'GET', url, headers });
  const moderate = async (id: string, status: string, app = t.app) => {
    const admin = await t.login('admin@contoh.id', 'admin');
    const res = await app.inject({ method: 'PATCH', url: `/api/admin/events/${id}/status`, headers: admin.headers, payload: { status } });
    expect(res.statusCode).toBe(200);
  };
  async function acceptedEvent(code = 'jnr-2027') {
    const org = await t.login('siti@contoh.id', 'organizer');
    const ev = await api.create(org.headers, { code, name: `Lari ${code}` });
    await moderate(ev._id, 'diterima');
    return ev;
  }

  it('anonymous reads carry a public, short Cache-Control and an ETag; If-None-Match answers 304 without a body', async () => {
    const ev = await acceptedEvent();
    for (const url of [LIST, `/api/events/${ev.code}`]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('public, max-age=30, s-maxage=30, stale-while-revalidate=60');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toContain('public');
      expect((await get(url, { 'if-none-match': `W/"other", ${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
    expect((await get(LIST)).json().events.map((e: { code: string }) => e.code)).toEqual([ev.code]);
  });

  it('a moderation is visible on the next read, with a new ETag', async () => {
    const ev = await acceptedEvent();
    const page = await get(`/api/events/${ev.code}`);
    const list = await get(LIST);
    expect(list.json().events).toHaveLength(1);
    await moderate(ev._id, 'ditolak');
    const after = await get(LIST, { 'if-none-match': list.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().events).toEqual([]);
    expect(after.headers.etag).not.toBe(list.headers.etag);
    expect((await get(`/api/events/${ev.code}`, { 'if-none-match': page.headers.etag as string })).statusCode).toBe(404);
  });

  it('a new accepted event is listed at once', async () => {
    await acceptedEvent('satu');
    expect((await get(LIST)).json().events).toHaveLength(1);
    await acceptedEvent('dua');
    expect((await get(LIST)).json().events.map((e: { code: string }) => e.code).sort()).toEqual(['dua', 'satu']);
  });

  it('a category filling up (or an edit of it), written by any code path, changes the version and the next reads', async () => {
    const ev = await acceptedEvent();
    const before = await get(`/api/events/${ev.code}`);
    const listBefore = await get(LIST);
    const version = async () =>
      (await t.database.db.select().from(cacheVersions).where(eq(cacheVersions.name, PUBLIC_EVENTS_VERSION)))[0]?.version;
    const v0 = await version();
    // A sold count that stays below the slots does not touch the version (it may lag by the TTL).
    await t.database.db.update(eventCategories).set({ sold: 5 }).where(eq(eventCategories.categoryId, '5k'));
    expect(await version()).toBe(v0);
    // Full: the version changes in the same statement, and every read after the poll shows it.
    await t.database.db.update(eventCategories).set({ sold: sql`${eventCategories.slots}` }).where(eq(eventCategories.categoryId, '5k'));
    expect(await version()).not.toBe(v0);
    const full = await eventually(
      () => get(`/api/events/${ev.code}`, { 'if-none-match': before.headers.etag as string }),
      (r) => r.statusCode === 200,
    );
    expect(full.statusCode).toBe(200);
    expect(full.json().event.categories[0]).toMatchObject({ categoryId: '5k', slots: 300, sold: 300 });
    const list = await get(LIST);
    expect(list.headers.etag).not.toBe(listBefore.headers.etag);
    expect(list.json().events[0].categories[0]).toMatchObject({ sold: 300 });
    // Back below full (an expired hold): visible again.
    await t.database.db.update(eventCategories).set({ sold: 299 }).where(eq(eventCategories.categoryId, '5k'));
    const freed = await eventually(
      () => get(`/api/events/${ev.code}`),
      (r) => r.json().event.categories[0].sold === 299,
    );
    expect(freed.json().event.categories[0].sold).toBe(299);
    // An edit of a category (its price) too.
    await t.database.db.update(eventCategories).set({ price: 175000 }).where(eq(eventCategories.categoryId, '5k'));
    const edited = await eventually(
      () => get(`/api/events/${ev.code}`),
      (r) => r.json().event.categories[0].price === 175000,
    );
    expect(edited.json().event.categories[0].price).toBe(175000);
  });

  it('two servers on one database: a moderation on one is seen by the other within a second', async () => {
    const database = await t.openAgain();
    second = { app: await buildApp({ config: t.config, database }), database };
    await second.app.ready();
    const ev = await acceptedEvent();
    // Both servers have the list in memory.
    expect((await get(LIST, {}, second.app)).json().events).toHaveLength(1);
    expect((await get(LIST)).json().events).toHaveLength(1);
    await moderate(ev._id, 'ditolak');
    const started = Date.now(); // committed
    const seen = await eventually(
      () => get(LIST, {}, second!.app),
      (r) => r.json().events.length === 0,
      1000,
    );
    expect(seen.json().events).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
    // And the other way round.
    await moderate(ev._id, 'diterima', second.app);
    const back = await eventually(
      () => get(LIST),
      (r) => r.json().events.length === 1,
      1000,
    );
    expect(back.json().events).toHaveLength(1);
  });

  it('anything signed in is private and never stored; an organizer still sees their own pending event', async () => {
    const ev = await acceptedEvent();
    const runner = await t.login('budi@contoh.id', 'runner');
    const anonymous = await get(LIST);
    for (const url of [LIST, `/api/events/${ev.code}`]) {
      const res = await get(url, { ...runner.headers, 'if-none-match': anonymous.headers.etag as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // A cookie counts as a credential even when it is not valid.
    expect((await get(LIST, { cookie: 'derap_at=not-a-token' })).headers['cache-control']).toBe('private, no-store');
    const admin = await t.login('admin@contoh.id', 'admin');
    const pendingList = await get('/api/events/status?status=diajukan', admin.headers);
    expect(pendingList.statusCode).toBe(200);
    expect(pendingList.headers['cache-control']).toBe('private, no-store');
    const org = await t.login('siti@contoh.id', 'organizer');
    const pending = await api.create(org.headers, { code: 'belum', name: 'Lari Belum' });
    const own = await get(`/api/events/${pending.code}`, org.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const stranger = await get(`/api/events/${pending.code}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['cache-control'] ?? '').not.toContain('public');
  });
});
