import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventCategories, events, orders } from '../../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/fixtures/build-test-app';
import { freshRunner, insertEvent, postRegistration, readCategory, readRegistration, registrationPayload } from '../../../test/fixtures/registrations';
import { findRegistrationContext, type RegistrationContext } from '../../events/service';
import { publicReadCacheFor } from '../../../plugins/public-cache';

/**
 * A registration starts from event rows that may come from the public read cache (a few seconds
 * old). Whatever those rows say, the reservation's UPDATE decides on the latest rows: a closed event,
 * a changed price or a full category is never registered from stale rows (the attempt is decided
 * again on fresh rows, once).
 */
type Created = { registration: { registrationId: string; payment: { amount: number } } };

describe('registrations from cached event rows', () => {
  let t: TestApp;
  const ttlMs = 30_000;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_READ_CACHE_SECONDS: '30', PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /** Puts `stale` in the app's cache as the rows of `eventId` (what another server's change leaves behind for up to a poll). */
  async function poison(eventId: string, stale: RegistrationContext) {
    const cache = publicReadCacheFor(t.database.db, { ttlMs, pollMs: 500, maxEntries: 1000 });
    cache.changedHere();
    await cache.getValue(`registration:${eventId}`, async () => stale);
    expect(await findRegistrationContext(t.database.db, eventId, ttlMs)).toBe(stale);
  }

  it('within the TTL the same rows are served again from the cache, and a registration from them succeeds', async () => {
    const { event } = await insertEvent(t, { categories: [{ name: '10K', slots: 10 }] });
    const first = await findRegistrationContext(t.database.db, event.eventId, ttlMs);
    expect(first?.event.id).toBe(event.id);
    expect(await findRegistrationContext(t.database.db, event.eventId, ttlMs)).toBe(first);
    expect((await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }))).statusCode).toBe(201);
  });

  it('an event closed after the rows were cached refuses with the closed message, not 201', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 10 }] });
    const stale = { event, categories };
    await t.database.db.update(events).set({ status: 'tutup' }).where(eq(events.id, event.id));
    await poison(event.eventId, stale);
    const res = await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('REGISTRATION_CLOSED');
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
  });

  it('a price changed after the rows were cached is charged at the new price', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 10, price: 150_000 }] });
    const stale = { event, categories };
    await t.database.db.update(eventCategories).set({ price: 175_000 }).where(eq(eventCategories.id, categories[0]!.id));
    await poison(event.eventId, stale);
    const res = await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }));
    expect(res.statusCode).toBe(201);
    const created = res.json<Created>();
    const row = await readRegistration(t, created.registration.registrationId);
    expect(row.eventFee).toBe(175_000);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, row.orderId!));
    expect(order!.amount).toBe(175_000 + categories[0]!.adminFee);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
  });

  it('a category that filled up after the rows were cached answers Slot Habis and is not oversold', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 3 }, { name: '5K', slots: 3 }] });
    const stale = { event, categories };
    await t.database.db.update(eventCategories).set({ sold: 3 }).where(eq(eventCategories.id, categories[0]!.id));
    await poison(event.eventId, stale);
    const res = await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('SLOT_FULL');
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(3);
  });
});
