import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orders, paymentNotifications } from '../../db/schema/payments';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { startFakeMidtrans, type FakeMidtrans } from '../../test/fixtures/fake-midtrans';
import { notificationLog, postNotification, readOrder, recordHooks, rejectionLog, sampleOrder, type HookLog } from '../../test/fixtures/payments';
import { NOTIFICATION_BODY_MAX_BYTES } from './service';

/**
 * Attacks on the webhook by someone who captured genuine notifications (a proxy log, a shared
 * dashboard URL). Midtrans signs order_id + status_code + gross_amount, not transaction_status.
 */
describe('payment notification attacks (fake Midtrans on 127.0.0.1)', () => {
  let t: TestApp;
  let fake: FakeMidtrans;
  let hooks: HookLog;

  beforeAll(async () => {
    fake = await startFakeMidtrans();
    t = await buildTestApp({
      env: { MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_SNAP_URL: fake.url, MIDTRANS_API_URL: fake.url, PAYMENT_EXPIRY_SWEEP_SECONDS: '0' },
    });
    hooks = recordHooks(t);
  });
  beforeEach(async () => {
    await t.reset();
    fake.reset();
    hooks.clear();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** As if a minute passed: the gateway is asked again about claims it did not confirm. */
  const aMinuteLater = () => t.database.db.update(paymentNotifications).set({ lastReceivedAt: sql`last_received_at - interval '61 seconds'` });
  const statusRequests = () => fake.requests.filter((r) => r.method === 'GET').length;

  /** What Midtrans' status API answers for an order in `status`. */
  const statusReply = (orderId: string, transactionStatus: string, grossAmount = '150000.00', statusCode = '200') => ({
    status: 200,
    body: {
      status_code: statusCode,
      status_message: 'Success, transaction is found',
      transaction_id: '0c8b481d-8b99-4c6a-b735-aec18be92f28',
      order_id: orderId,
      gross_amount: grossAmount,
      currency: 'IDR',
      payment_type: 'bank_transfer',
      transaction_time: '2027-05-21 10:00:00',
      transaction_status: transactionStatus,
      fraud_status: 'accept',
    },
  });

  it("refuses a captured 'pending' notification re-sent as 'settlement' (the status code does not match)", async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const pending = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'pending', grossAmount: 150_000 });
    expect(pending.status_code).toBe('201');
    fake.setStatusReply(order.gatewayRef, statusReply(order.gatewayRef, 'pending', '150000.00', '201'));
    const res = await postNotification(t, { ...pending, transaction_status: 'settlement' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'STATUS_CODE_MISMATCH', message: 'Kode status notifikasi tidak sesuai dengan status transaksinya.' });
    expect((await readOrder(t, order.id)).status).toBe('pending');
    expect(hooks.fulfilled).toHaveLength(0);
    expect(fake.requests.some((r) => r.method === 'GET')).toBe(false); // refused before anything else
    expect(await notificationLog(t)).toEqual([]);
    expect(await rejectionLog(t)).toEqual([
      expect.objectContaining({ reason: 'status_code_mismatch', orderId: order.id, claimedStatus: 'settlement', claimedStatusCode: '201', count: 1 }),
    ]);
  });

  it("refuses a captured 'authorize' (200) re-sent as 'settlement' when the gateway says it is only authorized", async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const authorize = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'authorize', grossAmount: 150_000, statusCode: '200', paymentType: 'credit_card' });
    fake.setStatusReply(order.gatewayRef, statusReply(order.gatewayRef, 'authorize'));
    const res = await postNotification(t, { ...authorize, transaction_status: 'settlement' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOTIFICATION_NOT_CONFIRMED' });
    expect((await readOrder(t, order.id)).status).toBe('pending');
    expect(hooks.fulfilled).toHaveLength(0);
    expect(fake.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([`/v2/${order.gatewayRef}/status`]);
    expect(await notificationLog(t)).toEqual([
      expect.objectContaining({ verified: true, outcome: 'unconfirmed', transactionStatus: 'settlement', confirmedStatus: 'authorize', orderId: order.id }),
    ]);
  });

  it("refuses a paid order's captured settlement re-sent as 'refund' while the gateway still says settlement", async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const settlement = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 150_000 });
    fake.setStatusReply(order.gatewayRef, statusReply(order.gatewayRef, 'settlement'));
    expect((await postNotification(t, settlement)).statusCode).toBe(200);
    expect((await readOrder(t, order.id)).status).toBe('paid');

    for (const swapped of ['refund', 'chargeback']) {
      const res = await postNotification(t, { ...settlement, transaction_status: swapped });
      expect(res.statusCode, swapped).toBe(409);
    }
    expect((await readOrder(t, order.id)).status).toBe('paid');
    expect(hooks.fulfilled).toHaveLength(1);
  });

  it("refuses a captured 'deny' re-sent as 'cancel' or 'expire', which would release the payer's slot", async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const deny = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'deny', grossAmount: 150_000 });
    fake.setStatusReply(order.gatewayRef, statusReply(order.gatewayRef, 'deny', '150000.00', '202'));
    expect((await postNotification(t, deny)).statusCode).toBe(200);
    expect((await readOrder(t, order.id)).status).toBe('failed');
    for (const swapped of ['cancel', 'expire']) {
      expect((await postNotification(t, { ...deny, transaction_status: swapped })).statusCode, swapped).toBe(409);
    }
    expect((await readOrder(t, order.id)).status).toBe('failed');
    expect(hooks.expired).toHaveLength(0);
  });

  it('applies nothing when the status API reports another amount than the order', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    fake.setStatusReply(order.gatewayRef, statusReply(order.gatewayRef, 'settlement', '1000.00'));
    const res = await postNotification(t, fake.notification({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 150_000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AMOUNT_MISMATCH' });
    expect((await readOrder(t, order.id)).status).toBe('pending');
    expect(hooks.fulfilled).toHaveLength(0);
  });

  it('applies nothing (503, so the gateway retries) when the status API answers for another order', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    fake.setStatusReply(order.gatewayRef, statusReply('REG-someone-else', 'settlement'));
    const res = await postNotification(t, fake.notification({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 150_000 }));
    expect(res.statusCode).toBe(503);
    expect((await readOrder(t, order.id)).status).toBe('pending');
    expect(hooks.fulfilled).toHaveLength(0);
    expect((await notificationLog(t))[0]).toMatchObject({ outcome: 'confirmation_failed', orderId: order.id });
  });

  it('answers 503 while the status API cannot be reached, applies nothing, and applies the retry once', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const settlement = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 150_000 });
    fake.setStatusReply(order.gatewayRef, { status: 502, body: { status_code: '500', status_message: 'Sorry, we encountered internal server error.' } });
    const res = await postNotification(t, settlement);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'NOTIFICATION_RETRY' });
    expect((await readOrder(t, order.id)).status).toBe('pending');
    expect(hooks.fulfilled).toHaveLength(0);

    // the same body again at once: the last answer, without asking
    expect((await postNotification(t, settlement)).statusCode).toBe(503);
    expect(statusRequests()).toBe(1);

    await aMinuteLater(); // Midtrans retries minutes apart
    fake.setStatusReply(order.gatewayRef, { status: 0, body: null }); // connection dropped
    expect((await postNotification(t, settlement)).statusCode).toBe(503);
    expect((await readOrder(t, order.id)).status).toBe('pending');

    await aMinuteLater();
    fake.setStatusReply(order.gatewayRef, statusReply(order.gatewayRef, 'settlement'));
    expect((await postNotification(t, settlement)).statusCode).toBe(200);
    expect((await postNotification(t, settlement)).statusCode).toBe(200);
    expect((await readOrder(t, order.id)).status).toBe('paid');
    expect(hooks.fulfilled).toHaveLength(1);
    expect(statusRequests()).toBe(3);
    expect((await notificationLog(t)).map((l) => [l.outcome, l.count]).sort()).toEqual([
      ['applied', 1],
      ['confirmation_failed', 3],
      ['duplicate', 1],
    ]);
  });

  it('answers an identical replay of an unconfirmed notification without asking the gateway again, and never holds back a genuine one', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const authorize = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'authorize', grossAmount: 150_000, paymentType: 'credit_card' });
    fake.setTransaction(order.gatewayRef, { transactionStatus: 'authorize', grossAmount: 150_000, paymentType: 'credit_card' });
    const swapped = { ...authorize, transaction_status: 'settlement' };
    for (let i = 0; i < 10; i++) expect((await postNotification(t, swapped)).statusCode).toBe(409);
    expect(statusRequests()).toBe(1);
    expect((await notificationLog(t)).map((l) => [l.outcome, l.confirmedStatus, l.count])).toEqual([['unconfirmed', 'authorize', 10]]);
    // Midtrans captures the card and notifies: another body, asked about and applied at once
    expect((await postNotification(t, fake.notify({ orderId: order.gatewayRef, transactionStatus: 'capture', grossAmount: 150_000, paymentType: 'credit_card' }))).statusCode).toBe(200);
    expect(statusRequests()).toBe(2);
    expect((await readOrder(t, order.id)).status).toBe('paid');
    expect(hooks.fulfilled).toHaveLength(1);
  });

  it('applies what the status API says when it differs from the claim but is itself a change', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    // an 'expire' notification (202) arrives, but the payer paid at the last second
    const expire = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'expire', grossAmount: 150_000 });
    fake.setTransaction(order.gatewayRef, { transactionStatus: 'settlement', grossAmount: 150_000, paymentType: 'gopay' });
    expect((await postNotification(t, expire)).statusCode).toBe(200);
    expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', paymentType: 'gopay' });
    expect(hooks.fulfilled).toHaveLength(1);
    expect(hooks.expired).toHaveLength(0);
    expect((await notificationLog(t))[0]).toMatchObject({ outcome: 'applied', transactionStatus: 'expire', confirmedStatus: 'settlement' });
  });

  it('holds no lock on the order while it waits for the status API', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const settlement = fake.notify({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 150_000 });
    const gate = fake.pauseNextStatus();
    const pending = postNotification(t, settlement);
    await gate.reached;
    // While the webhook waits on the gateway, another transaction can lock (and change) the order row.
    const locked = t.database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update', { noWait: true });
      await tx.update(orders).set({ description: 'dikunci sebentar' }).where(eq(orders.id, order.id));
      return row!.status;
    });
    const outcome = await Promise.race([locked, new Promise((resolve) => setTimeout(() => resolve('timed out: the row was locked'), 5_000))]);
    expect(outcome).toBe('pending');
    gate.release();
    expect((await pending).statusCode).toBe(200);
    expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', description: 'dikunci sebentar' });
  });

  it('applies no change it did not confirm when the order moved between the check and the lock (503, the retry is confirmed)', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    await postNotification(t, fake.notify({ orderId: order.gatewayRef, transactionStatus: 'deny', grossAmount: 150_000 }));
    const failed = await readOrder(t, order.id);
    expect(failed.status).toBe('failed');
    fake.requests.length = 0;
    // The payer retries: Midtrans says pending. The webhook's first look (stale: still 'pending') sees no change to confirm.
    const retry = fake.notify({ orderId: order.gatewayRef, transactionStatus: 'pending', grossAmount: 150_000 });
    const spy = vi.spyOn(t.app.payments, 'findOrderByRef').mockResolvedValueOnce({ ...failed, status: 'pending' });
    try {
      const res = await postNotification(t, retry);
      expect(res.statusCode).toBe(503);
      expect((await readOrder(t, order.id)).status).toBe('failed');
      expect(fake.requests.some((r) => r.method === 'GET')).toBe(false);
    } finally {
      spy.mockRestore();
    }
    await aMinuteLater(); // Midtrans retries minutes apart
    expect((await postNotification(t, retry)).statusCode).toBe(200);
    expect((await readOrder(t, order.id)).status).toBe('pending');
  });

  it('a flood of large rejected notifications from one address adds counts, not rows or bodies', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const padding = 'x'.repeat(60 * 1024);
    const post = (payload: unknown, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/notification', payload: payload as Record<string, string>, remoteAddress });
    const flood = 120;
    for (let i = 0; i < flood; i++) {
      // forged (aimed at a real order, or at made-up ones, each a different ref), unreadable, or with a swapped status
      const kind = i % 4;
      const orderId = kind === 1 ? `REG-made-up-${i}` : order.gatewayRef;
      const signed = fake.notification({ orderId, transactionStatus: 'pending', grossAmount: kind === 2 ? 'banyak' : 150_000, signWith: kind < 2 ? `guess-${i}` : undefined });
      const payload = kind === 3 ? { ...signed, transaction_status: 'settlement' } : signed;
      const res = await post({ ...payload, padding }, '203.0.113.7');
      expect(res.statusCode).toBe(kind < 2 ? 401 : 400);
    }
    // another address gets its own rows
    expect((await post({ ...fake.notification({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 1, signWith: 'x' }), padding }, '198.51.100.9')).statusCode).toBe(401);

    expect(await notificationLog(t)).toEqual([]); // the audit of verified notifications holds none of it
    const rows = await rejectionLog(t);
    const summary = rows.map((r) => [r.sender, r.reason, r.orderId === order.id ? 'our order' : (r.orderId ?? 'no order'), r.count]).sort();
    expect(summary).toEqual([
      ['198.51.100.9', 'forged', 'our order', 1],
      ['203.0.113.7', 'forged', 'no order', flood / 4], // 30 different made-up refs share one row
      ['203.0.113.7', 'forged', 'our order', flood / 4],
      ['203.0.113.7', 'malformed', 'our order', flood / 4],
      ['203.0.113.7', 'status_code_mismatch', 'our order', flood / 4],
    ]);
    const madeUp = rows.find((r) => r.orderId === null)!;
    expect(madeUp.claimedOrderRef).toBe(`REG-made-up-${flood - 3}`); // the latest claim, as a sample
    expect(madeUp.bodyBytes).toBeGreaterThan(60 * 1024); // its size is recorded, not its content
    const stored = await t.database.db.execute(sql`select coalesce(sum(pg_column_size(t.*)), 0)::int as bytes from payment_notification_rejections t`);
    expect((stored as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes).toBeLessThan(5 * 1024);
    expect((await readOrder(t, order.id)).status).toBe('pending');
  });

  it('a replayed genuine notification adds to one audit entry; a huge genuine body is kept as a bounded summary', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const settlement = { ...fake.notify({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 150_000 }), padding: 'y'.repeat(40 * 1024) };
    for (let i = 0; i < 30; i++) expect((await postNotification(t, settlement)).statusCode).toBe(200);
    const log = await notificationLog(t);
    expect(log.map((l) => [l.outcome, l.count])).toEqual([
      ['applied', 1],
      ['duplicate', 29],
    ]);
    expect(log[1]!.lastReceivedAt.getTime()).toBeGreaterThanOrEqual(log[1]!.receivedAt.getTime());
    const body = log[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ order_id: order.gatewayRef, transaction_status: 'settlement', status_code: '200', gross_amount: '150000.00' });
    expect(body).not.toHaveProperty('padding');
    expect(body._truncated).toEqual({ bytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(body).length).toBeLessThan(NOTIFICATION_BODY_MAX_BYTES);
    expect(hooks.fulfilled).toHaveLength(1);
  });

  it('keeps rejection summaries for 90 days', async () => {
    await postNotification(t, fake.notification({ orderId: 'REG-x', transactionStatus: 'settlement', grossAmount: 1, signWith: 'x' }));
    const [row] = await rejectionLog(t);
    expect(await t.app.payments.pruneRejectedNotifications(new Date(row!.lastAt.getTime() + 89 * 86_400_000))).toBe(0);
    expect(await t.app.payments.pruneRejectedNotifications(new Date(row!.lastAt.getTime() + 91 * 86_400_000))).toBe(1);
    expect(await rejectionLog(t)).toEqual([]);
  });
});
