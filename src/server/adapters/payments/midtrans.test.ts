import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMidtransGateway, expectedStatusCodes, mapMidtransStatus, readMidtransNotification, readMidtransStatus } from './midtrans';
import { GatewayError, NotificationRejected } from './port';
import { orders } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { startFakeMidtrans, type FakeMidtrans } from '../../test/fixtures/fake-midtrans';
import { AppError } from '../../app-error';
import { notificationLog, postNotification, readOrder, recordHooks, rejectionLog, sampleOrder, type HookLog } from '../../test/fixtures/payments';
import { paymentMessages } from '../../features/payments/service';

describe('payments through Midtrans (fake Midtrans on 127.0.0.1)', () => {
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

  /** Midtrans settles the order and notifies (its status API now says settlement too). */
  const settle = (ref: string, amount = 150_000) => fake.notify({ orderId: ref, transactionStatus: 'settlement', grossAmount: amount });

  describe('creating a transaction', () => {
    it('sends the order, amount, item, customer, chosen methods, finish URL and expiry with Basic auth, and returns redirect_url', async () => {
      const { order, payment_url } = await t.app.payments.createOrder(sampleOrder());
      expect(fake.requests).toHaveLength(1);
      const req = fake.requests[0]!;
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/snap/v1/transactions');
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.serverKey}:`).toString('base64')}`);
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['x-override-notification']).toBeUndefined(); // PUBLIC_URL is not https
      expect(req.body).toEqual({
        transaction_details: { order_id: order.gatewayRef, gross_amount: 150_000 },
        item_details: [{ id: 'registration', price: 150_000, quantity: 1, name: 'Derap Run 2027 — 10K' }],
        customer_details: { first_name: 'Rina Wulandari', email: 'rina@contoh.id', phone: '081234567890' },
        enabled_payments: ['bni_va', 'gopay'],
        callbacks: { finish: 'http://localhost:3000/registration-success?id=reg-1' },
        expiry: { start_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0700$/), unit: 'minute', duration: 60 },
      });
      expect(order.gatewayRef).toMatch(/^REG-[0-9a-f]{24}$/);
      expect(payment_url).toMatch(new RegExp(`^${fake.url}/snap/v4/redirection/[0-9a-f-]{36}$`));
      expect(order).toMatchObject({ status: 'pending', gateway: 'midtrans', paymentUrl: payment_url, amount: 150_000, enabledPayments: ['bni_va', 'gopay'] });
      expect(payment_url.endsWith(order.checkoutToken!)).toBe(true);
      expect(order.expiresAt.getTime() - order.createdAt.getTime()).toBe(60 * 60_000);
    });

    it('leaves enabled_payments out when no method is chosen (every method of the account) and cuts the item name to 50 characters', async () => {
      const long = 'Derap Ultra Trail 2027 — Kategori 100K Perorangan Putra';
      await t.app.payments.createOrder(sampleOrder({ enabledPayments: [], description: long, kind: 'subscription' }));
      const body = fake.requests[0]!.body as Record<string, unknown>;
      expect(body).not.toHaveProperty('enabled_payments');
      expect(body.item_details).toEqual([{ id: 'subscription', price: 150_000, quantity: 1, name: long.slice(0, 50) }]);
    });

    it('refuses an unknown payment method key, a non-positive amount and a javascript: finish URL before calling Midtrans', async () => {
      await expect(t.app.payments.createOrder(sampleOrder({ enabledPayments: ['bca_klikpay'] }))).rejects.toMatchObject({
        statusCode: 400,
        message: paymentMessages.invalidPaymentOption,
      });
      await expect(t.app.payments.createOrder(sampleOrder({ amount: 0 }))).rejects.toMatchObject({ statusCode: 400, message: paymentMessages.invalidAmount });
      await expect(t.app.payments.createOrder(sampleOrder({ amount: 1500.5 }))).rejects.toMatchObject({ statusCode: 400 });
      await expect(t.app.payments.createOrder(sampleOrder({ finishUrl: 'javascript:alert(1)' }))).rejects.toMatchObject({
        statusCode: 400,
        message: paymentMessages.invalidFinishUrl,
      });
      expect(fake.requests).toHaveLength(0);
      expect(await t.database.db.select().from(orders)).toHaveLength(0);
    });

    it('accepts the mobile app scheme as a finish URL', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder({ finishUrl: 'derap://payment-finished?id=1' }));
      expect(order.finishUrl).toBe('derap://payment-finished?id=1');
    });

    it('turns a Midtrans refusal into a clear Indonesian 502 and closes the order', async () => {
      fake.failNextTransaction({ status: 400, body: { error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'] } });
      const err = await t.app.payments.createOrder(sampleOrder()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 502, code: 'PAYMENT_GATEWAY_ERROR', message: paymentMessages.gatewayFailed });
      const [order] = await t.database.db.select().from(orders);
      expect(order).toMatchObject({ status: 'canceled', paymentUrl: null });
    });

    it('treats an answer without redirect_url as a failure too', async () => {
      fake.failNextTransaction({ status: 201, body: { token: 'x' } });
      await expect(t.app.payments.createOrder(sampleOrder())).rejects.toMatchObject({ statusCode: 502 });
    });

    it('reports an unreachable Midtrans as a GatewayError (adapter)', async () => {
      const gateway = createMidtransGateway({
        serverKey: 'k',
        clientKey: null,
        production: false,
        snapUrl: 'http://127.0.0.1:1',
        apiUrl: 'http://127.0.0.1:1',
        notificationUrl: null,
      });
      await expect(
        gateway.createTransaction({
          orderRef: 'REG-1',
          amount: 1000,
          description: 'x',
          itemId: 'registration',
          customer: { name: 'a', email: 'a@contoh.id' },
          enabledPayments: [],
          finishUrl: 'http://localhost/x',
          createdAt: new Date(),
          expiresInMinutes: 5,
        }),
      ).rejects.toBeInstanceOf(GatewayError);
    });

    it('sets X-Override-Notification to our webhook when the public address is https', async () => {
      const gateway = createMidtransGateway({
        serverKey: fake.serverKey,
        clientKey: null,
        production: false,
        snapUrl: fake.url,
        apiUrl: fake.url,
        notificationUrl: 'https://derap.id/api/payments/notification',
      });
      await gateway.createTransaction({
        orderRef: 'REG-2',
        amount: 1000,
        description: 'x',
        itemId: 'registration',
        customer: { name: 'a', email: 'a@contoh.id' },
        enabledPayments: ['gopay'],
        finishUrl: 'https://derap.id/x',
        createdAt: new Date(),
        expiresInMinutes: 5,
      });
      expect(fake.requests[0]!.headers['x-override-notification']).toBe('https://derap.id/api/payments/notification');
    });

    it("asks the status API with GET /v2/{order_id}/status and Basic auth, and reads Midtrans' answers", async () => {
      const gateway = t.app.payments.gateway;
      fake.notify({ orderId: 'REG-a', transactionStatus: 'settlement', grossAmount: 150_000, paymentType: 'gopay' });
      expect(await gateway.getTransactionStatus('REG-a')).toMatchObject({ orderRef: 'REG-a', status: 'paid', gatewayStatus: 'settlement', grossAmount: 150_000, paymentType: 'gopay' });
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: '/v2/REG-a/status',
        headers: { authorization: `Basic ${Buffer.from(`${fake.serverKey}:`).toString('base64')}`, accept: 'application/json' },
      });
      fake.notify({ orderId: 'REG-b', transactionStatus: 'expire', grossAmount: 150_000 });
      expect(await gateway.getTransactionStatus('REG-b')).toMatchObject({ status: 'expired', gatewayStatus: 'expire' });
      // no transaction yet (Snap before a method is chosen): 404, as the HTTP status or inside a 200
      expect(await gateway.getTransactionStatus('REG-none')).toBeNull();
      fake.setStatusReply('REG-c', { status: 200, body: { status_code: '404', status_message: "Transaction doesn't exist." } });
      expect(await gateway.getTransactionStatus('REG-c')).toBeNull();
    });

    it('reports a status API that fails, drops the connection, is unreadable or answers for another order as a GatewayError', async () => {
      const gateway = t.app.payments.gateway;
      const replies = [
        { status: 500, body: { status_code: '500', status_message: 'Sorry, we encountered internal server error.' } },
        { status: 401, body: { status_code: '401', status_message: 'Unknown Merchant server_key/id' } },
        { status: 0, body: null },
        { status: 200, body: 'not json' },
        { status: 200, body: { status_code: '200', order_id: 'REG-x', transaction_status: 'settlement' } },
        { status: 200, body: { status_code: '200', order_id: 'REG-other', transaction_status: 'settlement', gross_amount: '150000.00' } },
      ];
      for (const [i, reply] of replies.entries()) {
        fake.setStatusReply('REG-x', reply);
        await expect(gateway.getTransactionStatus('REG-x'), `reply ${i}`).rejects.toBeInstanceOf(GatewayError);
      }
      const unreachable = createMidtransGateway({ serverKey: 'k', clientKey: null, production: false, snapUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1', notificationUrl: null });
      await expect(unreachable.getTransactionStatus('REG-x')).rejects.toBeInstanceOf(GatewayError);
    });

    it('does not serve the sandbox checkout while Midtrans is configured', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/REG-abc' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('notifications', () => {
    it('settlement marks the order paid and runs the fulfilment once, in the same transaction', async () => {
      const user = await t.login('rina@contoh.id');
      const { order } = await t.app.payments.createOrder(sampleOrder({ userId: user.userId }));
      const res = await postNotification(t, settle(order.gatewayRef));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const after = await readOrder(t, order.id);
      expect(after).toMatchObject({ status: 'paid', paymentType: 'bank_transfer' });
      expect(after.paidAt).toBeInstanceOf(Date);
      expect(after.gatewayTransactionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(hooks.fulfilled.map((o) => o.id)).toEqual([order.id]);
      expect(hooks.fulfilled[0]!.status).toBe('paid');
      const [u] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
      expect(u!.subscriptionStatus).toBe('active');
      const log = await notificationLog(t);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ verified: true, outcome: 'applied', orderId: order.id, transactionStatus: 'settlement' });
    });

    it('a repeated notification is acknowledged but fulfils nothing a second time', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      const body = settle(order.gatewayRef);
      expect((await postNotification(t, body)).statusCode).toBe(200);
      expect((await postNotification(t, body)).statusCode).toBe(200);
      expect((await postNotification(t, settle(order.gatewayRef))).statusCode).toBe(200);
      expect(hooks.fulfilled).toHaveLength(1);
      // one audit entry per distinct thing that happened, repeats counted
      expect((await notificationLog(t)).map((l) => [l.outcome, l.count]).sort()).toEqual([
        ['applied', 1],
        ['duplicate', 2],
      ]);
    });

    it('out of order: a pending notification after settlement leaves the order paid', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      await postNotification(t, settle(order.gatewayRef));
      const late = await postNotification(t, fake.notification({ orderId: order.gatewayRef, transactionStatus: 'pending', grossAmount: 150_000 }));
      expect(late.statusCode).toBe(200);
      expect((await readOrder(t, order.id)).status).toBe('paid');
      await postNotification(t, fake.notification({ orderId: order.gatewayRef, transactionStatus: 'expire', grossAmount: 150_000 }));
      expect((await readOrder(t, order.id)).status).toBe('paid');
      expect(hooks.fulfilled).toHaveLength(1);
      expect(hooks.expired).toHaveLength(0);
    });

    it('a card capture under fraud challenge stays pending until it is accepted', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      const challenge = fake.notify({ orderId: order.gatewayRef, transactionStatus: 'capture', fraudStatus: 'challenge', grossAmount: 150_000, paymentType: 'credit_card' });
      expect((await postNotification(t, challenge)).statusCode).toBe(200);
      expect((await readOrder(t, order.id)).status).toBe('pending');
      expect(hooks.fulfilled).toHaveLength(0);
      const accept = fake.notify({ orderId: order.gatewayRef, transactionStatus: 'capture', fraudStatus: 'accept', grossAmount: 150_000, paymentType: 'credit_card' });
      await postNotification(t, accept);
      expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', paymentType: 'credit_card' });
      expect(hooks.fulfilled).toHaveLength(1);
    });

    it('deny marks the attempt failed; a later settlement (the payer retried) still pays it', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      await postNotification(t, fake.notify({ orderId: order.gatewayRef, transactionStatus: 'deny', grossAmount: 150_000 }));
      expect((await readOrder(t, order.id)).status).toBe('failed');
      expect(hooks.expired).toHaveLength(0);
      await postNotification(t, settle(order.gatewayRef));
      expect((await readOrder(t, order.id)).status).toBe('paid');
      expect(hooks.fulfilled).toHaveLength(1);
    });

    it('cancel closes the order and releases what it held; a refund after payment marks it refunded without fulfilling again', async () => {
      const a = (await t.app.payments.createOrder(sampleOrder())).order;
      await postNotification(t, fake.notify({ orderId: a.gatewayRef, transactionStatus: 'cancel', grossAmount: 150_000 }));
      expect((await readOrder(t, a.id)).status).toBe('canceled');
      expect(hooks.expired.map((o) => o.id)).toEqual([a.id]);

      const b = (await t.app.payments.createOrder(sampleOrder())).order;
      await postNotification(t, settle(b.gatewayRef));
      await postNotification(t, fake.notify({ orderId: b.gatewayRef, transactionStatus: 'refund', grossAmount: 150_000 }));
      expect((await readOrder(t, b.id)).status).toBe('refunded');
      expect(hooks.fulfilled).toHaveLength(1);
    });

    it('an expire notification expires the order once; a settlement after that is logged as a late payment and changes nothing', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      const expire = fake.notify({ orderId: order.gatewayRef, transactionStatus: 'expire', grossAmount: 150_000 });
      await postNotification(t, expire);
      await postNotification(t, expire);
      expect((await readOrder(t, order.id)).status).toBe('expired');
      expect(hooks.expired).toHaveLength(1);
      const late = await postNotification(t, settle(order.gatewayRef));
      expect(late.statusCode).toBe(200);
      expect((await readOrder(t, order.id)).status).toBe('expired');
      expect(hooks.fulfilled).toHaveLength(0);
      expect((await notificationLog(t)).map((l) => [l.outcome, l.count]).sort()).toEqual([
        ['applied', 1],
        ['duplicate', 1],
        ['late_payment', 1],
      ]);
    });

    it('rejects a forged signature with 401, changes nothing and logs it unverified', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      const forged = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 150_000, signWith: 'not-the-server-key' });
      const res = await postNotification(t, forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Tanda tangan notifikasi tidak valid.', code: 'INVALID_SIGNATURE' });
      // a genuine signature whose status was edited afterwards
      const genuinePending = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'pending', grossAmount: 150_000 });
      const edited = await postNotification(t, { ...genuinePending, status_code: '200', transaction_status: 'settlement' });
      expect(edited.statusCode).toBe(401);
      expect((await readOrder(t, order.id)).status).toBe('pending');
      expect(hooks.fulfilled).toHaveLength(0);
      expect(await notificationLog(t)).toEqual([]);
      // counted, per hour, sender and targeted order; the body is not kept
      const rejections = await rejectionLog(t);
      expect(rejections).toEqual([
        expect.objectContaining({
          reason: 'forged',
          orderId: order.id,
          count: 2,
          sender: '127.0.0.1',
          claimedOrderRef: order.gatewayRef,
          claimedStatus: 'settlement',
          claimedStatusCode: '200',
          bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        }),
      ]);
      expect(rejections[0]).not.toHaveProperty('body');
    });

    it('rejects a correctly signed notification whose amount differs from the order (400), changing nothing', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      const res = await postNotification(t, settle(order.gatewayRef, 1_000));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: paymentMessages.amountMismatch, code: 'AMOUNT_MISMATCH' });
      expect((await readOrder(t, order.id)).status).toBe('pending');
      expect(hooks.fulfilled).toHaveLength(0);
      expect((await notificationLog(t))[0]).toMatchObject({ verified: true, outcome: 'amount_mismatch', orderId: order.id });
    });

    it('rejects malformed notifications with 400 (never 500)', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      const full = settle(order.gatewayRef);
      const { signature_key: _drop, ...unsigned } = full;
      const oddAmount = fake.notification({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: 'seratus ribu' });
      const nul = { ...full, order_id: 'REG-\u0000', transaction_status: 'settle\u0000ment', note: { 'k\u0000': ['\u0000'] } };
      for (const payload of [unsigned, oddAmount, {}, { order_id: 42 }]) {
        const res = await postNotification(t, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json().code).toBe('INVALID_NOTIFICATION');
      }
      // A NUL is refused for every route before any work, so it never reaches the webhook's audit.
      const withNul = await postNotification(t, nul);
      expect(withNul.statusCode).toBe(400);
      expect(withNul.json().code).toBe('INVALID_CHARACTERS');
      const notJson = await t.app.inject({ method: 'POST', url: '/api/payments/notification', headers: { 'content-type': 'application/json' }, payload: '{oops' });
      expect(notJson.statusCode).toBe(400);
      const array = await postNotification(t, [full]);
      expect(array.statusCode).toBe(400);
      expect((await readOrder(t, order.id)).status).toBe('pending');
      expect(await notificationLog(t)).toEqual([]);
      const rejections = await rejectionLog(t);
      expect(rejections.every((r) => r.reason === 'malformed')).toBe(true);
      // the ones that named our order, and the rest
      expect(rejections.map((r) => [r.orderId, r.count]).sort()).toEqual([
        [null, 2],
        [order.id, 2],
      ]);
    });

    it('acknowledges (200) a valid notification for an order we do not have, and logs it', async () => {
      const res = await postNotification(t, settle('REG-not-ours'));
      expect(res.statusCode).toBe(200);
      expect((await notificationLog(t))[0]).toMatchObject({ verified: true, outcome: 'unknown_order', orderRef: 'REG-not-ours', orderId: null });
    });

    it('answers 503 when the fulfilment fails, keeps the order pending with nothing granted, and applies the retry', async () => {
      const user = await t.login('budi@contoh.id');
      const { order } = await t.app.payments.createOrder(sampleOrder({ userId: user.userId, kind: 'subscription' }));
      hooks.failNext = true;
      const res = await postNotification(t, settle(order.gatewayRef));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'NOTIFICATION_RETRY' });
      expect((await readOrder(t, order.id)).status).toBe('pending');
      const [u] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
      expect(u!.subscriptionStatus).toBe('none'); // the hook's write was rolled back with the order change
      const retry = await postNotification(t, settle(order.gatewayRef));
      expect(retry.statusCode).toBe(200);
      expect((await readOrder(t, order.id)).status).toBe('paid');
      expect(hooks.fulfilled).toHaveLength(1);
      expect((await notificationLog(t)).map((l) => l.outcome).sort()).toEqual(['applied', 'error']);
    });

    it('20 simultaneous copies of the settlement fulfil exactly once', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder());
      const body = settle(order.gatewayRef);
      const replies = await Promise.all(Array.from({ length: 20 }, () => postNotification(t, body)));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(hooks.fulfilled).toHaveLength(1);
      expect((await readOrder(t, order.id)).status).toBe('paid');
      expect((await notificationLog(t)).map((l) => [l.outcome, l.count]).sort()).toEqual([
        ['applied', 1],
        ['duplicate', 19],
      ]);
    });
  });

  describe('expiry', () => {
    it('expires open orders past their time after Midtrans closes them, once, and leaves the others', async () => {
      const due = (await t.app.payments.createOrder(sampleOrder({ expiresInMinutes: 1 }))).order;
      const failed = (await t.app.payments.createOrder(sampleOrder({ expiresInMinutes: 1 }))).order;
      await postNotification(t, fake.notify({ orderId: failed.gatewayRef, transactionStatus: 'deny', grossAmount: 150_000 }));
      const notYet = (await t.app.payments.createOrder(sampleOrder({ expiresInMinutes: 30 }))).order;
      const paid = (await t.app.payments.createOrder(sampleOrder({ expiresInMinutes: 1 }))).order;
      await postNotification(t, settle(paid.gatewayRef));
      fake.setExpireReply(failed.gatewayRef, { status: 200, body: { status_code: '407', transaction_status: 'expire' } });
      fake.requests.length = 0; // only the sweep's requests below

      const later = new Date(Date.now() + 2 * 60_000);
      const expired = await t.app.payments.expireStaleOrders(later);
      expect(expired.map((o) => o.id).sort()).toEqual([due.id, failed.id].sort());
      expect(fake.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
        [`POST /v2/${due.gatewayRef}/expire`, `POST /v2/${failed.gatewayRef}/expire`].sort(),
      );
      expect(fake.requests.every((r) => r.headers.authorization === `Basic ${Buffer.from(`${fake.serverKey}:`).toString('base64')}`)).toBe(true);
      expect((await readOrder(t, due.id)).status).toBe('expired');
      expect((await readOrder(t, failed.id)).status).toBe('expired');
      expect((await readOrder(t, notYet.id)).status).toBe('pending');
      expect((await readOrder(t, paid.id)).status).toBe('paid');
      expect(hooks.expired.map((o) => o.id).sort()).toEqual([due.id, failed.id].sort());

      expect(await t.app.payments.expireStaleOrders(later)).toEqual([]);
      expect(hooks.expired).toHaveLength(2);
    });

    it('applies a payment made at the last second from the status API instead of expiring the order', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder({ expiresInMinutes: 1 }));
      fake.setExpireReply(order.gatewayRef, { status: 200, body: { status_code: '412', status_message: 'Merchant cannot modify the status of the transaction' } });
      fake.setTransaction(order.gatewayRef, { transactionStatus: 'settlement', grossAmount: 150_000, paymentType: 'gopay' });
      const expired = await t.app.payments.expireStaleOrders(new Date(Date.now() + 2 * 60_000));
      expect(expired).toEqual([]);
      expect(await readOrder(t, order.id)).toMatchObject({ status: 'paid', paymentType: 'gopay' });
      expect(hooks.fulfilled.map((o) => o.id)).toEqual([order.id]);
      expect(hooks.expired).toHaveLength(0);
      expect(await notificationLog(t)).toEqual([expect.objectContaining({ outcome: 'applied', transactionStatus: 'settlement', confirmedStatus: 'settlement', body: expect.objectContaining({ source: 'status_api' }) })]);
      // its notification, when it comes, changes nothing more
      expect((await postNotification(t, settle(order.gatewayRef))).statusCode).toBe(200);
      expect(hooks.fulfilled).toHaveLength(1);
    });

    it('leaves an order for the next sweep when Midtrans cannot be asked', async () => {
      const { order } = await t.app.payments.createOrder(sampleOrder({ expiresInMinutes: 1 }));
      fake.setExpireReply(order.gatewayRef, { status: 500, body: { status_code: '500' } });
      fake.setStatusReply(order.gatewayRef, { status: 500, body: { status_code: '500' } });
      expect(await t.app.payments.expireStaleOrders(new Date(Date.now() + 2 * 60_000))).toEqual([]);
      expect((await readOrder(t, order.id)).status).toBe('pending');
    });
  });
});

