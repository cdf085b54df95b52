import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/payments';
import { registrationAttempts, runnerRegistrations } from '../../../db/schema/registrations';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { readOrder, sandboxEvent } from '../../../test/fixtures/payments';
import { sweepRegistrationGuards } from './pending-registrations';
import {
  freshIp,
  freshRunner,
  insertEvent,
  readCategory,
  readRegistration,
  registrationPayload,
  runnerData,
} from '../../../test/fixtures/registrations';
import { expireStaleSelfManagedRegistrations } from '../service';

/**
 * Issue 8 items 1 and 10: one client can no longer hold every slot without paying, a crowd behind
 * one address can still register, and a failed payment leaves an obvious way to pay again.
 */

type Created = {
  registration: { _id: string; registrationId: string; status: string; expiresAt: string | null; payment: { amount: number; status: string; method: string | null } };
  payment_url: string | null;
  resumed: boolean;
};
type PaymentState = {
  registration: { registrationId: string; status: string; payment: { status: string; amount: number }; expiresAt: string | null; eventCode: string; eventName: string; categoryName: string };
  payment_url: string | null;
};

const MINUTE = 60_000;

describe('hoarding slots without paying', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /** Every request from one address, like the client in the issue. */
  const post = (payload: unknown, remoteAddress = '198.51.100.20') =>
    t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload: payload as Record<string, unknown>, remoteAddress });
  // What happened at the sandbox checkout is recorded there first: the webhook confirms with it.
  const pay = (orderRef: string, amount: number, outcome: 'pay' | 'fail') => sandboxEvent(t, orderRef, amount, outcome === 'pay' ? 'settlement' : 'deny');
  const paymentState = (registrationId: string, order: string) =>
    t.app.inject({ method: 'GET', url: `/api/runner-registrations/${registrationId}/payment-state?order=${encodeURIComponent(order)}`, remoteAddress: freshIp() });

  it('ten registrations with the same email and identity number hold one slot; the eleventh runner still gets one', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 10 }] });
    const responses = [];
    for (let i = 0; i < 10; i++) responses.push(await post(registrationPayload(event)));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
    const first = json<Created>(responses[0]!);
    expect(first.resumed).toBe(false);
    for (const r of responses.slice(1)) {
      const body = json<Created>(r);
      expect(body.resumed).toBe(true);
      expect(body.registration.registrationId).toBe(first.registration.registrationId);
      expect(body.payment_url).toBe(first.payment_url);
      // The hold is not extended by asking again.
      expect(body.registration.expiresAt).toBe(first.registration.expiresAt);
    }
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
    expect(await t.database.db.select().from(runnerRegistrations)).toHaveLength(1);
    expect(await t.database.db.select().from(orders)).toHaveLength(1);

    const eleventh = await post(registrationPayload(event, '10k', { runnerData: freshRunner() }));
    expect(eleventh.statusCode).toBe(201);
    expect(json<Created>(eleventh).resumed).toBe(false);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(2);
  });

  it('recognises the same runner however the identity number and email are typed', async () => {
    const { event, categories } = await insertEvent(t);
    const first = json<Created>(await post(registrationPayload(event)));
    const again = await post(
      registrationPayload(event, '10k', { runnerData: runnerData({ identityNo: '3174 0000-0000 0001', email: 'R.I.N.A+lari@Gmail.com' }) }),
    );
    expect(again.statusCode).toBe(200);
    expect(json<Created>(again).registration.registrationId).toBe(first.registration.registrationId);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
  });

  it('a resumed attempt stores none of its data and answers no personal data', async () => {
    const { event } = await insertEvent(t);
    const first = json<Created>(await post(registrationPayload(event)));
    const res = await post(registrationPayload(event, '10k', { runnerData: runnerData({ fullName: 'Penyusup', phone: '+6289999999999', medicalNotes: 'apa saja' }) }));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json<Created>(res).registration).sort()).toEqual(['_id', 'categoryId', 'createdAt', 'eventId', 'expiresAt', 'payment', 'registrationId', 'status']);
    for (const secret of ['3174000000000001', 'rina@gmail.com', 'Rina Wulandari', '+6281234567890']) expect(res.body).not.toContain(secret);
    expect(await readRegistration(t, first.registration.registrationId)).toMatchObject({ fullName: 'Rina Wulandari', phone: '+6281234567890', medicalNotes: '-' });
  });

  it('the mismatching cases are refused with 409 in Indonesian and reveal nothing of the first registration', async () => {
    const { event, categories } = await insertEvent(t, { name: 'Derap Run Dua Kategori', categories: [{ name: '10K' }, { name: '5K' }] });
    const first = json<Created>(await post(registrationPayload(event)));
    const id = first.registration.registrationId;

    // Same identity number, another email: someone who knows only an identity number.
    const otherEmail = await post(registrationPayload(event, '10k', { runnerData: runnerData({ email: 'orang.lain@gmail.com' }) }));
    expect(otherEmail.statusCode).toBe(409);
    expect(json(otherEmail)).toMatchObject({ code: 'IDENTITY_PENDING' });
    expect(json<{ message: string }>(otherEmail).message).toMatch(
      /^Nomor identitas ini sudah dipakai untuk pendaftaran lain di event ini yang masih menunggu pembayaran\. Gunakan email yang sama .* pada \d{1,2} \S+ \d{4} pukul \d{2}\.\d{2} WIB\.$/,
    );

    // Same email, another identity number: someone who knows only an email (or a parent registering a second child).
    const otherIdentity = await post(registrationPayload(event, '10k', { runnerData: runnerData({ identityNo: '3174999999999999', fullName: 'Adik Rina' }) }));
    expect(otherIdentity.statusCode).toBe(409);
    expect(json(otherIdentity)).toMatchObject({ code: 'EMAIL_PENDING' });
    expect(json<{ message: string }>(otherIdentity).message).toMatch(/^Email ini masih memiliki pendaftaran lain di event ini yang menunggu pembayaran\. Selesaikan pembayaran/);

    // The same runner choosing another category: told which category is held and until when.
    const otherCategory = await post(registrationPayload(event, '5k'));
    expect(otherCategory.statusCode).toBe(409);
    expect(json(otherCategory)).toMatchObject({ code: 'PENDING_OTHER_CATEGORY' });
    expect(json<{ message: string }>(otherCategory).message).toMatch(/^Anda masih memiliki pendaftaran kategori 10K yang menunggu pembayaran di event ini\./);

    for (const res of [otherEmail, otherIdentity, otherCategory]) {
      expect(res.body).not.toContain(id);
      expect(res.body).not.toContain('sandbox');
    }
    // Nothing changed: one registration, one slot, the first runner's data intact.
    expect(await t.database.db.select().from(runnerRegistrations)).toHaveLength(1);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
    expect((await readCategory(t, categories[1]!.id)).sold).toBe(0);
    expect(await readRegistration(t, id)).toMatchObject({ status: 'pending', email: 'rina@gmail.com', fullName: 'Rina Wulandari' });
  });

  it('one pending registration per event: the same runner may hold one at another event', async () => {
    const { event: a } = await insertEvent(t);
    const { event: b } = await insertEvent(t);
    expect((await post(registrationPayload(a))).statusCode).toBe(201);
    expect((await post(registrationPayload(b))).statusCode).toBe(201);
  });

  it('once paid, the identity number and email are free again (a paid second registration is a real purchase)', async () => {
    const { event, categories } = await insertEvent(t);
    const first = json<Created>(await post(registrationPayload(event)));
    const order = await readOrder(t, (await readRegistration(t, first.registration.registrationId)).orderId!);
    expect((await pay(order.gatewayRef, order.amount, 'pay')).statusCode).toBe(200);
    const second = await post(registrationPayload(event));
    expect(second.statusCode).toBe(201);
    expect(json<Created>(second).registration.registrationId).not.toBe(first.registration.registrationId);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(2);
  });

  describe('the hold', () => {
    it('a platform registration holds its slot for REGISTRATION_HOLD_MINUTES, then expires and frees it; the runner can register again', async () => {
      const short = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_HOLD_MINUTES: '5' } });
      try {
        const { event, categories } = await insertEvent(short, { categories: [{ name: '10K', slots: 1 }] });
        const postShort = (payload: unknown) =>
          short.app.inject({ method: 'POST', url: '/api/runner-registrations', payload: payload as Record<string, unknown>, remoteAddress: freshIp() });
        const before = Date.now();
        const first = json<Created>(await postShort(registrationPayload(event)));
        const expiresAt = new Date(first.registration.expiresAt!).getTime();
        expect(expiresAt - before).toBeGreaterThanOrEqual(5 * MINUTE - 1000);
        expect(expiresAt - before).toBeLessThanOrEqual(5 * MINUTE + 5000);
        const row = await readRegistration(short, first.registration.registrationId);
        expect((await readOrder(short, row.orderId!)).expiresAt.toISOString()).toBe(first.registration.expiresAt);

        // Four minutes on: still held; the only slot is taken.
        expect(await short.app.payments.expireStaleOrders(new Date(before + 4 * MINUTE))).toHaveLength(0);
        expect((await postShort(registrationPayload(event, '10k', { runnerData: freshRunner() }))).statusCode).toBe(409);
        // Six minutes on: expired, slot free, and the same runner starts over with a new registration.
        expect(await short.app.payments.expireStaleOrders(new Date(before + 6 * MINUTE))).toHaveLength(1);
        expect(await readRegistration(short, row.registrationId)).toMatchObject({ status: 'expired' });
        expect((await readCategory(short, categories[0]!.id)).sold).toBe(0);
        const again = await postShort(registrationPayload(event));
        expect(again.statusCode).toBe(201);
        expect(json<Created>(again).registration.registrationId).not.toBe(row.registrationId);
      } finally {
        await short.close();
      }
    });

    it('self-managed registrations keep their own window (SELF_MANAGED_HOLD_HOURS, 48 by default)', async () => {
      const { event } = await insertEvent(t, { paymentType: 'self_managed' });
      const before = Date.now();
      const body = json<Created>(await post(registrationPayload(event, '10k', { paymentMethod: undefined })));
      const held = new Date(body.registration.expiresAt!).getTime() - before;
      expect(held).toBeGreaterThanOrEqual(48 * 60 * MINUTE - 1000);
      expect(held).toBeLessThanOrEqual(48 * 60 * MINUTE + 5000);
    });

    it('past its time but not yet swept: a platform registration asks the runner to retry in a minute; a self-managed one is expired on the spot', async () => {
      const { event: platform, categories: pc } = await insertEvent(t);
      const first = json<Created>(await post(registrationPayload(platform)));
      const past = new Date(Date.now() - MINUTE);
      await t.database.db.update(runnerRegistrations).set({ expiresAt: past }).where(eq(runnerRegistrations.registrationId, first.registration.registrationId));
      const closing = await post(registrationPayload(platform));
      expect(closing.statusCode).toBe(409);
      expect(json(closing)).toMatchObject({
        message: 'Batas waktu pembayaran pendaftaran Anda sebelumnya baru saja habis dan sedang kami tutup. Silakan coba lagi dalam satu menit.',
        code: 'REGISTRATION_CLOSING',
      });
      expect((await readCategory(t, pc[0]!.id)).sold).toBe(1);

      const { event: manual, categories: mc } = await insertEvent(t, { paymentType: 'self_managed' });
      const held = json<Created>(await post(registrationPayload(manual, '10k', { paymentMethod: undefined })));
      await t.database.db.update(runnerRegistrations).set({ expiresAt: past }).where(eq(runnerRegistrations.registrationId, held.registration.registrationId));
      const fresh = await post(registrationPayload(manual, '10k', { paymentMethod: undefined }));
      expect(fresh.statusCode).toBe(201);
      expect(json<Created>(fresh).registration.registrationId).not.toBe(held.registration.registrationId);
      expect(await readRegistration(t, held.registration.registrationId)).toMatchObject({ status: 'expired', paymentStatus: 'expired' });
      expect((await readCategory(t, mc[0]!.id)).sold).toBe(1);
      // The sweep finds nothing left to free twice.
      expect(await expireStaleSelfManagedRegistrations(t.database.db, new Date())).toBe(0);
      expect((await readCategory(t, mc[0]!.id)).sold).toBe(1);
    });
  });

  describe('a failed or denied payment', () => {
    it('keeps the registration and its slot until the hold ends; the same checkout takes the retry, and registering again resumes it', async () => {
      const { event, categories } = await insertEvent(t, { name: 'Derap Gagal Bayar', categories: [{ name: '10K', slots: 3 }] });
      const first = json<Created>(await post(registrationPayload(event)));
      const row = await readRegistration(t, first.registration.registrationId);
      const order = await readOrder(t, row.orderId!);
      expect((await pay(order.gatewayRef, order.amount, 'fail')).statusCode).toBe(200);

      // Back on /registration-success with ?id=…&order_id=…&transaction_status=deny the page asks:
      const state = await paymentState(row.registrationId, order.gatewayRef);
      expect(state.statusCode).toBe(200);
      expect(state.headers['cache-control']).toBe('no-store');
      expect(json<PaymentState>(state)).toEqual({
        registration: {
          registrationId: row.registrationId,
          status: 'pending',
          payment: { status: 'failed', amount: 160_000 },
          expiresAt: first.registration.expiresAt,
          eventCode: event.code,
          eventName: 'Derap Gagal Bayar',
          categoryName: '10K',
        },
        payment_url: first.payment_url,
        // Unpaid: no receipt (name, BIB, QR code) yet.
        receipt: null,
      });
      expect(state.body).not.toContain('rina@gmail.com');

      // Told (before this issue) to register again, the runner now gets the same registration back.
      const again = await post(registrationPayload(event));
      expect(again.statusCode).toBe(200);
      expect(json<Created>(again)).toMatchObject({ resumed: true, payment_url: first.payment_url, registration: { registrationId: row.registrationId } });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);

      // The retry at the same checkout succeeds.
      expect((await pay(order.gatewayRef, order.amount, 'pay')).statusCode).toBe(200);
      expect(await readRegistration(t, row.registrationId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      const paid = json<PaymentState>(await paymentState(row.registrationId, order.gatewayRef));
      expect(paid.registration).toMatchObject({ status: 'confirmed', payment: { status: 'paid' } });
      expect(paid.payment_url).toBeNull();
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
    });

    it('after the hold the page says it is over (no payment link) and the slot is free', async () => {
      const { event, categories } = await insertEvent(t);
      const first = json<Created>(await post(registrationPayload(event)));
      const row = await readRegistration(t, first.registration.registrationId);
      const order = await readOrder(t, row.orderId!);
      await pay(order.gatewayRef, order.amount, 'fail');
      expect(await t.app.payments.expireStaleOrders(new Date(Date.now() + 20 * MINUTE))).toHaveLength(1);
      const state = json<PaymentState>(await paymentState(row.registrationId, order.gatewayRef));
      expect(state.registration).toMatchObject({ status: 'expired', payment: { status: 'expired' } });
      expect(state.payment_url).toBeNull();
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
    });

    it('the payment state needs the registration id and its own order reference: anything else is the same 404', async () => {
      const { event } = await insertEvent(t);
      const a = json<Created>(await post(registrationPayload(event)));
      const b = json<Created>(await post(registrationPayload(event, '10k', { runnerData: freshRunner() })));
      const orderOf = async (id: string) => (await readOrder(t, (await readRegistration(t, id)).orderId!)).gatewayRef;
      const notFound = { message: 'Terjadi kesalahan: ID pendaftaran tidak ditemukan.', code: 'NOT_FOUND' };
      for (const res of [
        await paymentState(a.registration.registrationId, await orderOf(b.registration.registrationId)),
        await paymentState(a.registration.registrationId, 'REG-tebakan'),
        await paymentState('REG-TIDAKADA00', await orderOf(a.registration.registrationId)),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(json(res)).toEqual({ ...notFound, requestId: res.headers['x-request-id'] });
      }
      const missing = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/${a.registration.registrationId}/payment-state`, remoteAddress: freshIp() });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('the per-identity limit', () => {
    it('REGISTRATION_IDENTITY_LIMIT_PER_HOUR attempts per identity number per event per hour, counted in the database, then 429 in Indonesian', async () => {
      const limited = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_IDENTITY_LIMIT_PER_HOUR: '3' } });
      try {
        const { event } = await insertEvent(limited);
        const { event: other } = await insertEvent(limited);
        const postTo = (payload: unknown) =>
          limited.app.inject({ method: 'POST', url: '/api/runner-registrations', payload: payload as Record<string, unknown>, remoteAddress: freshIp() });
        const codes = [];
        for (let i = 0; i < 3; i++) codes.push((await postTo(registrationPayload(event))).statusCode);
        expect(codes).toEqual([201, 200, 200]);
        // A different email does not make it a different person.
        const blocked = await postTo(registrationPayload(event, '10k', { runnerData: runnerData({ email: 'lain@gmail.com' }) }));
        expect(blocked.statusCode).toBe(429);
        expect(json(blocked)).toMatchObject({ code: 'IDENTITY_RATE_LIMITED' });
        expect(json<{ message: string }>(blocked).message).toMatch(
          /^Terlalu banyak percobaan pendaftaran dengan nomor identitas ini untuk event ini\. Coba lagi setelah pukul \d{2}\.\d{2} WIB\.$/,
        );
        // Other runners, and the same runner at another event, are not affected.
        expect((await postTo(registrationPayload(event, '10k', { runnerData: freshRunner() }))).statusCode).toBe(201);
        expect((await postTo(registrationPayload(other))).statusCode).toBe(201);
        const [counter] = await limited.database.db.select().from(registrationAttempts).where(eq(registrationAttempts.eventRef, event.id)).orderBy(registrationAttempts.attempts);
        expect(counter).toBeTruthy();
      } finally {
        await limited.close();
      }
    });

    it('old attempt windows are swept', async () => {
      // Windows start on the hour: +30 min keeps this one whatever the clock says, +4 h is past any window.
      const { event } = await insertEvent(t);
      await post(registrationPayload(event));
      expect(await t.database.db.select().from(registrationAttempts)).toHaveLength(1);
      await sweepRegistrationGuards(t.database.db, new Date(Date.now() + 30 * MINUTE));
      expect(await t.database.db.select().from(registrationAttempts)).toHaveLength(1);
      await sweepRegistrationGuards(t.database.db, new Date(Date.now() + 4 * 60 * MINUTE));
      expect(await t.database.db.select().from(registrationAttempts)).toHaveLength(0);
    });
  });
});

describe('per-address limits that fit a crowd', () => {
  it('the default lets 40 runners behind one carrier-grade NAT address register within a minute', async () => {
    const t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
    try {
      const { event } = await insertEvent(t, { paymentType: 'self_managed' });
      const codes = [];
      for (let i = 0; i < 40; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/runner-registrations',
          payload: registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner() }),
          remoteAddress: '100.64.0.1',
        });
        codes.push(res.statusCode);
      }
      expect(codes.every((c) => c === 201)).toBe(true);
      expect(t.config.registrationRateLimitPerMinute).toBe(300);
    } finally {
      await t.close();
    }
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address, on every rate-limited route', async () => {
    const t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const { event } = await insertEvent(t, { paymentType: 'self_managed' });
      const post = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/runner-registrations',
          payload: registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner() }),
          remoteAddress,
        });
      // Three addresses of one /64: one client.
      expect((await post('2001:db8:77:1::1')).statusCode).toBe(201);
      expect((await post('2001:db8:77:1:aaaa::2')).statusCode).toBe(201);
      const limited = await post('2001:db8:77:1:ffff:ffff:ffff:ffff');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // The neighbouring /64 is another client.
      expect((await post('2001:db8:77:2::1')).statusCode).toBe(201);
      // ::ffff:198.51.100.9 is 198.51.100.9.
      expect((await post('198.51.100.9')).statusCode).toBe(201);
      expect((await post('::ffff:198.51.100.9')).statusCode).toBe(201);
      expect((await post('198.51.100.9')).statusCode).toBe(429);

      // The same key on another route (the self-managed confirmation, 20 a minute).
      const confirm = (remoteAddress: string) =>
        t.app.inject({ method: 'PATCH', url: '/api/runner-registrations/REG-AAAAAAAAAA/payment-status-paid', remoteAddress });
      // (Without a proof of transfer each answers 400; what matters is when 429 starts.)
      for (let i = 0; i < 20; i++) expect((await confirm(`2001:db8:88:1::${(i + 1).toString(16)}`)).statusCode).not.toBe(429);
      expect((await confirm('2001:db8:88:1::ffff')).statusCode).toBe(429);
      expect((await confirm('2001:db8:88:2::1')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('duplicates under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-identity limit (10 an hour) would otherwise answer most of these 20 attempts itself.
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_IDENTITY_LIMIT_PER_HOUR: '100' } });
  });
  afterAll(() => t.close());

  it('20 simultaneous attempts of one runner take one slot and all answer the same registration (or that it is still being opened)', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 50 }] });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload: registrationPayload(event), remoteAddress: freshIp() }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    // An attempt that arrives while the first one's checkout is still being opened at the gateway is
    // told so (decision 014); every other one resumes the first registration and its payment page.
    const inProgress = responses.filter((r) => r.statusCode === 409);
    for (const r of inProgress) expect(json(r).code).toBe('REGISTRATION_IN_PROGRESS');
    expect(codes.filter((c) => c === 200).length + inProgress.length).toBe(19);
    const answered = responses.filter((r) => r.statusCode !== 409);
    const ids = new Set(answered.map((r) => json<Created>(r).registration.registrationId));
    expect(ids.size).toBe(1);
    expect(new Set(answered.map((r) => json<Created>(r).payment_url)).size).toBe(1);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
    expect(await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.eventRef, event.id))).toHaveLength(1);
  });

  it('simultaneous attempts sharing only an email, or only an identity number, hold one slot between them', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 50 }] });
    const sameEmail = Array.from({ length: 10 }, (_, i) => registrationPayload(event, '10k', { runnerData: runnerData({ email: 'keluarga@gmail.com', identityNo: `31760000000000${i + 10}` }) }));
    const sameIdentity = Array.from({ length: 10 }, (_, i) => registrationPayload(event, '10k', { runnerData: runnerData({ email: `kembar${i}@gmail.com`, identityNo: '3177000000000001' }) }));
    const responses = await Promise.all(
      [...sameEmail, ...sameIdentity].map((payload) => t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload, remoteAddress: freshIp() })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    expect(codes.filter((c) => c >= 500)).toHaveLength(0);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(2);
  });
});
