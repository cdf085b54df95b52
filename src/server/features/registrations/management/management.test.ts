import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { managementMessages as m, RESEND_PER_HOUR } from '../../../../domain/registrations/management';
import type { EventCancellation } from '../../../../domain/registrations/management';
import type { RegistrationJson } from '../../../../domain/registrations/contract';
import { EVENT_CANCELED_MESSAGE } from '../../../../domain/registrations/openness';
import { events, type EventRow } from '../../../db/schema/events';
import { jobs, mailOutbox } from '../../../db/schema/infra';
import { registrationChanges, runnerRegistrations } from '../../../db/schema/registrations';
import { users } from '../../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { startFakeMidtrans, type FakeMidtrans } from '../../../test/fixtures/fake-midtrans';
import { postNotification, readOrder } from '../../../test/fixtures/payments';
import { freshRunner, insertEvent, postRegistration, readCategory, readRegistration } from '../../../test/fixtures/registrations';
import { registrationRow } from '../../../test/fixtures/registration-data';
import { refundMessages } from '../../payments/service';
import { cancelRegistration, CANCEL_EVENT_JOB } from './service';
import { findManagedRegistration } from './service.runner-data';
import type { PaymentService } from '../../payments/service';

const PRICE = 150_000;
const TOTAL = 160_000;

/**
 * The organizer's management of registrations and events (issue 13 item 2, decision 021), through
 * the API with Midtrans faked on 127.0.0.1: cancel (refund or not), resend, corrections and their
 * history, the manual refund list, and an event's cancellation by its durable job.
 */
