import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startFakeMidtrans, type FakeMidtrans } from '../../test/fake-midtrans';
import { notificationLog, postNotification, readOrder, recordHooks, sampleOrder, type HookLog } from './payment-test-helpers';

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
    expect(res.json()).toMatchObject({ code: 'STATUS_CODE_MISMATCH' });
    expect((await readOrder(t, order.id)).status).toBe('pending');
    expect(hooks.fulfilled).toHaveLength(0);
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

    fake.setStatusReply(order.gatewayRef, statusReply(order.gatewayRef, 'settlement'));
    expect((await postNotification(t, settlement)).statusCode).toBe(200);
    expect((await postNotification(t, settlement)).statusCode).toBe(200);
    expect((await readOrder(t, order.id)).status).toBe('paid');
    expect(hooks.fulfilled).toHaveLength(1);
  });

  it('a flood of large forged notifications from one address adds counts, not rows or bodies', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const padding = 'x'.repeat(60 * 1024);
    const forged = (i: number, orderId: string) => ({
      ...fake.notification({ orderId, transactionStatus: 'settlement', grossAmount: 150_000, signWith: `guess-${i}` }),
      padding,
    });
    for (let i = 0; i < 60; i++) {
      // half aimed at a real order, half at made-up ones (each a different ref)
      const orderId = i % 2 === 0 ? order.gatewayRef : `REG-made-up-${i}`;
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/notification', payload: forged(i, orderId), remoteAddress: '203.0.113.7' });
      expect(res.statusCode).toBe(401);
    }
    expect(await notificationLog(t)).toHaveLength(0); // the audit of verified notifications holds none of it
    const stored = await t.database.db.execute<{ bytes: number }>(
      // every rejected-notification table together: bounded, no 60 KB bodies
      `select coalesce(sum(pg_column_size(t.*)), 0)::int as bytes from payment_notification_rejections t`,
    );
    const bytes = (stored as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes;
    expect(bytes).toBeLessThan(4 * 1024);
    expect((await readOrder(t, order.id)).status).toBe('pending');
  });
});
