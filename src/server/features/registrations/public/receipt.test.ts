import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../../adapters/mail/outbox';
import { mailOutbox } from '../../../db/schema/infra';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { readOrder, sandboxEvent } from '../../../test/fixtures/payments';
import { freshIp, freshRunner, insertEvent, postRegistration, readRegistration, registrationPayload } from '../../../test/fixtures/registrations';
import { RESEND_WINDOW_MINUTES, resendConfirmation, resendMessages } from './confirmation-resend';
import { RECEIPT_COOKIE, receiptKey } from './payment-state';
import { RESEND_RATE_LIMIT_PER_HOUR } from './routes';

/**
 * Issue 13 item 7: one REG number from the countdown to the checkout, the success page's receipt
 * (QR code and summary) for the payer only, the runner's own 'Kirim ulang email', and the
 * dashboard's 'Event Diikuti'.
 */

type Created = { registration: { registrationId: string }; payment_url: string | null };
type Receipt = { fullName: string; bibName: string; tshirtSize: string; emailHint: string; qrToken: string };
type PaymentState = { registration: { registrationId: string; status: string }; payment_url: string | null; receipt: Receipt | null };
type Mine = {
  registrations: { registrationId: string; status: string; bibName: string; categoryName: string; qrToken: string | null; paymentKey: string | null; event: { name: string; code: string } }[];
};

