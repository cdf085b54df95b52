import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxKey, sandboxNotification } from '../../adapters/payments/sandbox';
import { orders } from '../../db/schema/payments';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { notificationLog, postNotification, readOrder, recordHooks, sampleOrder, sandboxEvent, type HookLog } from '../../test/fixtures/payments';
import { formatDeadline } from './sandbox-page';
import { OPENING_GRACE_MINUTES } from './service';

describe('built-in sandbox gateway (no Midtrans key)', () => {
  let t: TestApp;
  let hooks: HookLog;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
    hooks = recordHooks(t);
  });
  beforeEach(async () => {
    await t.reset();
    hooks.clear();
  });
  afterAll(() => t.close());

  const pathOf = (paymentUrl: string) => new URL(paymentUrl).pathname;
  const submit = (paymentUrl: string, form: string) =>
    t.app.inject({
      method: 'POST',
      url: pathOf(paymentUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });

  it('is the default: payment_url opens our own checkout page', async () => {
    expect(t.config.midtrans).toBeNull();
    const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
    expect(order.gateway).toBe('sandbox');
    expect(payment_url).toBe(`http://localhost:3000/api/payments/sandbox/${order.gatewayRef}`);
    expect(order.paymentUrl).toBe(payment_url);
  });

  it("stores the order in the caller's transaction when given one (it rolls back with it), opened only after", async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        await t.app.payments.storeOrder(sampleOrder(), { tx: tx });
        throw new Error('slot taken meanwhile');
      }),
    ).rejects.toThrow('slot taken meanwhile');
    expect(await db.select().from(orders)).toHaveLength(0);
    const stored = await db.transaction(async (tx) => t.app.payments.storeOrder(sampleOrder(), { tx: tx }));
    // Stored, not opened: no page yet, and only the opening grace before the sweep may close it.
    expect(stored.order).toMatchObject({ status: 'pending', paymentUrl: null });
    expect(stored.order.expiresAt.getTime() - stored.order.createdAt.getTime()).toBe(OPENING_GRACE_MINUTES * 60_000);
    const opened = await t.app.payments.openOrder(stored);
    expect(await db.select().from(orders)).toEqual([expect.objectContaining({ id: stored.order.id, paymentUrl: opened.payment_url })]);
    // Opened: the order's whole time, counted from its creation.
    expect(opened.order.expiresAt.getTime() - opened.order.createdAt.getTime()).toBe(sampleOrder().expiresInMinutes * 60_000);
  });

  it('refuses a second hook for the same kind unless it is meant to replace the first', () => {
    expect(() => t.app.payments.registerFulfilment('registration', async () => {})).toThrow(/already registered/);
    expect(() => t.app.payments.registerOnExpired('registration', async () => {})).toThrow(/already registered/);
  });

  it('renders an Indonesian, phone-sized checkout with the item, the amount, the offered methods, the deadline and both buttons', async () => {
    const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
    const res = await t.app.inject({ method: 'GET', url: pathOf(payment_url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.body;
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('Derap Run 2027 — 10K');
    expect(html).toContain('Rp150.000');
    expect(html).toContain(order.gatewayRef);
    expect(html).toContain(`Bayar sebelum ${formatDeadline(order.expiresAt)}`);
    expect(html).toMatch(/\d{2}\.\d{2} WIB/);
    expect(html).not.toContain('GMT');
    expect(html).toContain('>Bayar</button>');
    expect(html).toContain('>Gagalkan pembayaran</button>');
    // only the methods the order offers, the first one chosen
    expect(html).toContain('value="bni_va" checked> BNI Virtual Account');
    expect(html).toContain('value="gopay"> GoPay');
    expect(html).not.toContain('value="bri_va"');
  });

  it('escapes what it shows', async () => {
    const { payment_url } = await t.app.payments.createOrder(sampleOrder({ description: '<script>alert("x")</script> Lari & Co' }));
    const html = (await t.app.inject({ method: 'GET', url: pathOf(payment_url) })).body;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Lari &amp; Co');
  });

  it("'Bayar' sends the signed settlement through the webhook: paid once, then back to the finish URL with Midtrans' query", async () => {
    const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
    const res = await submit(payment_url, 'action=pay&method=gopay');
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/registration-success');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      id: 'reg-1',
      order_id: order.gatewayRef,
      status_code: '200',
      transaction_status: 'settlement',
    });
    expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', paymentType: 'gopay' });
    expect(hooks.fulfilled.map((o) => o.id)).toEqual([order.id]);
    // it went through the webhook: verified and logged like a Midtrans notification
    expect(await notificationLog(t)).toEqual([
      expect.objectContaining({ gateway: 'sandbox', verified: true, outcome: 'applied', transactionStatus: 'settlement', orderId: order.id }),
    ]);

    // paying again is refused and changes nothing
    const again = await submit(payment_url, 'action=pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Pesanan ini sudah lunas.');
    expect(hooks.fulfilled).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: pathOf(payment_url) });
    expect(page.body).toContain('Pembayaran berhasil');
    expect(page.body).not.toContain('>Bayar</button>');
  });

  it("'Gagalkan pembayaran' sends a denied notification: failed, with a retry that can still pay", async () => {
    const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
    const res = await submit(payment_url, 'action=fail');
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location as string).searchParams.get('transaction_status')).toBe('deny');
    expect((await readOrder(t, order.id)).status).toBe('failed');
    expect(hooks.fulfilled).toHaveLength(0);
    const page = await t.app.inject({ method: 'GET', url: pathOf(payment_url) });
    expect(page.body).toContain('Pembayaran sebelumnya gagal. Anda dapat mencoba lagi.');
    expect((await submit(payment_url, 'action=pay')).statusCode).toBe(303);
    expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', paymentType: 'bank_transfer' }); // bni_va, the first offered
    expect(hooks.fulfilled).toHaveLength(1);
  });

  it('20 simultaneous Bayar clicks fulfil exactly once', async () => {
    const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
    const replies = await Promise.all(Array.from({ length: 20 }, () => submit(payment_url, 'action=pay')));
    expect(replies.filter((r) => r.statusCode === 303).length).toBeGreaterThanOrEqual(1);
    expect(replies.every((r) => r.statusCode === 303 || r.statusCode === 409)).toBe(true);
    expect((await readOrder(t, order.id)).status).toBe('paid');
    expect(hooks.fulfilled).toHaveLength(1);
  });

  it('refuses an order whose time is up: the page says so and nothing is sent', async () => {
    const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order.id));
    const page = await t.app.inject({ method: 'GET', url: pathOf(payment_url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Batas waktu pembayaran telah habis.');
    expect(page.body).not.toContain('>Bayar</button>');
    expect((await submit(payment_url, 'action=pay')).statusCode).toBe(409);
    expect((await readOrder(t, order.id)).status).toBe('pending');
    expect(await notificationLog(t)).toEqual([]);

    // the sweep then expires it (the sandbox has nothing to close elsewhere) and releases it once
    const expired = await t.app.payments.expireStaleOrders();
    expect(expired.map((o) => o.id)).toEqual([order.id]);
    expect(hooks.expired.map((o) => o.id)).toEqual([order.id]);
    expect((await t.app.inject({ method: 'GET', url: pathOf(payment_url) })).body).toContain('Batas waktu pembayaran telah habis.');
  });

  it('a payment whose notification failed at the checkout is applied by the expiry sweep from the sandbox record', async () => {
    const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
    hooks.failNext = true; // the fulfilment fails once: the webhook answers 503
    const res = await submit(payment_url, 'action=pay&method=gopay');
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('Notifikasi pembayaran tidak dapat diproses. Silakan coba lagi.');
    expect((await readOrder(t, order.id)).status).toBe('pending');
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await t.app.payments.expireStaleOrders(later)).toEqual([]);
    expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', paymentType: 'gopay' });
    expect(hooks.fulfilled.map((o) => o.id)).toEqual([order.id]);
    expect(hooks.expired).toHaveLength(0);
  });

  it('answers an unknown order with a 404 page and a bad action with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/REG-000000000000000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Pesanan tidak ditemukan');
    const { payment_url } = await t.app.payments.createOrder(sampleOrder());
    expect((await submit(payment_url, 'action=steal')).statusCode).toBe(400);
    expect((await submit(payment_url, 'action=pay&method=bitcoin')).statusCode).toBe(400);
    const notOffered = await submit(payment_url, 'action=pay&method=bri_va'); // the order offers bni_va and gopay
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toBe('Metode pembayaran tidak tersedia untuk pesanan ini.');
    expect(await notificationLog(t)).toEqual([]);
  });

  it('the webhook rejects another signature, and applies a sandbox-signed change only when the sandbox\'s own record confirms it', async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    const key = sandboxKey(t.config.jwtSecret);
    const input = { orderRef: order.gatewayRef, amount: order.amount, transactionStatus: 'settlement' as const, paymentType: 'qris' };
    const forged = await postNotification(t, sandboxNotification(input, 'guessed-key'));
    expect(forged.statusCode).toBe(401);
    // Signed with the right key, but nothing happened at the checkout: the sandbox's status call has no record.
    const unbacked = await postNotification(t, sandboxNotification(input, key));
    expect(unbacked.statusCode).toBe(409);
    expect(unbacked.json()).toMatchObject({ code: 'NOTIFICATION_NOT_CONFIRMED' });
    expect((await readOrder(t, order.id)).status).toBe('pending');
    // A failed attempt at the checkout, then the captured settlement replayed: still only 'deny' on record.
    expect((await submit(order.paymentUrl!, 'action=fail')).statusCode).toBe(303);
    expect((await postNotification(t, sandboxNotification(input, key))).statusCode).toBe(409);
    expect((await readOrder(t, order.id)).status).toBe('failed');
    expect(hooks.fulfilled).toHaveLength(0);
    // The checkout's own record, then its notification: applied.
    expect((await sandboxEvent(t, order.gatewayRef, order.amount, 'settlement', 'qris')).statusCode).toBe(200);
    expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', paymentType: 'qris' });
    expect(hooks.fulfilled).toHaveLength(1);
  });

  it("answers the sandbox's status from its own record, never from the orders table", async () => {
    const { order } = await t.app.payments.createOrder(sampleOrder());
    expect(await t.app.payments.gateway.getTransactionStatus(order.gatewayRef)).toBeNull();
    // Marking the order paid in our own table does not make the sandbox say so.
    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order.id));
    expect(await t.app.payments.gateway.getTransactionStatus(order.gatewayRef)).toBeNull();
    await t.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    await submit(order.paymentUrl!, 'action=pay&method=gopay');
    expect(await t.app.payments.gateway.getTransactionStatus(order.gatewayRef)).toMatchObject({
      orderRef: order.gatewayRef,
      status: 'paid',
      gatewayStatus: 'settlement',
      grossAmount: 150_000,
      paymentType: 'gopay',
    });
  });
});