describe('Midtrans notification reading (unit)', () => {
  it('maps every Midtrans transaction status', () => {
    expect(mapMidtransStatus('capture', 'accept')).toBe('paid');
    expect(mapMidtransStatus('capture')).toBe('paid');
    expect(mapMidtransStatus('capture', 'challenge')).toBe('pending');
    expect(mapMidtransStatus('capture', 'deny')).toBe('failed');
    expect(mapMidtransStatus('settlement')).toBe('paid');
    expect(mapMidtransStatus('pending')).toBe('pending');
    expect(mapMidtransStatus('deny')).toBe('failed');
    expect(mapMidtransStatus('failure')).toBe('failed');
    expect(mapMidtransStatus('cancel')).toBe('canceled');
    expect(mapMidtransStatus('expire')).toBe('expired');
    expect(mapMidtransStatus('refund')).toBe('refunded');
    expect(mapMidtransStatus('partial_refund')).toBe('paid');
    expect(mapMidtransStatus('something_new')).toBeNull();
  });

  it("pairs each transaction_status (and a card capture's fraud_status) with the status code Midtrans sends for it", () => {
    const table: [string, string | null, readonly string[] | null][] = [
      ['settlement', null, ['200']],
      ['capture', 'accept', ['200']],
      ['capture', null, ['200']],
      ['capture', 'challenge', ['201']],
      ['capture', 'deny', ['202']],
      ['authorize', 'accept', ['200']],
      ['refund', null, ['200']],
      ['partial_refund', null, ['200']],
      ['chargeback', null, ['200']],
      ['partial_chargeback', null, ['200']],
      ['pending', null, ['201']],
      ['deny', null, ['202']],
      ['expire', null, ['202']],
      ['failure', null, ['202']],
      ['cancel', null, ['200', '202']],
      ['something_new', null, null],
    ];
    for (const [status, fraud, codes] of table) expect(expectedStatusCodes(status, fraud), `${status}/${fraud}`).toEqual(codes);
  });

  it('rejects a correctly signed notification whose status was swapped for one of another status code', async () => {
    const fake = await startFakeMidtrans('server-key');
    try {
      const read = (body: Record<string, string>) => readMidtransNotification(body, 'server-key');
      const pending = fake.notification({ orderId: 'REG-1', transactionStatus: 'pending', grossAmount: 1000 });
      expect(read(pending)).toMatchObject({ status: 'pending' });
      for (const swapped of ['settlement', 'capture', 'deny', 'expire', 'refund']) {
        expect(() => read({ ...pending, transaction_status: swapped }), swapped).toThrow(
          expect.objectContaining({ reason: 'status_code_mismatch', message: 'Kode status notifikasi tidak sesuai dengan status transaksinya.' }),
        );
      }
      // fraud_status is not signed either: a challenged capture (201) cannot be turned into an accepted one
      const challenged = fake.notification({ orderId: 'REG-1', transactionStatus: 'capture', fraudStatus: 'challenge', grossAmount: 1000 });
      expect(read(challenged)).toMatchObject({ status: 'pending' });
      expect(() => read({ ...challenged, fraud_status: 'accept' })).toThrow(expect.objectContaining({ reason: 'status_code_mismatch' }));
      // a status we do not know carries no expectation, and changes nothing
      expect(read({ ...pending, transaction_status: 'something_new' })).toMatchObject({ status: null });
      // the signature is checked first: a forgery is 'forged', whatever its status code
      expect(() => read({ ...pending, status_code: '200', transaction_status: 'settlement' })).toThrow(expect.objectContaining({ reason: 'forged' }));
    } finally {
      await fake.close();
    }
  });

  it('reads a status API answer: lower-cases the status, parses the amount, and refuses an answer about another order', () => {
    const answer = { status_code: '200', order_id: 'REG-1', transaction_status: 'PENDING', gross_amount: '238429.00', fraud_status: 'accept', transaction_id: 't-1', payment_type: 'dana' };
    expect(readMidtransStatus(answer, 'REG-1')).toEqual({
      orderRef: 'REG-1',
      status: 'pending',
      gatewayStatus: 'pending',
      grossAmount: 238_429,
      transactionId: 't-1',
      paymentType: 'dana',
    });
    expect(readMidtransStatus({ ...answer, transaction_status: 'capture', fraud_status: 'challenge' }, 'REG-1').status).toBe('pending');
    expect(readMidtransStatus({ ...answer, gross_amount: '1000.50' }, 'REG-1').grossAmount).toBe(1000.5);
    expect(() => readMidtransStatus(answer, 'REG-2')).toThrow(GatewayError);
    expect(() => readMidtransStatus({ ...answer, gross_amount: 'banyak' }, 'REG-1')).toThrow(GatewayError);
    expect(() => readMidtransStatus({ ...answer, transaction_status: 42 }, 'REG-1')).toThrow(GatewayError);
  });

  it('checks SHA512(order_id + status_code + gross_amount + server key) on the exact strings', async () => {
    const fake = await startFakeMidtrans('server-key');
    try {
      const body = fake.notification({ orderId: 'REG-1', transactionStatus: 'settlement', grossAmount: '100000.00' });
      expect(readMidtransNotification(body, 'server-key')).toMatchObject({ orderRef: 'REG-1', status: 'paid', grossAmount: 100_000 });
      expect(() => readMidtransNotification(body, 'other-key')).toThrow(NotificationRejected);
      expect(() => readMidtransNotification({ ...body, gross_amount: '100000' }, 'server-key')).toThrow(/Tanda tangan/);
      expect(() => readMidtransNotification({ ...body, signature_key: body.signature_key!.toUpperCase() }, 'server-key')).not.toThrow();
      expect(() => readMidtransNotification('x', 'server-key')).toThrow(/tidak valid/);
    } finally {
      await fake.close();
    }
  });
});