describe('the registration a runner finishes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function register(runner = freshRunner(), headers: Record<string, string> = {}) {
    const { event } = await insertEvent(t, { name: `Derap Run ${Math.random().toString(36).slice(2, 7)}` });
    const res = await postRegistration(t, registrationPayload(event, '10k', { runnerData: runner }), headers);
    expect(res.statusCode, res.body).toBe(201);
    const created = json<Created>(res);
    const row = await readRegistration(t, created.registration.registrationId);
    const order = await readOrder(t, row.orderId!);
    // The runner's own browser keeps the receipt cookie of the answer.
    const cookie = (res.cookies as { name: string; value: string; path?: string; httpOnly?: boolean }[]).find((c) => c.name === RECEIPT_COOKIE)!;
    return { event, created, row, order, runner, cookie };
  }
  const state = (id: string, order: string, opts: { cookie?: string; key?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/runner-registrations/${id}/payment-state?order=${encodeURIComponent(order)}${opts.key === undefined ? '' : `&key=${encodeURIComponent(opts.key)}`}`,
      headers: opts.cookie ? { cookie: `${RECEIPT_COOKIE}=${opts.cookie}` } : {},
      remoteAddress: freshIp(),
    });
  const resend = (id: string, order: unknown, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: `/api/runner-registrations/${id}/resend-confirmation`, payload: { order } as Record<string, unknown>, remoteAddress });

  it('the checkout carries the REG number of the countdown: the order reference starts with it, and the sandbox page names it', async () => {
    const { created, order } = await register();
    const id = created.registration.registrationId;
    expect(order.gatewayRef).toMatch(new RegExp(`^${id}-[0-9a-f]{24}$`));
    // Midtrans takes order ids of up to 50 characters.
    expect(order.gatewayRef.length).toBeLessThanOrEqual(50);
    expect(created.payment_url).toContain(order.gatewayRef);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${order.gatewayRef}` });
    expect(page.body).toContain(`<dt>ID Pendaftaran</dt><dd>${id}</dd>`);
  });

  it('the payment state answers the receipt (name, BIB, size, masked email, QR value) only once paid, to the runner’s own browser', async () => {
    const { created, order, row, cookie } = await register(freshRunner({ email: 'putu.ayu@gmail.com', bibName: 'PUTU', tshirtSize: 'S' }));
    const id = created.registration.registrationId;
    expect(cookie).toMatchObject({ httpOnly: true, path: `/api/runner-registrations/${id}` });
    expect(json<PaymentState>(await state(id, order.gatewayRef, { cookie: cookie.value })).receipt).toBeNull();
    expect((await sandboxEvent(t, order.gatewayRef, order.amount, 'settlement')).statusCode).toBe(200);
    const paid = json<PaymentState>(await state(id, order.gatewayRef, { cookie: cookie.value }));
    expect(paid.registration.status).toBe('confirmed');
    expect(paid.payment_url).toBeNull();
    expect(paid.receipt).toEqual({ fullName: row.fullName, bibName: 'PUTU', bibNumber: null, tshirtSize: 'S', emailHint: 'pu***@gmail.com', qrToken: row.qrToken });
    // Without its own order reference: nothing, not even the status.
    expect((await state(id, 'REG-TEBAKAN000-000000000000000000000000')).statusCode).toBe(404);
  });

  it('the return address alone (id + order_id) shows the status without name or QR code; Derap’s link key shows them (issue 26 §8)', async () => {
    const a = await register(freshRunner({ fullName: 'Ni Luh Putu Ayu' }));
    const b = await register();
    const id = a.created.registration.registrationId;
    await sandboxEvent(t, a.order.gatewayRef, a.order.amount, 'settlement');
    const bare = await state(id, a.order.gatewayRef);
    expect(bare.statusCode).toBe(200);
    const seen = json<PaymentState>(bare);
    expect(seen.registration.status).toBe('confirmed');
    expect(seen.receipt).toBeNull();
    expect(bare.body).not.toContain('Ni Luh Putu Ayu');
    expect(bare.body).not.toContain(a.row.qrToken);
    // Another registration's cookie, a made-up key: the same.
    for (const opts of [{ cookie: b.cookie.value }, { key: b.cookie.value }, { key: 'x'.repeat(43) }, { key: '' }]) {
      expect(json<PaymentState>(await state(id, a.order.gatewayRef, opts)).receipt, JSON.stringify(opts)).toBeNull();
    }
    // The key of Derap's link (the same value the runner's cookie holds), as the confirmation mail carries it.
    expect(a.cookie.value).toBe(receiptKey(t.config.jwtSecret, id));
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.topic, `registration:${a.row.id}`));
    const link = new URL(/https?:\/\/\S+\/registration-success\?\S+/.exec(mail!.text)![0]);
    expect(link.searchParams.get('id')).toBe(id);
    expect(link.searchParams.get('order_id')).toBe(a.order.gatewayRef);
    expect(mail!.html).toContain(`key=${a.cookie.value}`);
    expect(json<PaymentState>(await state(id, a.order.gatewayRef, { key: link.searchParams.get('key')! })).receipt).toMatchObject({
      fullName: 'Ni Luh Putu Ayu',
      qrToken: a.row.qrToken,
    });
  });

  describe('POST /api/runner-registrations/{registrationId}/resend-confirmation', () => {
    it('mails the confirmation again to the registered address, once per window per registration', async () => {
      const { created, order, row } = await register(freshRunner({ email: 'sari.lari@gmail.com' }));
      const id = created.registration.registrationId;
      await sandboxEvent(t, order.gatewayRef, order.amount, 'settlement');
      const sent = await resend(id, order.gatewayRef);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(json(sent)).toEqual({ message: resendMessages.sent('sa***@gmail.com') });
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sari.lari@gmail.com'));
      // The confirmation of the payment, and the resend (with the QR code again).
      expect(mails).toHaveLength(2);
      const again = mails.find((m) => m.topic !== `registration:${row.id}`)!;
      expect(again.topic).toMatch(new RegExp(`^registration:${row.id}:runner-resend:\\d+$`));
      expect(again.text).toContain(id);
      expect(again.attachments[0]!.contentType).toBe('image/png');

      const tooSoon = await resend(id, order.gatewayRef);
      expect(tooSoon.statusCode).toBe(429);
      expect(json(tooSoon)).toMatchObject({ code: 'RESEND_TOO_SOON', message: resendMessages.tooSoon });
      // After the window, one more.
      const later = new Date(Date.now() + RESEND_WINDOW_MINUTES * 60_000);
      await expect(resendConfirmation(t.database.db, createOutboxMailer(t.database.db), id, order.gatewayRef, later)).resolves.toBe(resendMessages.sent('sa***@gmail.com'));
    });

    it("refuses an unknown id, another registration's order reference and an unpaid registration, in Indonesian", async () => {
      const a = await register();
      const b = await register();
      const notFound = { code: 'NOT_FOUND', message: 'Terjadi kesalahan: ID pendaftaran tidak ditemukan.' };
      for (const res of [
        await resend('REG-TIDAKADA00', a.order.gatewayRef),
        await resend(a.created.registration.registrationId, b.order.gatewayRef),
        await resend(a.created.registration.registrationId, 'tebakan'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(json(res)).toMatchObject(notFound);
      }
      const unpaid = await resend(a.created.registration.registrationId, a.order.gatewayRef);
      expect(unpaid.statusCode).toBe(409);
      expect(json(unpaid)).toMatchObject({ code: 'REGISTRATION_NOT_PAID', message: resendMessages.notPaid });
      const bad = await resend(a.created.registration.registrationId, '');
      expect(bad.statusCode).toBe(400);
      expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    });

    it(`is limited to ${RESEND_RATE_LIMIT_PER_HOUR} requests per address per hour`, async () => {
      const codes: number[] = [];
      for (let i = 0; i <= RESEND_RATE_LIMIT_PER_HOUR; i++) codes.push((await resend('REG-TIDAKADA00', 'x', '203.0.113.77')).statusCode);
      expect(codes.slice(0, RESEND_RATE_LIMIT_PER_HOUR).every((c) => c === 404)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    });
  });

  describe('GET /api/runner-registrations/mine', () => {
    it("lists the runner's registrations made while signed in or with the account's email, the QR value only once paid, never another runner's", async () => {
      const runner = await t.login('dewi.pelari@gmail.com', 'runner');
      // Signed in, with another address on the form.
      const signedIn = await register(freshRunner({ email: 'dewi.kantor@contoh.id', bibName: 'DEWI' }), runner.headers);
      // Not signed in, with the account's address written differently (same Gmail mailbox).
      const byEmail = await register(freshRunner({ email: 'Dewi.Pelari+lari@gmail.com', bibName: 'DEWI2' }));
      // Someone else's.
      await register(freshRunner({ email: 'orang.lain@gmail.com', bibName: 'LAIN' }));
      await sandboxEvent(t, byEmail.order.gatewayRef, byEmail.order.amount, 'settlement');

      const res = await t.app.inject({ method: 'GET', url: '/api/runner-registrations/mine', headers: runner.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const { registrations } = json<Mine>(res);
      expect(registrations.map((r) => r.bibName).sort()).toEqual(['DEWI', 'DEWI2']);
      const paid = registrations.find((r) => r.bibName === 'DEWI2')!;
      expect(paid).toMatchObject({ status: 'confirmed', registrationId: byEmail.created.registration.registrationId, categoryName: '10K', qrToken: byEmail.row.qrToken });
      expect(paid.event).toMatchObject({ name: byEmail.event.name, code: byEmail.event.code });
      const pending = registrations.find((r) => r.bibName === 'DEWI')!;
      expect(pending).toMatchObject({ status: 'pending', registrationId: signedIn.created.registration.registrationId, qrToken: null, paymentKey: null });
      expect(paid.paymentKey).toBeNull();

      // An unpaid self-managed one carries the payment link's key: the runner's own list may send the proof (issue 26 §5).
      const { event: bank } = await insertEvent(t, { paymentType: 'self_managed' });
      const transfer = json<{ registration: { registrationId: string }; paymentKey: string }>(
        await postRegistration(t, registrationPayload(bank, '10k', { paymentMethod: undefined, runnerData: freshRunner({ email: 'dewi.pelari@gmail.com', bibName: 'DEWI3' }) }), runner.headers),
      );
      const listed = json<Mine>(await t.app.inject({ method: 'GET', url: '/api/runner-registrations/mine', headers: runner.headers })).registrations;
      expect(listed.find((r) => r.bibName === 'DEWI3')).toMatchObject({ registrationId: transfer.registration.registrationId, paymentKey: transfer.paymentKey });
      expect(transfer.paymentKey).toMatch(/^[\w-]{22}$/);

      // Another user sees none of them.
      const other = await t.login('bukan.dewi@gmail.com', 'organizer');
      const theirs = await t.app.inject({ method: 'GET', url: '/api/runner-registrations/mine', headers: other.headers });
      expect(json<Mine>(theirs).registrations).toEqual([]);
      // Anonymous: 401.
      expect((await t.app.inject({ method: 'GET', url: '/api/runner-registrations/mine' })).statusCode).toBe(401);
    });
  });
});
