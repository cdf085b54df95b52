import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayError, type CreateTransactionInput } from '../../../adapters/payments/port';
import { eventCategories } from '../../../db/schema/events';
import { orders } from '../../../db/schema/payments';
import { runnerRegistrations } from '../../../db/schema/registrations';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { freshRunner, insertEvent, postRegistration, readCategory, readRegistration, registrationPayload } from '../../../test/fixtures/registrations';
import { OPENING_GRACE_MINUTES, paymentMessages } from '../../payments/service';
import { pendingMessages } from './pending-registrations';

/**
 * Issue 12 item 2: the slot, the registration and the order are written in one short transaction;
 * the gateway's checkout is opened after it committed. A gateway failure frees the slot; an order
 * whose checkout was never opened (the process died in between) expires after the opening grace.
 */

type Created = { registration: { registrationId: string; status: string; expiresAt: string | null }; payment_url: string | null; resumed: boolean };

const MINUTE = 60_000;

/** `promise`, or 'timed out' when it does not settle within `ms` (a query waiting on an open transaction). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('registration rush: the gateway call outside the reservation transaction', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('while the gateway opens the checkout, the reservation is committed: the slot is counted and the next runner for the last slot is answered at once', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 1 }, { name: '5K', slots: 5 }] });
    const gateway = t.app.payments.gateway;
    const original = gateway.createTransaction.bind(gateway);
    const seen: { sold?: number | 'timed out'; registration?: string | 'timed out'; second?: { status: number; body: unknown } | 'timed out' } = {};
    const spy = vi.spyOn(gateway, 'createTransaction').mockImplementationOnce(async (input: CreateTransactionInput) => {
      // Another connection (PGlite: the same one, which an open transaction would keep busy) sees the commit.
      seen.sold = await within(
        t.database.db.select({ sold: eventCategories.sold }).from(eventCategories).where(eq(eventCategories.id, categories[0]!.id)).then((r) => r[0]!.sold),
        3_000,
      );
      seen.registration = await within(
        t.database.db.select({ status: runnerRegistrations.status }).from(runnerRegistrations).then((r) => r.map((x) => x.status).join(',')),
        3_000,
      );
      // A second runner for the same (last) slot finishes while this gateway call is still open.
      seen.second = await within(
        postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() })).then((res) => ({ status: res.statusCode, body: res.json() as unknown })),
        5_000,
      );
      return original(input);
    });
    const first = await postRegistration(t, registrationPayload(event));
    spy.mockRestore();

    expect(first.statusCode).toBe(201);
    expect(json<Created>(first).payment_url).toMatch(/^http/);
    expect(seen.sold).toBe(1);
    expect(seen.registration).toBe('pending');
    expect(seen.second).toMatchObject({ status: 409, body: { message: 'Slot Habis: kategori 10K sudah penuh.', code: 'SLOT_FULL' } });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
  });

  it('a gateway failure cancels the order, frees the slot at once and answers the Indonesian message; the runner can register again', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 1 }] });
    const spy = vi.spyOn(t.app.payments.gateway, 'createTransaction').mockRejectedValueOnce(new GatewayError('down'));
    const failed = await postRegistration(t, registrationPayload(event));
    spy.mockRestore();
    expect(failed.statusCode).toBe(502);
    expect(json(failed)).toMatchObject({ message: paymentMessages.gatewayFailed, code: 'PAYMENT_GATEWAY_ERROR' });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
    const [registration] = await t.database.db.select().from(runnerRegistrations);
    expect(registration).toMatchObject({ status: 'canceled', paymentStatus: 'failed' });
    expect(await t.database.db.select({ status: orders.status, paymentUrl: orders.paymentUrl }).from(orders)).toEqual([{ status: 'canceled', paymentUrl: null }]);

    // The last slot is free again, for the same runner (no pending registration holds them back) or anyone.
    const again = await postRegistration(t, registrationPayload(event));
    expect(again.statusCode).toBe(201);
    expect(json<Created>(again).payment_url).toMatch(/^http/);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
  });

  it('an order whose checkout was never opened (the process died after the commit) holds its slot only for the opening grace', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 2 }] });
    // The process "dies" between the commit and the gateway call: nothing opens or cancels the order.
    const spy = vi.spyOn(t.app.payments, 'openOrder').mockRejectedValueOnce(new Error('process died'));
    const crashed = await postRegistration(t, registrationPayload(event));
    spy.mockRestore();
    expect(crashed.statusCode).toBe(500);
    const [order] = await t.database.db.select().from(orders);
    expect(order).toMatchObject({ status: 'pending', paymentUrl: null });
    expect(order!.expiresAt.getTime() - order!.createdAt.getTime()).toBe(OPENING_GRACE_MINUTES * MINUTE);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);

    // Meanwhile the same runner is told it is being processed, not handed a registration with no way to pay.
    const retry = await postRegistration(t, registrationPayload(event));
    expect(retry.statusCode).toBe(409);
    expect(json(retry)).toMatchObject({ message: pendingMessages.inProgress, code: 'REGISTRATION_IN_PROGRESS' });

    // Within the grace the sweep leaves it (its checkout may still be opening) ...
    expect(await t.app.payments.expireStaleOrders(new Date(order!.createdAt.getTime() + OPENING_GRACE_MINUTES * MINUTE - 1_000))).toHaveLength(0);
    // ... after it, the sweep expires it and frees the slot.
    const expired = await t.app.payments.expireStaleOrders(new Date(order!.createdAt.getTime() + OPENING_GRACE_MINUTES * MINUTE + 1_000));
    expect(expired.map((o) => o.id)).toEqual([order!.id]);
    const [registration] = await t.database.db.select().from(runnerRegistrations);
    expect((await readRegistration(t, registration!.registrationId)).status).toBe('expired');
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);

    const again = await postRegistration(t, registrationPayload(event));
    expect(again.statusCode).toBe(201);
    expect(json<Created>(again).payment_url).toMatch(/^http/);
  });

  it('an order the sweep closed while its checkout was opening gets no page: the runner gets the message, the slot stays freed once', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 1 }] });
    const gateway = t.app.payments.gateway;
    const original = gateway.createTransaction.bind(gateway);
    const spy = vi.spyOn(gateway, 'createTransaction').mockImplementationOnce(async (input: CreateTransactionInput) => {
      // The gateway took longer than the grace: the sweep ran meanwhile.
      await t.app.payments.expireStaleOrders(new Date(Date.now() + OPENING_GRACE_MINUTES * MINUTE + 1_000));
      return original(input);
    });
    const res = await postRegistration(t, registrationPayload(event));
    spy.mockRestore();
    expect(res.statusCode).toBe(502);
    expect(json(res)).toMatchObject({ message: paymentMessages.gatewayFailed, code: 'PAYMENT_GATEWAY_ERROR' });
    expect(await t.database.db.select({ status: orders.status, paymentUrl: orders.paymentUrl }).from(orders)).toEqual([{ status: 'expired', paymentUrl: null }]);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
  });

  it('a rush with a slow, sometimes failing gateway never oversells: sold equals the live registrations, each with a page', async () => {
    const slots = 20;
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots }] });
    const gateway = t.app.payments.gateway;
    const original = gateway.createTransaction.bind(gateway);
    let calls = 0;
    const spy = vi.spyOn(gateway, 'createTransaction').mockImplementation(async (input: CreateTransactionInput) => {
      const n = ++calls;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (n % 4 === 0) throw new GatewayError('down');
      return original(input);
    });
    const responses = await Promise.all(Array.from({ length: 60 }, () => postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }))));
    spy.mockRestore();
    const codes = responses.map((r) => r.statusCode);
    expect(new Set(codes).size).toBeLessThanOrEqual(3);
    for (const c of codes) expect([201, 409, 502]).toContain(c);
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(created.length).toBeLessThanOrEqual(slots);
    for (const r of created) expect(json<Created>(r).payment_url).toMatch(/^http/);
    const live = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.status, 'pending'));
    expect(live).toHaveLength(created.length);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(created.length);
    const canceled = await t.database.db.select().from(orders).where(eq(orders.status, 'canceled'));
    expect(canceled).toHaveLength(codes.filter((c) => c === 502).length);
  });
});
