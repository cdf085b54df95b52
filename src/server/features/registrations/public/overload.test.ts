import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateTransactionInput } from '../../../adapters/payments/port';
import { runnerRegistrations } from '../../../db/schema/registrations';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { freshRunner, insertEvent, postRegistration, readCategory, registrationPayload } from '../../../test/fixtures/registrations';
import { REGISTRATION_BUSY_RETRY_AFTER_SECONDS, registrationBusy } from './admission';

/**
 * Issue 12 item 4: past what one server takes (here 1 at once, 1 waiting up to 4 s), registrations
 * are answered 503 REGISTRATION_BUSY with Retry-After at once — never a 500 — and nothing is oversold.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('registration overload: a bounded queue, then 503 with Retry-After', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_CONCURRENCY: '1', REGISTRATION_QUEUE_MAX: '1', REGISTRATION_QUEUE_WAIT_MS: '4000' },
    });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /** The reservation waits until the test lets it: the admitted registration holds its turn until then. */
  function heldReservation() {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const payments = t.app.payments;
    const original = payments.storeOrder.bind(payments);
    const spy = vi.spyOn(payments, 'storeOrder').mockImplementation(async (...args: Parameters<typeof payments.storeOrder>) => {
      await opened;
      return original(...args);
    });
    return { open, spy };
  }

  /** The gateway answers only once the test lets it (a slow Snap call). */
  function heldGateway() {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const gateway = t.app.payments.gateway;
    const original = gateway.createTransaction.bind(gateway);
    const spy = vi.spyOn(gateway, 'createTransaction').mockImplementation(async (input: CreateTransactionInput) => {
      await opened;
      return original(input);
    });
    return { open, spy };
  }

  let refusedSoFar = 0;
  async function rush(event: Parameters<typeof registrationPayload>[0], count: number) {
    refusedSoFar = 0;
    return Promise.all(
      Array.from({ length: count }, () =>
        postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() })).then((res) => {
          if (res.statusCode === 503) refusedSoFar++;
          return res;
        }),
      ),
    );
  }

  async function expectSoldEqualsLive(categoryId: string) {
    const live = (await t.database.db.select({ status: runnerRegistrations.status }).from(runnerRegistrations)).filter((r) =>
      !['canceled', 'expired'].includes(r.status),
    ).length;
    expect((await readCategory(t, categoryId)).sold).toBe(live);
    return live;
  }

  it('ten at once: one runs, one waits its turn and succeeds, eight get 503 with Retry-After and the calm message; sold equals the live registrations', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 100 }] });
    const gateway = heldReservation();
    const pending = rush(event, 10);
    // The refusals come back while the first registration still holds its turn.
    await vi.waitFor(() => expect(refusedSoFar).toBe(8), { timeout: 10_000, interval: 20 });
    gateway.open();
    const answers = await pending;
    gateway.spy.mockRestore();

    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 503, 503, 503, 503, 503, 503, 503, 503]);
    for (const busy of answers.filter((a) => a.statusCode === 503)) {
      expect(json(busy)).toMatchObject(registrationBusy);
      expect(busy.headers['retry-after']).toBe(String(REGISTRATION_BUSY_RETRY_AFTER_SECONDS));
    }
    expect(await expectSoldEqualsLive(categories[0]!.id)).toBe(2);

    // The turns were given back: the next runner is served.
    const later = await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }));
    expect(later.statusCode).toBe(201);
  });

  it('a waiter whose turn does not come within REGISTRATION_QUEUE_WAIT_MS gets 503, never a 500', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 100 }] });
    const gateway = heldReservation();
    const started = Date.now();
    const first = postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }));
    const waiter = await sleep(20).then(() => postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() })));
    const waited = Date.now() - started;
    gateway.open();
    const admitted = await first;
    gateway.spy.mockRestore();
    expect(admitted.statusCode).toBe(201);
    expect(waiter.statusCode).toBe(503);
    expect(json(waiter)).toMatchObject(registrationBusy);
    expect(waiter.headers['retry-after']).toBe(String(REGISTRATION_BUSY_RETRY_AFTER_SECONDS));
    expect(waited).toBeGreaterThanOrEqual(4_000);
    expect(await expectSoldEqualsLive(categories[0]!.id)).toBe(1);
  });

  it('the turn goes back once the slot is reserved: a slow gateway does not hold the next runner', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 100 }] });
    const gateway = heldGateway();
    // One at a time through the gate; each waits at the held gateway after reserving.
    const pending = Promise.all([0, 1, 2].map((i) => sleep(i * 30).then(() => postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() })))));
    await vi.waitFor(() => expect(gateway.spy).toHaveBeenCalledTimes(3), { timeout: 10_000, interval: 20 });
    gateway.open();
    const answers = await pending;
    gateway.spy.mockRestore();
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(await expectSoldEqualsLive(categories[0]!.id)).toBe(3);
  });
});
