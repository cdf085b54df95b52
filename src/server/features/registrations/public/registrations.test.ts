import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { FULL_MESSAGE, registrationMessages as m } from '../../../../domain/registrations/registration-form';
import { GatewayError } from '../../../adapters/payments/port';
import { sandboxKey, sandboxNotification } from '../../../adapters/payments/sandbox';
import { eventCategories } from '../../../db/schema/events';
import { mailOutbox } from '../../../db/schema/infra';
import { orders } from '../../../db/schema/payments';
import { runnerRegistrations } from '../../../db/schema/registrations';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { postNotification, readOrder, sandboxEvent } from '../../../test/fixtures/payments';
import {
  freshRunner,
  insertEvent,
  postRegistration,
  readCategory,
  readRegistration,
  registrationPayload,
  runnerData,
} from '../../../test/fixtures/registrations';
import { expireStaleSelfManagedRegistrations, newQrToken, newRegistrationId } from '../service';

type Created = { registration: { _id: string; registrationId: string; status: string; payment: { amount: number; status: string; eventFee: number; adminFee: number; method: string | null }; eventId: string; categoryId: string; createdAt: string }; payment_url: string | null };

const wasm = readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });

describe('public runner registration', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
    key = sandboxKey(t.config.jwtSecret);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const pay = (orderRef: string, amount: number, outcome: 'pay' | 'fail' = 'pay') => sandboxEvent(t, orderRef, amount, outcome === 'pay' ? 'settlement' : 'deny');

  describe('validation (spec §5, exact messages)', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['empty email', { runnerData: runnerData({ email: '' }) }, m.emailRequired],
      ['two @', { runnerData: runnerData({ email: 'a@b@gmail.com' }) }, m.emailOneAt],
      ['bad email', { runnerData: runnerData({ email: 'rina gmail@x.com' }) }, m.emailFormat],
      ['typo domain', { runnerData: runnerData({ email: 'rina@gmial.com' }) }, 'Domain mungkin salah eja, maksud Anda rina@gmail.com?'],
      ['missing dot', { runnerData: runnerData({ email: 'rina@gmailcom' }) }, 'Domain mungkin salah eja, maksud Anda rina@gmail.com?'],
      ['reversed', { runnerData: runnerData({ email: 'rina@com.gmail' }) }, 'Domain mungkin salah eja, maksud Anda rina@gmail.com?'],
      ['short domain', { runnerData: runnerData({ email: 'rina@a.b' }) }, m.emailDomainShort],
      ['no extension', { runnerData: runnerData({ email: 'rina@localhost' }) }, m.emailNoExtension],
      ['short extension', { runnerData: runnerData({ email: 'rina@derap.c' }) }, m.emailExtensionShort],
      ['long local part', { runnerData: runnerData({ email: `${'r'.repeat(65)}@gmail.com` }) }, m.emailLocalTooLong],
      ['phone letters', { runnerData: runnerData({ phone: '0812-abc 345' }) }, m.phone.characters],
      ['phone without 0, 62 or +62', { runnerData: runnerData({ phone: '812 3456 7890' }) }, m.phone.start],
      ['emergency phone short', { runnerData: runnerData({ emergencyContact: '0812-345' }) }, m.emergencyPhone.short],
      ['BIB > 10', { runnerData: runnerData({ bibName: 'RIZKY PRATAMA' }) }, m.bibTooLong(13)],
      ['NIK of 13 digits', { runnerData: runnerData({ identityNo: '3174000000000' }) }, 'NIK harus 16 angka sesuai KTP (terisi 13 angka)'],
      ['NIK with letters', { runnerData: runnerData({ identityNo: 'A174000000000001' }) }, 'NIK hanya boleh berisi angka (16 angka sesuai KTP)'],
      ['passport with symbols', { runnerData: runnerData({ identityType: 'Passport', identityNo: 'A12/34567' }) }, 'Nomor paspor hanya boleh berisi huruf dan angka'],
      ['dob format', { runnerData: runnerData({ dob: '1994-08-17' }) }, m.dobFormat],
      ['dob future', { runnerData: runnerData({ dob: '01-01-2999' }) }, m.dobFuture],
      ['blood type', { runnerData: runnerData({ bloodType: 'C' }) }, 'Golongan darah wajib dipilih'],
      ['shirt size', { runnerData: runnerData({ tshirtSize: 'XXXL' }) }, 'Ukuran kaos wajib dipilih'],
      ['sex', { runnerData: runnerData({ sex: 'L' }) }, 'Jenis kelamin wajib dipilih'],
      ['identity type', { runnerData: runnerData({ identityType: 'SIM' }) }, 'Jenis identitas wajib dipilih'],
      ['full name', { runnerData: runnerData({ fullName: '' }) }, 'Nama lengkap wajib diisi'],
      ['identity number', { runnerData: runnerData({ identityNo: ' ' }) }, 'Nomor identitas wajib diisi'],
      ['emergency name', { runnerData: runnerData({ emergencyName: '' }) }, 'Nama kontak darurat wajib diisi'],
      ['category', { categoryId: '' }, m.categoryRequired],
      ['unknown payment method', { paymentMethod: 'cash' }, m.paymentMethodUnknown],
    ])('%s → 400 with the message', async (_label, over, message) => {
      const { event } = await insertEvent(t);
      const res = await postRegistration(t, registrationPayload(event, '10k', over));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
      expect((await readCategory(t, (await t.database.db.select().from(eventCategories))[0]!.id)).sold).toBe(0);
    });

    it('requires a payment method when the event offers options, and one of those', async () => {
      const { event } = await insertEvent(t, { paymentOptions: ['bni_va', 'gopay'] });
      const missing = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined }));
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toMatchObject({ message: 'Anda harus memilih metode pembayaran terlebih dahulu.', code: 'PAYMENT_METHOD_REQUIRED' });
      const other = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: 'bri_va' }));
      expect(other.statusCode).toBe(400);
      expect(json(other)).toMatchObject({ message: 'Metode pembayaran tidak tersedia untuk event ini.' });
    });

    it('stores phones as +62… and identity numbers without separators, whatever way they were typed', async () => {
      const { event } = await insertEvent(t);
      const ktp = await postRegistration(t, registrationPayload(event, '10k', { runnerData: runnerData({ phone: '0812-3456-7890', emergencyContact: '62 812 9876 5432', identityNo: '3174 0000 0000 0001' }) }));
      expect(ktp.statusCode).toBe(201);
      expect(await readRegistration(t, json<Created>(ktp).registration.registrationId)).toMatchObject({ phone: '+6281234567890', emergencyContact: '+6281298765432', identityNo: '3174000000000001' });
      const passport = await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner({ identityType: 'Passport', identityNo: 'a 1234567', phone: '+65 9123 4567' }) }));
      expect(passport.statusCode).toBe(201);
      expect(await readRegistration(t, json<Created>(passport).registration.registrationId)).toMatchObject({ identityNo: 'A1234567', phone: '+6591234567' });
    });

    it("stores '-' for a blank community and medical notes", async () => {
      const { event } = await insertEvent(t);
      const res = await postRegistration(t, registrationPayload(event));
      expect(res.statusCode).toBe(201);
      expect(await readRegistration(t, json<Created>(res).registration.registrationId)).toMatchObject({ community: '-', medicalNotes: '-', dob: '1994-08-17' });
    });
  });

  describe('which events take registrations', () => {
    it('unknown event → 404', async () => {
      const res = await postRegistration(t, { ...registrationPayload((await insertEvent(t)).event), eventId: 'tidak-ada' });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ message: 'Event tidak ditemukan.' });
    });

    it.each(['diajukan', 'ditolak'] as const)('an event that is %s → 409', async (status) => {
      const { event } = await insertEvent(t, { status });
      const res = await postRegistration(t, registrationPayload(event));
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ code: 'EVENT_NOT_ACCEPTED' });
    });

    it('an event an admin closed (tutup) → 409 that says it is closed, even inside its window', async () => {
      const { event } = await insertEvent(t, { status: 'tutup' });
      const res = await postRegistration(t, registrationPayload(event));
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ message: 'Pendaftaran event ini telah ditutup oleh penyelenggara.', code: 'REGISTRATION_CLOSED' });
    });

    it('not open yet → 409 with the opening date, time and zone (WIB)', async () => {
      const { event } = await insertEvent(t, { regOpen: new Date('2099-03-01T02:00:00Z'), regClose: new Date('2099-04-01T02:00:00Z') });
      const res = await postRegistration(t, registrationPayload(event));
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ message: 'Pendaftaran akan dibuka pada 1 Maret 2099 pada pukul 09.00 WIB', code: 'REGISTRATION_NOT_OPEN' });
    });

    it('closed → 409 with the closing date', async () => {
      const { event } = await insertEvent(t, { regOpen: new Date('2020-01-01T00:00:00Z'), regClose: new Date('2020-02-01T16:59:00Z') });
      const res = await postRegistration(t, registrationPayload(event));
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ message: 'Pendaftaran telah ditutup pada 1 Februari 2020 pada pukul 23.59 WIB', code: 'REGISTRATION_CLOSED' });
    });

    it('every category full → 409 with the quota message', async () => {
      const { event } = await insertEvent(t, { categories: [{ name: '5K', slots: 2, sold: 2 }, { name: '10K', slots: 1, sold: 1 }] });
      const res = await postRegistration(t, registrationPayload(event));
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ message: FULL_MESSAGE, code: 'EVENT_FULL' });
    });

    it('unknown category → 404', async () => {
      const { event } = await insertEvent(t);
      const res = await postRegistration(t, registrationPayload(event, 'ultra-100k'));
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ message: 'Kategori tidak ditemukan pada event ini.' });
    });

    it('finds the event by its eventId, its code (any case) or its _id', async () => {
      const { event } = await insertEvent(t, { name: 'Jakarta Night Run', code: 'jnr-2027' });
      for (const eventId of ['jakarta-night-run', 'JNR-2027', event.id]) {
        const res = await postRegistration(t, registrationPayload(event, '10k', { eventId, runnerData: freshRunner() }));
        expect(res.statusCode, eventId).toBe(201);
        expect(json<Created>(res).registration.eventId).toBe('jakarta-night-run');
      }
    });

    it("a key that is one event's slug and another's code resolves the same way every time: _id, then eventId, then code", async () => {
      // Two events written directly (createEvent now refuses this pairing), inserted code-owner first
      // so an unordered lookup would tend to find it.
      const { event: byCode } = await insertEvent(t, { name: 'Derap Lain', code: 'bandung-trail' });
      const { event: bySlug } = await insertEvent(t, { name: 'Bandung Trail', code: 'bdg-01' });
      expect(bySlug.eventId).toBe('bandung-trail');
      for (let i = 0; i < 3; i++) {
        const res = await postRegistration(t, registrationPayload(bySlug, '10k', { eventId: 'bandung-trail', runnerData: freshRunner() }));
        expect(json<Created>(res).registration.eventId).toBe('bandung-trail');
      }
      const res = await postRegistration(t, registrationPayload(byCode, '10k', { eventId: byCode.id }));
      expect(res.statusCode).toBe(201);
      expect(json<Created>(res).registration.eventId).toBe(byCode.eventId);
    });
  });

  describe('slots', () => {
    it("a full category → 409 'Slot Habis' while others still take runners", async () => {
      const { event, categories } = await insertEvent(t, { categories: [{ name: '5K', slots: 1 }, { name: '10K', slots: 5 }] });
      expect((await postRegistration(t, registrationPayload(event, '5k'))).statusCode).toBe(201);
      const full = await postRegistration(t, registrationPayload(event, '5k', { runnerData: freshRunner() }));
      expect(full.statusCode).toBe(409);
      expect(json(full)).toMatchObject({ message: 'Slot Habis: kategori 5K sudah penuh.', code: 'SLOT_FULL' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
      expect((await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }))).statusCode).toBe(201);
    });

    it('a gateway failure leaves no held slot: the registration and its order are canceled (rush.test.ts)', async () => {
      const { event, categories } = await insertEvent(t);
      const spy = vi.spyOn(t.app.payments.gateway, 'createTransaction').mockRejectedValueOnce(new GatewayError('down'));
      const res = await postRegistration(t, registrationPayload(event));
      spy.mockRestore();
      expect(res.statusCode).toBe(502);
      expect(json(res)).toMatchObject({ code: 'PAYMENT_GATEWAY_ERROR' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
      expect(await t.database.db.select({ status: runnerRegistrations.status }).from(runnerRegistrations)).toEqual([{ status: 'canceled' }]);
      expect(await t.database.db.select({ status: orders.status }).from(orders)).toEqual([{ status: 'canceled' }]);
    });
  });

  describe('platform payment', () => {
    it('answers only the registration summary: no runner data (identity number, medical notes, contacts)', async () => {
      const { event } = await insertEvent(t);
      const res = await postRegistration(t, registrationPayload(event));
      expect(res.statusCode).toBe(201);
      const { registration } = json<{ registration: Record<string, unknown> }>(res);
      expect(Object.keys(registration).sort()).toEqual(['_id', 'categoryId', 'createdAt', 'eventId', 'expiresAt', 'payment', 'registrationId', 'status']);
      expect(res.body).not.toContain('3174000000000001');
      expect(res.body).not.toContain('rina@gmail.com');
    });

    it('reserves the slot, prices from the database and opens the order (ignoring any amount sent)', async () => {
      const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', price: 185_000, adminFee: 10_000 }] });
      const runner = await t.login('rina@gmail.com', 'runner');
      const res = await postRegistration(t, { ...registrationPayload(event), amount: 1, price: 1 }, runner.headers);
      expect(res.statusCode).toBe(201);
      const body = json<Created>(res);
      expect(body.registration).toMatchObject({
        status: 'pending',
        categoryId: '10k',
        payment: { status: 'pending', amount: 195_000, eventFee: 185_000, adminFee: 10_000, method: 'bni_va' },
      });
      expect(body.registration.registrationId).toMatch(/^REG-[A-Z2-7]{10}$/);
      expect(body.payment_url).toMatch(/^http:\/\/localhost:3000\/api\/payments\/sandbox\/REG-/);
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);

      const row = await readRegistration(t, body.registration.registrationId);
      expect(row.userId).toBe(runner.userId);
      expect(row.qrToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const order = await readOrder(t, row.orderId!);
      expect(order).toMatchObject({
        kind: 'registration',
        amount: 195_000,
        enabledPayments: ['bni_va'],
        metadata: { registrationId: body.registration.registrationId },
        finishUrl: `http://localhost:3000/registration-success?id=${body.registration.registrationId}`,
        userId: runner.userId,
      });
      expect(row.expiresAt?.toISOString()).toBe(order.expiresAt.toISOString());
      const minutes = (order.expiresAt.getTime() - order.createdAt.getTime()) / 60_000;
      // A platform registration holds its slot for REGISTRATION_HOLD_MINUTES (15), not the self-managed window.
      expect(minutes).toBe(15);
      expect(t.config.registrationHoldMinutes).toBe(15);
      expect(body.registration).toMatchObject({ expiresAt: order.expiresAt.toISOString() });
    });

    it('a signed payment notification confirms the registration once and mails the QR code once', async () => {
      const { event } = await insertEvent(t, { name: 'Derap Run 2027' });
      const body = json<Created>(await postRegistration(t, registrationPayload(event)));
      const row = await readRegistration(t, body.registration.registrationId);
      const order = await readOrder(t, row.orderId!);

      expect((await pay(order.gatewayRef, order.amount)).statusCode).toBe(200);
      const confirmed = await readRegistration(t, body.registration.registrationId);
      expect(confirmed).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect(confirmed.confirmedAt).toBeInstanceOf(Date);
      expect((await readOrder(t, order.id)).status).toBe('paid');

      // repeated notification: nothing changes, still one mail
      expect((await pay(order.gatewayRef, order.amount)).statusCode).toBe(200);
      const mails = await t.database.db.select().from(mailOutbox);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail).toMatchObject({ to: 'rina@gmail.com', status: 'stored', topic: `registration:${row.id}` });
      expect(mail.subject).toContain('Derap Run 2027');
      for (const part of ['Derap Run 2027', 'Gelora Bung Karno, Jakarta', '10K', 'RINA', row.registrationId, 'Rp160.000', 'WIB']) {
        expect(mail.text).toContain(part);
        expect(mail.html).toContain(part);
      }
      expect(mail.text).toContain(row.qrToken);
      const [qr] = mail.attachments;
      expect(qr).toMatchObject({ contentType: 'image/png' });
      expect(mail.html).toContain(`src="cid:${qr!.cid}"`);
      const decoded = await readBarcodes(new Blob([Buffer.from(qr!.base64, 'base64')], { type: 'image/png' }), { formats: ['QRCode'] });
      expect(decoded.map((d) => d.text)).toEqual([row.qrToken]);
    });

    it('a forged notification changes nothing', async () => {
      const { event } = await insertEvent(t);
      const body = json<Created>(await postRegistration(t, registrationPayload(event)));
      const row = await readRegistration(t, body.registration.registrationId);
      const order = await readOrder(t, row.orderId!);
      const forged = sandboxNotification({ orderRef: order.gatewayRef, amount: order.amount, transactionStatus: 'settlement', paymentType: 'gopay' }, 'not-the-key');
      expect((await postNotification(t, forged)).statusCode).toBe(401);
      const cheap = sandboxNotification({ orderRef: order.gatewayRef, amount: 1000, transactionStatus: 'settlement', paymentType: 'gopay' }, key);
      expect((await postNotification(t, cheap)).statusCode).toBe(400);
      expect(await readRegistration(t, row.registrationId)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
      expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    });

    it('an expired order expires the registration and frees its slot exactly once; a late payment does not revive it', async () => {
      const { event, categories } = await insertEvent(t);
      const body = json<Created>(await postRegistration(t, registrationPayload(event)));
      const row = await readRegistration(t, body.registration.registrationId);
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
      const later = new Date(Date.now() + 2 * 60 * 60_000);
      expect(await t.app.payments.expireStaleOrders(later)).toHaveLength(1);
      expect(await readRegistration(t, row.registrationId)).toMatchObject({ status: 'expired', paymentStatus: 'expired' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
      expect(await t.app.payments.expireStaleOrders(later)).toHaveLength(0);
      const order = await readOrder(t, row.orderId!);
      expect((await pay(order.gatewayRef, order.amount)).statusCode).toBe(200);
      expect(await readRegistration(t, row.registrationId)).toMatchObject({ status: 'expired' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
      expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    });

    it('a refunded or voided payment cancels the registration and frees its slot once; a collected racepack stays', async () => {
      const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: 5 }] });
      // Refunded or voided at the gateway, which then notifies.
      const takeBack = (orderRef: string, amount: number, status: 'refund' | 'cancel') => sandboxEvent(t, orderRef, amount, status);
      const paidRegistration = async () => {
        const body = json<Created>(await postRegistration(t, registrationPayload(event)));
        const row = await readRegistration(t, body.registration.registrationId);
        const order = await readOrder(t, row.orderId!);
        expect((await pay(order.gatewayRef, order.amount)).statusCode).toBe(200);
        return { registrationId: row.registrationId, order };
      };
      const refunded = await paidRegistration();
      const voided = await paidRegistration();
      const collected = await paidRegistration();
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(3);

      expect((await takeBack(refunded.order.gatewayRef, refunded.order.amount, 'refund')).statusCode).toBe(200);
      expect((await readOrder(t, refunded.order.id)).status).toBe('refunded');
      expect(await readRegistration(t, refunded.registrationId)).toMatchObject({ status: 'canceled' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(2);
      // the same notification again frees nothing more
      await takeBack(refunded.order.gatewayRef, refunded.order.amount, 'refund');
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(2);

      expect((await takeBack(voided.order.gatewayRef, voided.order.amount, 'cancel')).statusCode).toBe(200);
      expect((await readOrder(t, voided.order.id)).status).toBe('canceled');
      expect(await readRegistration(t, voided.registrationId)).toMatchObject({ status: 'canceled' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);

      await t.database.db.update(runnerRegistrations).set({ status: 'racepack_collected', racepackCollectedAt: new Date() }).where(eq(runnerRegistrations.registrationId, collected.registrationId));
      await takeBack(collected.order.gatewayRef, collected.order.amount, 'refund');
      expect((await readOrder(t, collected.order.id)).status).toBe('refunded');
      expect(await readRegistration(t, collected.registrationId)).toMatchObject({ status: 'racepack_collected' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
    });

    it('a failed attempt keeps the reservation (the payer may retry)', async () => {
      const { event, categories } = await insertEvent(t);
      const body = json<Created>(await postRegistration(t, registrationPayload(event)));
      const row = await readRegistration(t, body.registration.registrationId);
      const order = await readOrder(t, row.orderId!);
      expect((await pay(order.gatewayRef, order.amount, 'fail')).statusCode).toBe(200);
      expect(await readRegistration(t, row.registrationId)).toMatchObject({ status: 'pending' });
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
    });
  });

  describe('self-managed payment (proof, verification and the hold: self-managed/self-managed.test.ts)', () => {
    it('has no payment_url and holds the slot for the default 48 hours', async () => {
      const { event } = await insertEvent(t, { paymentType: 'self_managed' });
      const before = Date.now();
      const res = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined }));
      expect(res.statusCode).toBe(201);
      const body = json<Created>(res);
      expect(body.payment_url).toBeNull();
      expect(body.registration).toMatchObject({ status: 'pending', payment: { method: null, amount: 160_000 } });
      const expiresAt = (await readRegistration(t, body.registration.registrationId)).expiresAt!.getTime();
      expect(expiresAt).toBeGreaterThanOrEqual(before + 48 * 60 * 60_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 48 * 60 * 60_000);
    });

    it('the sweep expires holds past their time and frees each slot once', async () => {
      const { event, categories } = await insertEvent(t, { paymentType: 'self_managed', categories: [{ name: '10K', slots: 3 }] });
      // Two runners (one pending registration per identity: the same runner twice would resume).
      for (let i = 0; i < 2; i++) await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner() }));
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(2);
      expect(await expireStaleSelfManagedRegistrations(t.database.db, new Date())).toBe(0);
      const later = new Date(Date.now() + 49 * 60 * 60_000);
      expect(await expireStaleSelfManagedRegistrations(t.database.db, later)).toBe(2);
      expect(await expireStaleSelfManagedRegistrations(t.database.db, later)).toBe(0);
      expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
    });

    it('is rate limited per address, and a made-up X-Forwarded-For does not give a fresh one', async () => {
      let last = 0;
      for (let i = 0; i < 21; i++) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/runner-registrations/REG-AAAAAAAAAA/payment-status-paid',
          remoteAddress: '192.0.2.7',
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
        last = res.statusCode;
      }
      expect(last).toBe(429);
    });
  });

  describe('client address behind a proxy', () => {
    it('with TRUST_PROXY set to the proxy, its X-Forwarded-For is the address; REGISTRATION_RATE_LIMIT_PER_MINUTE sets the limit', async () => {
      const proxied = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', TRUST_PROXY: '192.0.2.1', REGISTRATION_RATE_LIMIT_PER_MINUTE: '2' } });
      try {
        const { event } = await insertEvent(proxied, { paymentType: 'self_managed' });
        const post = (forwardedFor: string, remoteAddress = '192.0.2.1') =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/runner-registrations',
            payload: registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner() }),
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor },
          });
        expect((await post('198.51.100.1')).statusCode).toBe(201);
        expect((await post('198.51.100.1')).statusCode).toBe(201);
        expect((await post('198.51.100.1')).statusCode).toBe(429);
        // Another client behind the trusted proxy has its own allowance...
        expect((await post('198.51.100.2')).statusCode).toBe(201);
        // ...but a client that is not the proxy cannot pick its address.
        expect((await post('198.51.100.3', '203.0.113.9')).statusCode).toBe(201);
        expect((await post('198.51.100.4', '203.0.113.9')).statusCode).toBe(201);
        expect((await post('198.51.100.5', '203.0.113.9')).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('GET /api/admin/mail-outbox', () => {
    it('shows admins the latest mail with its QR attachment; nobody else', async () => {
      const { event } = await insertEvent(t);
      const id = json<Created>(await postRegistration(t, registrationPayload(event))).registration.registrationId;
      const order = await readOrder(t, (await readRegistration(t, id)).orderId!);
      expect((await pay(order.gatewayRef, order.amount)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/mail-outbox' })).statusCode).toBe(401);
      const runner = await t.login('rina@gmail.com', 'runner');
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: runner.headers })).statusCode).toBe(403);
      const admin = await t.login('dewi@derap.id', 'admin');
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const { data } = json<{ data: { to: string; subject: string; attachments: { contentType: string; size: number }[] }[] }>(res);
      expect(data).toHaveLength(1);
      expect(data[0]!.subject).toContain(id);
      expect(data[0]!.attachments[0]).toMatchObject({ contentType: 'image/png' });
      expect(data[0]!.attachments[0]!.size).toBeGreaterThan(200);
    });
  });

  it('registration ids and QR tokens are random and well-formed', () => {
    const ids = new Set(Array.from({ length: 2000 }, newRegistrationId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^REG-[A-Z2-7]{10}$/);
    expect(new Set(Array.from({ length: 2000 }, newQrToken)).size).toBe(2000);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('slot reservation under a rush (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  it('300 simultaneous registrations for 100 slots: exactly 100 succeed, 200 get Slot Habis, sold = 100', async () => {
    const { event, categories } = await insertEvent(t, {
      categories: [
        { name: '10K', slots: 100 },
        { name: '5K', slots: 10 },
      ],
    });
    const responses = await Promise.all(Array.from({ length: 300 }, () => postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }))));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(100);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(200);
    for (const r of refused) expect(json(r)).toMatchObject({ code: 'SLOT_FULL', message: 'Slot Habis: kategori 10K sudah penuh.' });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(100);
    expect(await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.categoryRef, categories[0]!.id))).toHaveLength(100);
    expect(await t.database.db.select().from(orders)).toHaveLength(100);
  });
});