describe('registration management API', () => {
  let t: TestApp;
  let fake: FakeMidtrans;

  beforeAll(async () => {
    fake = await startFakeMidtrans();
    t = await buildTestApp({
      env: { MIDTRANS_SERVER_KEY: fake.serverKey, MIDTRANS_SNAP_URL: fake.url, MIDTRANS_API_URL: fake.url, PAYMENT_EXPIRY_SWEEP_SECONDS: '0' },
    });
  });
  beforeEach(async () => {
    await t.reset();
    fake.reset();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** An accepted platform event (10K: Rp150.000 + Rp10.000) and its organizer signed in. */
  async function setup(opts: { slots?: number } = {}) {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', price: PRICE, slots: opts.slots ?? 100 }] });
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, event.createdBy));
    const organizer = await t.login(owner!.email, 'organizer', owner!.name);
    return { event, category: categories[0]!, organizer };
  }

  /** A runner registers through the API; `paid`: Midtrans settles and notifies. */
  async function register(event: EventRow, paid = true, by: { method: string; paymentType: string } = { method: 'gopay', paymentType: 'gopay' }) {
    const res = await postRegistration(t, { eventId: event.eventId, categoryId: '10k', paymentMethod: by.method, runnerData: freshRunner() });
    expect(res.statusCode).toBe(201);
    const registrationId = json<{ registration: { registrationId: string } }>(res).registration.registrationId;
    const row = await readRegistration(t, registrationId);
    const order = await readOrder(t, row.orderId!);
    if (paid) {
      const note = fake.notify({ orderId: order.gatewayRef, transactionStatus: 'settlement', grossAmount: order.amount, paymentType: by.paymentType });
      expect((await postNotification(t, note)).statusCode).toBe(200);
    }
    return { row: await readRegistration(t, registrationId), order };
  }

  /** A registration paid by hand (no order), as a self-managed event's are once verified. */
  async function paidByHand(event: EventRow, categoryId: string, i = 900) {
    const [row] = await t.database.db
      .insert(runnerRegistrations)
      .values(registrationRow(event, { id: categoryId, price: PRICE, adminFee: 10_000 }, i, { paymentMethod: null }))
      .returning();
    await t.database.db.execute(`update event_categories set sold = sold + 1 where id = '${categoryId}'`);
    return row!;
  }

  const post = (url: string, headers: Record<string, string> | undefined, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const refundCalls = () => fake.requests.filter((r) => r.path.endsWith('/refund'));

  describe('who may', () => {
    it('refuses anonymous (401), runners and coaches (403) and another organizer (404: the registration is not theirs) on every route', async () => {
      const { event } = await setup();
      const { row } = await register(event);
      const runner = await t.login('rina.runner@contoh.id', 'runner');
      const coach = await t.login('andi.coach@contoh.id', 'coach');
      const other = await t.login('joko.organizer@contoh.id', 'organizer');
      const base = `/api/runner-registrations/${row.registrationId}`;
      const calls: [string, string, unknown][] = [
        ['POST', `${base}/cancel`, { reason: 'x', refund: true }],
        ['POST', `${base}/resend`, undefined],
        ['PATCH', base, { bibName: 'BARU' }],
        ['GET', `${base}/history`, undefined],
        ['POST', `${base}/refund-settled`, undefined],
      ];
      for (const [method, url, payload] of calls) {
        const call = (headers?: Record<string, string>) => t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
        expect((await call()).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(runner.headers)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(coach.headers)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(other.headers)).statusCode, `${method} ${url}`).toBe(404);
      }
      for (const [method, url, payload] of [
        ['GET', `/api/events/${event.id}/cancellation`, undefined],
        ['POST', `/api/events/${event.id}/cancel`, { notice: 'Dibatalkan karena cuaca buruk.' }],
      ] as const) {
        const call = (headers?: Record<string, string>) => t.app.inject({ method, url, headers, payload: payload as object });
        expect((await call()).statusCode).toBe(401);
        expect((await call(runner.headers)).statusCode).toBe(403);
        expect((await call(other.headers)).statusCode).toBe(403);
      }
      // Nothing changed for anyone's attempt.
      expect((await readRegistration(t, row.registrationId)).status).toBe('confirmed');
      expect((await t.database.db.select().from(events).where(eq(events.id, event.id)))[0]!.status).toBe('diterima');
      expect(refundCalls()).toHaveLength(0);
    });

    it('lets an admin cancel any organizer\'s registration', async () => {
      const { event } = await setup();
      const { row } = await register(event);
      const admin = await t.login('dewi.admin@contoh.id', 'admin');
      const res = await post(`/api/runner-registrations/${row.registrationId}/cancel`, admin.headers, { reason: 'Data ganda', refund: false });
      expect(res.statusCode).toBe(200);
      expect((await readRegistration(t, row.registrationId)).status).toBe('canceled');
    });
  });

  describe('canceling one registration', () => {
    it('with refund: the event fee goes back through Midtrans (admin fee kept), the slot is freed once, the runner is mailed; a replay refunds nothing', async () => {
      const { event, category, organizer } = await setup();
      const { row, order } = await register(event);
      expect((await readCategory(t, category.id)).sold).toBe(1);
      const url = `/api/runner-registrations/${row.id}/cancel`;
      const res = await post(url, organizer.headers, { reason: 'Pelari cedera lutut', refund: true });
      expect(res.statusCode).toBe(200);
      const body = json<{ registration: RegistrationJson; message: string }>(res);
      expect(body.message).toBe(m.canceledRefunded(PRICE));
      expect(body.registration).toMatchObject({
        status: 'canceled',
        payment: { status: 'refunded' },
        cancellation: { reason: 'Pelari cedera lutut', byEvent: false, refund: { mode: 'gateway', amount: PRICE, settledAt: null } },
      });
      expect(fake.refundsOf(order.gatewayRef)).toEqual([expect.objectContaining({ amount: PRICE, refundKey: `${order.gatewayRef}-RF`, reason: 'Pelari cedera lutut' })]);
      expect((await readOrder(t, order.id)).status).toBe('refunded');
      expect((await readCategory(t, category.id)).sold).toBe(0);
      const mails = await mailsTo(row.email);
      const canceledMail = mails.find((x) => x.subject.startsWith('Pendaftaran Dibatalkan'));
      expect(canceledMail?.text).toContain('Alasan: Pelari cedera lutut');
      expect(canceledMail?.text).toContain('Rp150.000 dikembalikan ke metode pembayaran');

      const again = await post(url, organizer.headers, { reason: 'Pelari cedera lutut', refund: true });
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ code: 'ALREADY_CANCELED', message: m.alreadyCanceled });
      expect(fake.refundsOf(order.gatewayRef)).toHaveLength(1);
      expect((await readCategory(t, category.id)).sold).toBe(0);
      expect((await mailsTo(row.email)).filter((x) => x.subject.startsWith('Pendaftaran Dibatalkan'))).toHaveLength(1);
    });

    it('a cancellation without refund landing while a refund is on its way: the record ends up telling the refund', async () => {
      const { event, category, organizer } = await setup();
      const { row, order } = await register(event);
      const [user] = await t.database.db.select().from(users).where(eq(users.id, organizer.userId));
      const racing: PaymentService = {
        ...t.app.payments,
        async refundOrder(orderId, input) {
          // Another organizer's "no refund" cancellation commits while this one talks to Midtrans.
          const other = await post(`/api/runner-registrations/${row.registrationId}/cancel`, organizer.headers, { reason: 'Ganda', refund: false });
          expect(other.statusCode).toBe(200);
          return t.app.payments.refundOrder(orderId, input);
        },
      };
      const found = await findManagedRegistration(t.database.db, user!, row.registrationId);
      await cancelRegistration({ db: t.database.db, payments: racing, mail: t.app.mail, publicUrl: t.config.publicUrl, log: t.app.log }, user!, found, {
        reason: 'Cedera',
        refund: true,
      });
      expect(await readRegistration(t, row.registrationId)).toMatchObject({ status: 'canceled', refundMode: 'gateway', refundAmount: PRICE, paymentStatus: 'refunded' });
      expect(fake.refundsOf(order.gatewayRef)).toHaveLength(1);
      expect((await readCategory(t, category.id)).sold).toBe(0);
    });

    it('without refund: canceled and mailed, the order stays paid, Midtrans is not asked', async () => {
      const { event, category, organizer } = await setup();
      const { row, order } = await register(event);
      const res = await post(`/api/runner-registrations/${row.registrationId}/cancel`, organizer.headers, { reason: 'Melanggar aturan', refund: false });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ message: m.canceledNoRefund, registration: { status: 'canceled', cancellation: { refund: { mode: 'none', amount: 0 } } } });
      expect((await readOrder(t, order.id)).status).toBe('paid');
      expect(refundCalls()).toHaveLength(0);
      expect((await readCategory(t, category.id)).sold).toBe(0);
      expect((await mailsTo(row.email)).find((x) => x.subject.startsWith('Pendaftaran Dibatalkan'))?.text).toContain('Tidak ada pengembalian dana');
    });

    it('a gateway refusal answers 502 with nothing changed (still confirmed, slot held, no mail)', async () => {
      const { event, category, organizer } = await setup();
      const { row, order } = await register(event);
      fake.failNextRefund({ status: 200, body: { status_code: '412', status_message: 'Merchant cannot modify status of the transaction' } });
      const res = await post(`/api/runner-registrations/${row.registrationId}/cancel`, organizer.headers, { reason: 'x', refund: true });
      expect(res.statusCode).toBe(502);
      expect(json(res)).toMatchObject({ code: 'REFUND_FAILED', message: refundMessages.gatewayFailed });
      expect((await readRegistration(t, row.registrationId)).status).toBe('confirmed');
      expect((await readOrder(t, order.id)).status).toBe('paid');
      expect((await readCategory(t, category.id)).sold).toBe(1);
      expect((await mailsTo(row.email)).filter((x) => x.subject.startsWith('Pendaftaran Dibatalkan'))).toHaveLength(0);
    });

    it('an unpaid hold: its checkout is closed at Midtrans first, then canceled (slot freed once, nothing refunded)', async () => {
      const { event, category, organizer } = await setup();
      const { row, order } = await register(event, false);
      const res = await post(`/api/runner-registrations/${row.registrationId}/cancel`, organizer.headers, { reason: 'Pendaftaran ganda', refund: true });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ message: m.canceledUnpaid, registration: { status: 'canceled' } });
      expect(fake.requests.some((r) => r.path === `/v2/${order.gatewayRef}/expire`)).toBe(true);
      expect((await readOrder(t, order.id)).status).toBe('canceled');
      expect((await readCategory(t, category.id)).sold).toBe(0);
      expect(refundCalls()).toHaveLength(0);
    });

    it('wants a reason (Indonesian message) and a refund choice; refuses a collected racepack', async () => {
      const { event, organizer } = await setup();
      const { row } = await register(event);
      const url = `/api/runner-registrations/${row.registrationId}/cancel`;
      const noReason = await post(url, organizer.headers, { reason: '   ', refund: true });
      expect(noReason.statusCode).toBe(400);
      expect(json<{ message: string }>(noReason).message).toContain(m.reasonRequired);
      const noChoice = await post(url, organizer.headers, { reason: 'x' });
      expect(noChoice.statusCode).toBe(400);
      expect(json<{ message: string }>(noChoice).message).toContain(m.refundRequired);
      await t.database.db.update(runnerRegistrations).set({ status: 'racepack_collected' }).where(eq(runnerRegistrations.id, row.id));
      const collected = await post(url, organizer.headers, { reason: 'x', refund: true });
      expect(collected.statusCode).toBe(409);
      expect(json(collected)).toMatchObject({ code: 'RACEPACK_COLLECTED', message: m.racepackCollected });
    });

    it("paid by hand with refund: on the event's 'refund manual' list until marked settled", async () => {
      const { event, category, organizer } = await setup();
      const row = await paidByHand(event, category.id);
      const res = await post(`/api/runner-registrations/${row.registrationId}/cancel`, organizer.headers, { reason: 'Pindah kota', refund: true });
      expect(json(res)).toMatchObject({ message: m.canceledManual(PRICE), registration: { cancellation: { refund: { mode: 'manual', amount: PRICE, settledAt: null } } } });
      const state = json<EventCancellation>(await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/cancellation`, headers: organizer.headers }));
      expect(state.manualRefunds).toEqual([expect.objectContaining({ registrationId: row.registrationId, amount: PRICE, settledAt: null })]);
      const settled = await post(`/api/runner-registrations/${row.registrationId}/refund-settled`, organizer.headers);
      expect(settled.statusCode).toBe(200);
      expect(json<{ registration: RegistrationJson }>(settled).registration).toMatchObject({
        payment: { status: 'refunded' },
        cancellation: { refund: { settledAt: expect.any(String) } },
      });
    });
  });

  describe('resending the confirmation', () => {
    it('sends the QR mail again for a confirmed registration, at most 3 an hour; refuses an unpaid one', async () => {
      const { event, organizer } = await setup();
      const { row } = await register(event);
      for (let i = 0; i < RESEND_PER_HOUR; i++) {
        const res = await post(`/api/runner-registrations/${row.registrationId}/resend`, organizer.headers);
        expect(res.statusCode).toBe(200);
        expect(json(res)).toEqual({ message: m.resent(row.email), sentTo: row.email });
      }
      const resent = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `registration-resend:${row.id}:%`));
      expect(resent).toHaveLength(RESEND_PER_HOUR);
      expect(resent[0]!.subject).toContain('Pendaftaran Berhasil');
      expect(resent[0]!.attachments).toHaveLength(1);
      const limited = await post(`/api/runner-registrations/${row.registrationId}/resend`, organizer.headers);
      expect(limited.statusCode).toBe(429);
      expect(json(limited)).toMatchObject({ code: 'RESEND_LIMIT', message: m.resendTooOften });

      const { row: unpaid } = await register(event, false);
      const refused = await post(`/api/runner-registrations/${unpaid.registrationId}/resend`, organizer.headers);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toMatchObject({ code: 'NOT_CONFIRMED', message: m.resendNotConfirmed });
    });
  });

  describe("correcting a runner's data", () => {
    it('applies the registration form rules, changes only what differs, keeps who/when/old → new, and never touches identity', async () => {
      const { event, organizer } = await setup();
      const { row } = await register(event);
      const url = `/api/runner-registrations/${row.registrationId}`;
      const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: organizer.headers, payload: payload as object });

      const tooLong = await patch({ bibName: 'ABCDEFGHIJK' });
      expect(tooLong.statusCode).toBe(400);
      expect(json<{ message: string }>(tooLong).message).toContain('Nama BIB maksimal 10 karakter');
      expect((await patch({ tshirtSize: 'XXL' })).statusCode).toBe(400);
      const identityOnly = await patch({ identityNo: '9999', fullName: 'Orang Lain' });
      expect(identityOnly.statusCode).toBe(400);
      expect(json(identityOnly)).toMatchObject({ code: 'NOTHING_TO_CHANGE' });

      const res = await patch({ bibName: 'RINA W', tshirtSize: 'L', phone: row.phone });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ changes: 2, message: m.corrected(2), registration: { runnerData: { bibName: 'RINA W', tshirtSize: 'L' } } });
      const same = await patch({ bibName: 'RINA W' });
      expect(json(same)).toMatchObject({ changes: 0, message: m.noChanges });

      const history = json<{ changes: { field: string; oldValue: string; newValue: string; changedBy: { name: string }; changedAt: string }[] }>(
        await t.app.inject({ method: 'GET', url: `${url}/history`, headers: organizer.headers }),
      );
      expect(history.changes.map((c) => [c.field, c.oldValue, c.newValue]).sort()).toEqual(
        [
          ['bibName', row.bibName, 'RINA W'],
          ['tshirtSize', row.tshirtSize, 'L'],
        ].sort(),
      );
      expect(history.changes[0]!.changedBy.name).toBe('Siti Penyelenggara');
      const stored = await readRegistration(t, row.registrationId);
      expect(stored.identityNo).toBe(row.identityNo);
      expect(stored.fullName).toBe(row.fullName);
      expect(await t.database.db.select().from(registrationChanges)).toHaveLength(2);

      // A phone is corrected by the form's rules too: letters refused, the number stored as +62.
      const letters = await patch({ phone: '0812-abc 345' });
      expect(letters.statusCode).toBe(400);
      expect(json(letters)).toMatchObject({ message: 'Nomor telepon hanya boleh berisi angka, spasi, tanda hubung (-) dan tanda + di depan' });
      const phone = await patch({ phone: '0812-7777 8888' });
      expect(json(phone)).toMatchObject({ changes: 1, registration: { runnerData: { phone: '+6281277778888' } } });
    });
  });

  describe('canceling an event', () => {
    it('3 paid + 1 unpaid + 1 paid by hand: full refunds through Midtrans, the hold closed, the manual list, one notice mail each, slots freed; the job resumes after a crash without refunding twice', async () => {
      const { event, category, organizer } = await setup();
      const paid = [await register(event), await register(event), await register(event)];
      const unpaid = await register(event, false);
      const byHand = await paidByHand(event, category.id);
      expect((await readCategory(t, category.id)).sold).toBe(5);

      // Before: what the confirmation dialog shows.
      const preview = json<EventCancellation>(await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/cancellation`, headers: organizer.headers }));
      expect(preview).toMatchObject({
        summary: { platformPaid: { count: 3, amount: 3 * TOTAL }, manualPaid: { count: 1, amount: TOTAL }, unpaid: { count: 1 } },
        progress: null,
      });

      const notice = 'Event dibatalkan karena banjir di lokasi lomba. Mohon maaf.';
      const res = await post(`/api/events/${event.id}/cancel`, organizer.headers, { notice });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ event: { status: 'dibatalkan', notice }, progress: { state: 'running', remaining: 5 } });
      // Registration is refused at once, with the reason.
      const late = await postRegistration(t, { eventId: event.eventId, categoryId: '10k', paymentMethod: 'gopay', runnerData: freshRunner() });
      expect(late.statusCode).toBe(409);
      expect(json(late)).toMatchObject({ code: 'EVENT_CANCELED', message: EVENT_CANCELED_MESSAGE });

      // The first refund is made at Midtrans but its answer never arrives (a crash right after the gateway call).
      fake.failNextRefund({ status: 0, body: null }, { applied: true });
      await t.app.jobs.runDue();
      const [job] = await t.database.db.select().from(jobs).where(and(eq(jobs.name, CANCEL_EVENT_JOB), eq(jobs.key, event.id)));
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job!.lastError).toContain('1 pendaftaran belum dapat dibatalkan');
      const midway = json<EventCancellation>(await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/cancellation`, headers: organizer.headers }));
      expect(midway.progress).toMatchObject({ state: 'running', remaining: 1, refunded: { count: 2, amount: 2 * TOTAL }, failedRefunds: 1 });
      expect((await readRegistration(t, paid[0]!.row.registrationId)).status).toBe('confirmed');

      // The retry (after its backoff) finishes the one left, with the same refund key: no second refund.
      await t.app.jobs.runDue(new Date(Date.now() + 10 * 60_000));
      const done = json<EventCancellation>(await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/cancellation`, headers: organizer.headers }));
      expect(done.progress).toMatchObject({ state: 'done', remaining: 0, refunded: { count: 3, amount: 3 * TOTAL }, lastError: null });
      expect(done.manualRefunds).toEqual([expect.objectContaining({ registrationId: byHand.registrationId, amount: TOTAL, settledAt: null })]);
      for (const { order } of paid) {
        expect(fake.refundsOf(order.gatewayRef)).toEqual([expect.objectContaining({ amount: TOTAL, refundKey: `${order.gatewayRef}-RF` })]);
        expect((await readOrder(t, order.id)).status).toBe('refunded');
      }
      expect((await readOrder(t, unpaid.order.id)).status).toBe('canceled');
      const rows = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.eventRef, event.id));
      expect(rows.map((r) => r.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled', 'canceled']);
      expect(rows.find((r) => r.id === byHand.id)).toMatchObject({ refundMode: 'manual', refundAmount: TOTAL, cancelReason: notice, paymentStatus: 'paid' });
      expect(rows.filter((r) => r.refundMode === 'gateway').map((r) => r.paymentStatus)).toEqual(['refunded', 'refunded', 'refunded']);
      expect((await readCategory(t, category.id)).sold).toBe(0);
      for (const r of rows) {
        const noticeMails = (await mailsTo(r.email)).filter((x) => x.topic === `event-canceled:${r.id}`);
        expect(noticeMails, r.email).toHaveLength(1);
        expect(noticeMails[0]!.text).toContain(notice);
      }
      expect((await mailsTo(unpaid.row.email)).find((x) => x.topic?.startsWith('event-canceled'))?.text).toContain('Belum ada pembayaran');

      // Once more changes nothing: the same state, no new job, no new refund or mail.
      const again = await post(`/api/events/${event.id}/cancel`, organizer.headers, { notice: 'Pemberitahuan lain yang berbeda.' });
      expect(json(again)).toMatchObject({ event: { notice }, progress: { state: 'done' } });
      await t.app.jobs.runDue(new Date(Date.now() + 60 * 60_000));
      expect(refundCalls().filter((r) => (r.body as { refund_key?: string }).refund_key)).toHaveLength(4);
      expect(await t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, 'event-canceled:%'))).toHaveLength(5);
      expect(await t.database.db.select().from(jobs).where(eq(jobs.name, CANCEL_EVENT_JOB))).toHaveLength(1);
    });

    it('a bank transfer (virtual account) cannot be refunded through Midtrans: 409 for one registration, the manual list when the event is canceled', async () => {
      const { event, organizer } = await setup();
      const va = await register(event, true, { method: 'bni_va', paymentType: 'bank_transfer' });
      const single = await post(`/api/runner-registrations/${va.row.registrationId}/cancel`, organizer.headers, { reason: 'Cedera', refund: true });
      expect(single.statusCode).toBe(409);
      expect(json(single)).toMatchObject({ code: 'REFUND_NOT_SUPPORTED', message: m.refundNotSupported });
      expect((await readRegistration(t, va.row.registrationId)).status).toBe('confirmed');
      const qris = await register(event, true, { method: 'gopay', paymentType: 'qris' });

      const preview = json<EventCancellation>(await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/cancellation`, headers: organizer.headers }));
      expect(preview.summary).toMatchObject({ platformPaid: { count: 1, amount: TOTAL }, manualPaid: { count: 1, amount: TOTAL } });
      await post(`/api/events/${event.id}/cancel`, organizer.headers, { notice: 'Dibatalkan karena izin keramaian dicabut.' });
      await t.app.jobs.runDue();
      const done = json<EventCancellation>(await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/cancellation`, headers: organizer.headers }));
      expect(done.progress).toMatchObject({ state: 'done', refunded: { count: 1, amount: TOTAL } });
      expect(done.manualRefunds).toEqual([expect.objectContaining({ registrationId: va.row.registrationId, platform: true, amount: TOTAL })]);
      expect(fake.refundsOf(va.order.gatewayRef)).toHaveLength(0);
      expect(fake.refundsOf(qris.order.gatewayRef)).toHaveLength(1);
      expect(refundCalls()).toHaveLength(1);
    });

    it('an admin cannot reject or close an accepted event runners paid for or are paying for (409 pointing to Batalkan Event); without them it can', async () => {
      const { event } = await setup();
      const admin = await t.login('dewi.admin@contoh.id', 'admin');
      const moderate = (status: string) => t.app.inject({ method: 'PATCH', url: `/api/admin/events/${event.id}/status`, headers: admin.headers, payload: { status } });
      const paid = await register(event, true);
      await register(event, false);
      for (const to of ['ditolak', 'tutup'] as const) {
        const refused = await moderate(to);
        expect(refused.statusCode, to).toBe(409);
        expect(json<{ code: string; message: string }>(refused)).toMatchObject({ code: 'EVENT_HAS_RUNNERS', message: expect.stringContaining('Batalkan Event') });
        expect(json<{ message: string }>(refused).message).toContain('2 pendaftaran');
      }
      const [stored] = await t.database.db.select().from(events).where(eq(events.id, event.id));
      expect(stored!.status).toBe('diterima');
      expect((await readRegistration(t, paid.row.registrationId)).status).toBe('confirmed');
      // Once every registration is canceled (refunded), the event may be closed.
      await t.database.db.update(runnerRegistrations).set({ status: 'canceled' }).where(eq(runnerRegistrations.eventRef, event.id));
      expect((await moderate('tutup')).statusCode).toBe(200);
    });

    it('wants a notice; admin moderation can neither cancel nor reopen a canceled event', async () => {
      const { event, organizer } = await setup();
      const noNotice = await post(`/api/events/${event.id}/cancel`, organizer.headers, { notice: 'batal' });
      expect(noNotice.statusCode).toBe(400);
      expect(json<{ message: string }>(noNotice).message).toContain(m.noticeTooShort);
      const admin = await t.login('dewi.admin@contoh.id', 'admin');
      const moderate = (status: string) => t.app.inject({ method: 'PATCH', url: `/api/admin/events/${event.id}/status`, headers: admin.headers, payload: { status } });
      expect((await moderate('dibatalkan')).statusCode).toBe(400);
      expect((await post(`/api/events/${event.id}/cancel`, admin.headers, { notice: 'Dibatalkan oleh admin karena izin dicabut.' })).statusCode).toBe(200);
      expect((await moderate('diterima')).statusCode).toBe(400);
      const [stored] = await t.database.db.select().from(events).where(eq(events.id, event.id));
      expect(stored).toMatchObject({ status: 'dibatalkan', cancelNotice: 'Dibatalkan oleh admin karena izin dicabut.' });
    });
  });
});
