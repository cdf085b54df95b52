import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMidtransGateway } from './midtrans';
import { createSandboxGateway, recordSandboxTransaction, sandboxKey } from './sandbox';
import { GatewayError } from './port';
import { orderRefunds, orders } from '../../db/schema/payments';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { startFakeMidtrans, type FakeMidtrans } from '../../test/fixtures/fake-midtrans';
import { readOrder, recordHooks, sampleOrder } from '../../test/fixtures/payments';
import { refundKeyOf, refundMessages } from '../../features/payments/service';
import type { OrderRow } from '../../db/schema/payments';

/** Refunds through the payment module (decision 021): the Midtrans adapter against the fake, the sandbox, and refundOrder. */
describe('refunds through Midtrans (fake Midtrans on 127.0.0.1)', () => {
  let t: TestApp;
  let fake: FakeMidtrans;
  let refunded: OrderRow[];

  beforeAll(async () => {
    fake = await startFakeMidtrans();
    t = await buildTestApp({
      env: { MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_SNAP_URL: fake.url, MIDTRANS_API_URL: fake.url, PAYMENT_EXPIRY_SWEEP_SECONDS: '0' },
    });
    recordHooks(t);
    t.app.payments.registerOnRefunded('registration', async (_tx, order) => void refunded.push(order), { replace: true });
  });
  beforeEach(async () => {
    await t.reset();
    fake.reset();
    refunded = [];
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const gateway = () =>
    createMidtransGateway({ serverKey: fake.serverKey, clientKey: null, production: false, snapUrl: fake.url, apiUrl: fake.url, notificationUrl: null });

  /** A paid order: opened at the fake, settled there and notified. */
  async function paidOrder(amount = 160_000) {
    const { order } = await t.app.payments.createOrder(sampleOrder({ amount }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notification',
      payload: fake.notify({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: amount, paymentType: 'gopay' }),
    });
    expect(res.statusCode).toBe(200);
    return readOrder(t, order.id);
  }

  describe('the adapter', () => {
    it('POSTs /v2/{order_id}/refund with refund_key, amount and reason (Basic auth) and reads the answer', async () => {
      fake.setTransaction('REG-a', { transactionStatus: 'settlement', grossAmount: 160_000, paymentType: 'gopay' });
      const result = await gateway().refundTransaction('REG-a', 150_000, 'Pelari cedera', 'REG-a-RF');
      const req = fake.requests.at(-1)!;
      expect(req).toMatchObject({ method: 'POST', path: '/v2/REG-a/refund', body: { refund_key: 'REG-a-RF', amount: 150_000, reason: 'Pelari cedera' } });
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.serverKey}:`).toString('base64')}`);
      expect(result).toEqual({ orderRef: 'REG-a', refundKey: 'REG-a-RF', amount: 150_000, gatewayStatus: 'partial_refund', refundId: String(fake.refundsOf('REG-a')[0]!.id) });
      expect(fake.refundsOf('REG-a')).toHaveLength(1);
    });

    it('a replay with the same refund_key refunds once and answers the first refund', async () => {
      fake.setTransaction('REG-b', { transactionStatus: 'settlement', grossAmount: 160_000, paymentType: 'gopay' });
      const first = await gateway().refundTransaction('REG-b', 160_000, 'Event dibatalkan', 'REG-b-RF');
      const again = await gateway().refundTransaction('REG-b', 160_000, 'Event dibatalkan', 'REG-b-RF');
      expect(again).toEqual(first);
      expect(first.gatewayStatus).toBe('refund');
      expect(fake.refundsOf('REG-b')).toHaveLength(1);
    });

    it('recognises a refund Midtrans made whose answer was lost (the retry is refused, the status API lists it)', async () => {
      fake.setTransaction('REG-c', { transactionStatus: 'settlement', grossAmount: 160_000, paymentType: 'gopay' });
      fake.failNextRefund({ status: 0, body: null }, { applied: true });
      await expect(gateway().refundTransaction('REG-c', 160_000, 'x', 'REG-c-RF')).rejects.toBeInstanceOf(GatewayError);
      // A new key for a transaction refunded in full is refused; the same key is the same refund.
      await expect(gateway().refundTransaction('REG-c', 160_000, 'x', 'OTHER-KEY')).rejects.toBeInstanceOf(GatewayError);
      const retried = await gateway().refundTransaction('REG-c', 160_000, 'x', 'REG-c-RF');
      expect(retried).toMatchObject({ refundKey: 'REG-c-RF', amount: 160_000 });
      expect(fake.refundsOf('REG-c')).toHaveLength(1);
    });

    it('throws GatewayError when Midtrans refuses (not settled, 412) or cannot be reached', async () => {
      fake.setTransaction('REG-d', { transactionStatus: 'pending', grossAmount: 160_000 });
      await expect(gateway().refundTransaction('REG-d', 160_000, 'x', 'REG-d-RF')).rejects.toThrow('Midtrans menolak pengembalian dana.');
      const unreachable = createMidtransGateway({ serverKey: 'k', clientKey: null, production: false, snapUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1', notificationUrl: null });
      await expect(unreachable.refundTransaction('REG-d', 1000, 'x', 'REG-d-RF')).rejects.toBeInstanceOf(GatewayError);
      await expect(gateway().refundTransaction('REG-d', 1000, 'x', 'bad key!')).rejects.toBeInstanceOf(GatewayError);
    });
  });

  describe('payments.refundOrder', () => {
    it('refunds the amount asked, marks the order refunded and runs the refund hook once; a replay moves no money', async () => {
      const order = await paidOrder();
      const first = await t.app.payments.refundOrder(order.id, { amount: 150_000, reason: 'Dibatalkan penyelenggara' });
      expect(first.replayed).toBe(false);
      expect(first.order.status).toBe('refunded');
      expect(first.refund).toMatchObject({ status: 'succeeded', amount: 150_000, refundKey: refundKeyOf(order), gatewayRefundId: expect.stringMatching(/^\d+$/) });
      expect(fake.refundsOf(order.gatewayRef)).toEqual([expect.objectContaining({ amount: 150_000, refundKey: `${order.gatewayRef}-RF` })]);
      expect(refunded.map((o) => o.id)).toEqual([order.id]);

      const again = await t.app.payments.refundOrder(order.id, { amount: 160_000, reason: 'lagi' });
      expect(again.replayed).toBe(true);
      expect(again.refund.amount).toBe(150_000);
      expect(fake.refundsOf(order.gatewayRef)).toHaveLength(1);
      expect(refunded).toHaveLength(1);
    });

    it('runs inTransaction with the refunded order (also on a replay) so the caller records it in the same transaction', async () => {
      const order = await paidOrder();
      const seen: string[] = [];
      await t.app.payments.refundOrder(order.id, { amount: 160_000, reason: 'x', inTransaction: async (_tx, o) => void seen.push(o.status) });
      await t.app.payments.refundOrder(order.id, { amount: 160_000, reason: 'x', inTransaction: async (_tx, o) => void seen.push(o.status) });
      expect(seen).toEqual(['refunded', 'refunded']);
    });

    it('a gateway refusal is a clear 502 with nothing changed; the retry sends the same key and amount', async () => {
      const order = await paidOrder();
      fake.failNextRefund({ status: 200, body: { status_code: '412', status_message: 'Merchant cannot modify status of the transaction' } });
      const err = await t.app.payments.refundOrder(order.id, { amount: 150_000, reason: 'x' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ statusCode: 502, code: 'REFUND_FAILED', message: refundMessages.gatewayFailed });
      expect((await readOrder(t, order.id)).status).toBe('paid');
      expect(refunded).toHaveLength(0);
      const [attempt] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
      expect(attempt).toMatchObject({ status: 'failed', amount: 150_000 });

      const retried = await t.app.payments.refundOrder(order.id, { amount: 160_000, reason: 'y' });
      expect(retried.order.status).toBe('refunded');
      expect(fake.refundsOf(order.gatewayRef)).toEqual([expect.objectContaining({ amount: 150_000, refundKey: refundKeyOf(order) })]);
    });

    it('an answer lost after Midtrans refunded: the retry completes it without a second refund', async () => {
      const order = await paidOrder();
      fake.failNextRefund({ status: 0, body: null }, { applied: true });
      await expect(t.app.payments.refundOrder(order.id, { amount: 160_000, reason: 'x' })).rejects.toMatchObject({ statusCode: 502 });
      expect((await readOrder(t, order.id)).status).toBe('paid');
      const retried = await t.app.payments.refundOrder(order.id, { amount: 160_000, reason: 'x' });
      expect(retried).toMatchObject({ replayed: false, order: { status: 'refunded' } });
      expect(fake.refundsOf(order.gatewayRef)).toHaveLength(1);
    });

    it('refuses an unpaid order (409) and an amount above the order (400) without asking Midtrans', async () => {
      const { order: pending } = await t.app.payments.createOrder(sampleOrder());
      await expect(t.app.payments.refundOrder(pending.id, { amount: 1000, reason: 'x' })).rejects.toMatchObject({ statusCode: 409, code: 'ORDER_NOT_PAID' });
      const paid = await paidOrder();
      await expect(t.app.payments.refundOrder(paid.id, { amount: 160_001, reason: 'x' })).rejects.toMatchObject({ statusCode: 400 });
      await expect(t.app.payments.refundOrder(paid.id, { amount: 0, reason: 'x' })).rejects.toMatchObject({ statusCode: 400 });
      expect(fake.requests.filter((r) => r.path.endsWith('/refund'))).toHaveLength(0);
    });

    it('cancelOpenOrder closes an unpaid order at Midtrans and here (expiry hook), or applies one paid meanwhile', async () => {
      const hooks = recordHooks(t);
      const { order } = await t.app.payments.createOrder(sampleOrder());
      expect(await t.app.payments.cancelOpenOrder(order.id)).toBe('canceled');
      expect((await readOrder(t, order.id)).status).toBe('canceled');
      expect(hooks.expired.map((o) => o.id)).toEqual([order.id]);
      expect(fake.requests.some((r) => r.path === `/v2/${order.gatewayRef}/expire`)).toBe(true);

      const { order: late } = await t.app.payments.createOrder(sampleOrder());
      fake.setExpireReply(late.gatewayRef, { status: 200, body: { status_code: '412' } });
      fake.setTransaction(late.gatewayRef, { transactionStatus: 'settlement', grossAmount: 150_000 });
      expect(await t.app.payments.cancelOpenOrder(late.id)).toBe('paid');
      expect((await readOrder(t, late.id)).status).toBe('paid');
      expect(await t.app.payments.cancelOpenOrder(late.id)).toBe('paid');
    });
  });
});

describe('refunds through the built-in sandbox gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
    recordHooks(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('refunds a settled sandbox transaction once per key, refuses an unpaid one, and refundOrder marks the order refunded', async () => {
    const gateway = createSandboxGateway({ publicUrl: t.config.publicUrl, key: sandboxKey(t.config.jwtSecret), db: t.database.db });
    const key = sandboxKey(t.config.jwtSecret);
    await recordSandboxTransaction(t.database.db, key, { orderRef: 'REG-s1', amount: 160_000, transactionStatus: 'pending', paymentType: 'gopay' });
    await expect(gateway.refundTransaction('REG-s1', 1000, 'x', 'REG-s1-RF')).rejects.toBeInstanceOf(GatewayError);
    await recordSandboxTransaction(t.database.db, key, { orderRef: 'REG-s1', amount: 160_000, transactionStatus: 'settlement', paymentType: 'gopay' });
    const first = await gateway.refundTransaction('REG-s1', 150_000, 'x', 'REG-s1-RF');
    expect(first).toMatchObject({ amount: 150_000, gatewayStatus: 'partial_refund' });
    expect(await gateway.refundTransaction('REG-s1', 150_000, 'x', 'REG-s1-RF')).toEqual(first);
    await expect(gateway.refundTransaction('REG-s1', 10_000, 'x', 'ANOTHER')).rejects.toBeInstanceOf(GatewayError);

    // Through the payment module: pay at the sandbox, then refund.
    const { order } = await t.app.payments.createOrder(sampleOrder({ amount: 160_000 }));
    const notification = await recordSandboxTransaction(t.database.db, key, { orderRef: order.gatewayRef, amount: 160_000, transactionStatus: 'settlement', paymentType: 'gopay' });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/notification', payload: notification })).statusCode).toBe(200);
    const done = await t.app.payments.refundOrder(order.id, { amount: 160_000, reason: 'Event dibatalkan' });
    expect(done.order.status).toBe('refunded');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('refunded');
    expect((await gateway.getTransactionStatus(order.gatewayRef))?.gatewayStatus).toBe('refund');
  });
});
