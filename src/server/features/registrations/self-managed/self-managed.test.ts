import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../../domain/events/events';
import { paymentProofMessages as m } from '../../../../domain/registrations/payment-verification';
import { racepackMessages } from '../../../../domain/registrations/runner-export';
import { eventCategories, type EventRow } from '../../../db/schema/events';
import { mailOutbox } from '../../../db/schema/infra';
import { runnerRegistrations } from '../../../db/schema/registrations';
import { uploads } from '../../../db/schema/uploads';
import { users } from '../../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { multipart, TINY_PNG } from '../../../test/fixtures/multipart';
import { freshIp, freshRunner, insertEvent, postRegistration, readCategory, readRegistration, registrationPayload } from '../../../test/fixtures/registrations';
import { paymentKeyFor } from '../payment-key';
import { remindSelfManagedHolds, sweepSelfManagedRegistrations } from './service';
import { expireStaleSelfManagedRegistrations } from '../service';

const HOUR = 3_600_000;
const HOLD_HOURS = 36;
const REMINDER_HOURS = 10;

interface PaymentView {
  registrationId: string;
  status: string;
  payment: { status: string; amount: number };
  expiresAt: string | null;
  proofSubmittedAt: string | null;
  rejection: { reason: string; rejectedAt: string } | null;
  event: { name: string; code: string; paymentInstruction: { qrImage: string | null; instructions: string | null } | null };
}
interface OrganizerView {
  _id: string;
  registrationId: string;
  status: string;
  payment: { status: string };
  paymentProof: { url: string; submittedAt: string } | null;
  paymentVerifiedAt: string | null;
  paymentRejection: { reason: string; rejectedAt: string } | null;
}

/**
 * Self-managed payments (issue 8 item 9): proof of transfer, organizer verification and rejection,
 * the hold window and its reminder. Runs with a 36-hour hold and a 10-hour reminder so the tests
 * also prove both settings reach the code.
 */
describe('self-managed payments', () => {
  let t: TestApp;
  let dir: string;
  let proof: Buffer;
  let otherProof: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'derap-proofs-'));
    t = await buildTestApp({
      env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', STORAGE_DIR: dir, SELF_MANAGED_HOLD_HOURS: String(HOLD_HOURS), SELF_MANAGED_REMINDER_HOURS: String(REMINDER_HOURS) },
    });
    // Two real, different PNGs, as a phone's screenshot of a transfer would be.
    proof = await QRCode.toBuffer('Transfer BCA Rp160.000 berhasil', { type: 'png' });
    otherProof = await QRCode.toBuffer('Transfer BCA Rp160.000 berhasil (ulang)', { type: 'png' });
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function ownerOf(event: EventRow) {
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, event.createdBy));
    return t.login(owner!.email, 'organizer');
  }

  async function selfManagedEvent(slots = 100) {
    const { event, categories } = await insertEvent(t, { paymentType: 'self_managed', categories: [{ name: '10K', slots }] });
    return { event, category: categories[0]!, owner: await ownerOf(event) };
  }

  /** One runner per email: each email gets its own identity number (one pending registration per identity). */
  const identities = new Map<string, string>();
  async function register(event: EventRow, email = 'rina@gmail.com') {
    if (!identities.has(email)) identities.set(email, freshRunner().identityNo);
    const payload = registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner({ email, identityNo: identities.get(email)! }) });
    const res = await postRegistration(t, payload);
    expect(res.statusCode, res.body).toBe(201);
    return json<{ registration: { registrationId: string; _id: string } }>(res).registration;
  }

  /** The runner's 'Saya Sudah Membayar' through their own link (its key), unless `key` says otherwise. */
  const sendProof = (
    registrationId: string,
    bytes: Buffer | null = proof,
    extra: Parameters<typeof multipart>[0] = [],
    key: string | null = paymentKeyFor(t.config.jwtSecret, registrationId),
  ) => {
    const body = multipart([...(bytes ? [{ field: 'file', filename: 'bukti.png', type: 'image/png', bytes }] : []), ...extra]);
    return t.app.inject({
      method: 'PATCH',
      url: `/api/runner-registrations/${registrationId}/payment-status-paid${key === null ? '' : `?key=${encodeURIComponent(key)}`}`,
      headers: body.headers,
      payload: body.payload,
      remoteAddress: freshIp(),
    });
  };
  const paymentPage = (registrationId: string) =>
    t.app.inject({ method: 'GET', url: `/api/runner-registrations/${registrationId}/payment`, remoteAddress: freshIp() });
  const decide = (registrationId: string, action: 'verify' | 'reject', headers: Record<string, string> | undefined, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${registrationId}/payment-${action}`, headers, payload: payload as object });
  const organizerList = async (event: EventRow, headers: Record<string, string>, query = '') =>
    json<{ registrations: OrganizerView[]; total: number; eventTotal: number }>(
      await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}${query}`, headers }),
    );
  const mails = () => t.database.db.select().from(mailOutbox);

  /** A registration whose proof awaits verification, and the organizer's view of it. */
  async function awaiting() {
    const ctx = await selfManagedEvent();
    const reg = await register(ctx.event);
    expect((await sendProof(reg.registrationId)).statusCode).toBe(200);
    const [view] = (await organizerList(ctx.event, ctx.owner.headers)).registrations;
    return { ...ctx, reg, view: view! };
  }

  describe("the runner's 'Saya Sudah Membayar'", () => {
    it('holds a self-managed slot for SELF_MANAGED_HOLD_HOURS, a platform one for REGISTRATION_HOLD_MINUTES', async () => {
      const { event } = await selfManagedEvent();
      const before = Date.now();
      const reg = await register(event);
      const row = await readRegistration(t, reg.registrationId);
      expect(row.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + HOLD_HOURS * HOUR);
      expect(row.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + HOLD_HOURS * HOUR);

      const { event: platform } = await insertEvent(t);
      const created = json<{ registration: { registrationId: string } }>(await postRegistration(t, registrationPayload(platform)));
      const platformRow = await readRegistration(t, created.registration.registrationId);
      expect(platformRow.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    });

    it('a registration awaiting verification still counts as the runner\'s one unpaid registration: registering again resumes it', async () => {
      const { event, category } = await selfManagedEvent();
      const reg = await register(event);
      expect((await sendProof(reg.registrationId)).statusCode).toBe(200);
      const again = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner({ email: 'rina@gmail.com', identityNo: identities.get('rina@gmail.com')! }) }));
      expect(again.statusCode).toBe(200);
      expect(json<{ resumed: boolean; registration: { registrationId: string } }>(again)).toMatchObject({ resumed: true, registration: { registrationId: reg.registrationId } });
      expect((await readCategory(t, category.id)).sold).toBe(1);
    });

    it('without a proof of transfer answers 400 in Indonesian and changes nothing', async () => {
      const { event } = await selfManagedEvent();
      const reg = await register(event);
      const bare = await t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${reg.registrationId}/payment-status-paid`, remoteAddress: freshIp() });
      expect(bare.statusCode).toBe(400);
      expect(json(bare)).toMatchObject({ message: m.proofRequired, code: 'NO_FILE' });
      const asJson = await t.app.inject({
        method: 'PATCH',
        url: `/api/runner-registrations/${reg.registrationId}/payment-status-paid`,
        payload: { paid: true },
        remoteAddress: freshIp(),
      });
      expect(asJson.statusCode).toBe(400);
      expect(json(asJson).message).toBe(m.proofRequired);
      const noFilePart = await sendProof(reg.registrationId, null, [{ field: 'catatan', bytes: Buffer.from('sudah bayar') }]);
      expect(noFilePart.statusCode).toBe(400);
      expect(json(noFilePart).message).toBe(m.proofRequired);
      expect(await readRegistration(t, reg.registrationId)).toMatchObject({ status: 'pending', paymentStatus: 'pending', paymentProofKey: null });
      expect(await mails()).toHaveLength(0);
    });

    it('checks the type by content (not by name) and the 10 MB limit, like every upload', async () => {
      const { event } = await selfManagedEvent();
      const reg = await register(event);
      const html = await sendProof(reg.registrationId, Buffer.from('<html><script>alert(1)</script></html>'));
      expect(html.statusCode).toBe(400);
      expect(json(html)).toMatchObject({ message: m.notImage, code: 'NOT_AN_IMAGE' });
      const pdf = await sendProof(reg.registrationId, Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'));
      expect(json(pdf).message).toBe(m.notImage);
      const big = await sendProof(reg.registrationId, Buffer.concat([TINY_PNG, Buffer.alloc(IMAGE_MAX_BYTES)]));
      expect(big.statusCode).toBe(413);
      expect(json(big).message).toBe(m.tooLarge);
      expect(await readRegistration(t, reg.registrationId)).toMatchObject({ status: 'pending', paymentProofKey: null });
      expect(await t.database.db.select().from(uploads)).toHaveLength(0);
    });

    it('with a proof: awaiting verification (not paid, no QR mail), the hold keeps its end; a new proof replaces it', async () => {
      const { event } = await selfManagedEvent();
      const reg = await register(event);
      const res = await sendProof(reg.registrationId);
      expect(res.statusCode).toBe(200);
      const view = json<{ registration: PaymentView }>(res).registration;
      expect(view).toMatchObject({
        registrationId: reg.registrationId,
        status: 'awaiting_verification',
        payment: { status: 'pending', amount: 160_000 },
        rejection: null,
      });
      // Issue 26 §5: a proof does not stop the clock.
      expect(view.expiresAt).toBe((await readRegistration(t, reg.registrationId)).expiresAt!.toISOString());
      // No personal data for whoever holds the id.
      expect(JSON.stringify(view)).not.toMatch(/rina@gmail|Rina|3174000000000001/);
      const row = await readRegistration(t, reg.registrationId);
      expect(row.paymentProofKey).toMatch(/^[a-f0-9]{32}\.png$/);
      expect(row.paymentProofSubmittedAt!.toISOString()).toBe(view.proofSubmittedAt);
      expect(readdirSync(dir)).toContain(row.paymentProofKey);
      expect(await mails()).toHaveLength(0);

      const again = await sendProof(reg.registrationId, otherProof);
      expect(again.statusCode).toBe(200);
      const replaced = await readRegistration(t, reg.registrationId);
      expect(replaced.status).toBe('awaiting_verification');
      expect(replaced.paymentProofKey).not.toBe(row.paymentProofKey);
      expect(replaced.paymentProofSubmittedAt!.getTime()).toBeGreaterThanOrEqual(row.paymentProofSubmittedAt!.getTime());
    });

    it("sending or replacing a proof needs the secret of the runner's own link, not the id alone (issue 26 §5)", async () => {
      const { event } = await selfManagedEvent();
      const created = json<{ registration: { registrationId: string }; paymentKey: string | null }>(
        await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner() })),
      );
      const id = created.registration.registrationId;
      // The registration's answer carries the key (only to whoever registered); platform ones have none.
      expect(created.paymentKey).toBe(paymentKeyFor(t.config.jwtSecret, id));
      const other = await register(event, 'lain@gmail.com');
      for (const key of [null, '', 'x'.repeat(22), paymentKeyFor(t.config.jwtSecret, other.registrationId), `${created.paymentKey}a`]) {
        const res = await sendProof(id, proof, [], key);
        expect(res.statusCode, String(key)).toBe(403);
        expect(json(res)).toMatchObject({ message: m.keyRequired, code: 'PAYMENT_KEY_REQUIRED' });
      }
      expect(await readRegistration(t, id)).toMatchObject({ status: 'pending', paymentProofKey: null });
      expect((await sendProof(id, proof, [], created.paymentKey)).statusCode).toBe(200);
      const first = (await readRegistration(t, id)).paymentProofKey;
      // Someone who learned the id (a mail subject, the organizer's list) cannot replace the proof.
      expect((await sendProof(id, otherProof, [], null)).statusCode).toBe(403);
      expect((await readRegistration(t, id)).paymentProofKey).toBe(first);
      // The lower-case id of the same registration takes the same key.
      expect((await sendProof(id.toLowerCase(), otherProof, [], created.paymentKey)).statusCode).toBe(200);
      expect((await readRegistration(t, id)).paymentProofKey).not.toBe(first);
      const { event: platform } = await insertEvent(t);
      expect(json<{ paymentKey: string | null }>(await postRegistration(t, registrationPayload(platform))).paymentKey).toBeNull();
    });

    it('refuses platform events, unknown ids and holds that ran out', async () => {
      const { event: platform } = await insertEvent(t);
      const created = json<{ registration: { registrationId: string } }>(await postRegistration(t, registrationPayload(platform)));
      const refused = await sendProof(created.registration.registrationId);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe('Pembayaran event ini dikonfirmasi otomatis oleh gateway pembayaran.');
      const unknown = await sendProof('REG-TIDAKADA00');
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).message).toBe('Terjadi kesalahan: ID pendaftaran tidak ditemukan.');

      const { event } = await selfManagedEvent();
      const reg = await register(event);
      // Past its deadline but not yet swept: still refused.
      await t.database.db.update(runnerRegistrations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(runnerRegistrations.registrationId, reg.registrationId));
      const late = await sendProof(reg.registrationId);
      expect(late.statusCode).toBe(409);
      expect(json(late)).toMatchObject({ code: 'REGISTRATION_EXPIRED', message: 'Waktu pembayaran pendaftaran ini telah habis. Silakan daftar ulang.' });
    });

    it("the payment page shows the organizer's QR and instructions, the deadline and the status, for any id case", async () => {
      const { event } = await selfManagedEvent();
      const reg = await register(event);
      const res = await paymentPage(reg.registrationId.toLowerCase());
      expect(res.statusCode).toBe(200);
      const view = json<{ registration: PaymentView }>(res).registration;
      expect(view).toMatchObject({
        status: 'pending',
        proofSubmittedAt: null,
        event: { name: event.name, code: event.code, paymentInstruction: { qrImage: '/event-default.svg', instructions: 'Transfer ke BCA 123 a.n. Panitia.' } },
      });
      expect(new Date(view.expiresAt!).getTime()).toBeGreaterThan(Date.now() + (HOLD_HOURS - 1) * HOUR);
      expect(JSON.stringify(view)).not.toMatch(/rina@gmail|Rina Wulandari|3174000000000001|\+6281234567890/);
      const unknown = await paymentPage('REG-TIDAKADA00');
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).message).toBe('Terjadi kesalahan: ID pendaftaran tidak ditemukan.');
    });

    it('is rate limited per address (uploads and the payment page)', async () => {
      let last = 0;
      for (let i = 0; i < 21; i++) {
        last = (await t.app.inject({ method: 'PATCH', url: '/api/runner-registrations/REG-AAAAAAAAAA/payment-status-paid', remoteAddress: '192.0.2.9' })).statusCode;
      }
      expect(last).toBe(429);
      for (let i = 0; i < 61; i++) {
        last = (await t.app.inject({ method: 'GET', url: '/api/runner-registrations/REG-AAAAAAAAAA/payment', remoteAddress: '192.0.2.10' })).statusCode;
      }
      expect(last).toBe(429);
    });
  });

  describe('the proof image is private', () => {
    it("only the event's organizer and admins fetch it, never cached; /api/files does not serve it", async () => {
      const { reg, view, owner, event } = await awaiting();
      expect(view.paymentProof!.url).toBe(`/api/runner-registrations/${reg._id}/payment-proof`);
      const own = await t.app.inject({ method: 'GET', url: view.paymentProof!.url, headers: owner.headers });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.headers['x-content-type-options']).toBe('nosniff');
      expect(own.rawPayload.equals(proof)).toBe(true);
      // By registrationId too (what the scanner and the list carry).
      expect((await t.app.inject({ method: 'GET', url: `/api/runner-registrations/${reg.registrationId}/payment-proof`, headers: owner.headers })).statusCode).toBe(200);

      const admin = await t.login('dewi@derap.id', 'admin');
      expect((await t.app.inject({ method: 'GET', url: view.paymentProof!.url, headers: admin.headers })).statusCode).toBe(200);
      const stranger = await t.login('joko.organizer@contoh.id', 'organizer');
      const other = await t.app.inject({ method: 'GET', url: view.paymentProof!.url, headers: stranger.headers });
      expect(other.statusCode).toBe(404);
      expect(other.rawPayload.equals(proof)).toBe(false);
      const runner = await t.login('rina@gmail.com', 'runner');
      expect((await t.app.inject({ method: 'GET', url: view.paymentProof!.url, headers: runner.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: view.paymentProof!.url })).statusCode).toBe(401);

      const row = await readRegistration(t, reg.registrationId);
      const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.key, row.paymentProofKey!));
      expect(upload).toMatchObject({ visibility: 'private', contentType: 'image/png' });
      expect((await t.app.inject({ method: 'GET', url: `/api/files/${row.paymentProofKey}` })).statusCode).toBe(404);
      // A registration without a proof has nothing to show.
      const fresh = await register(event, 'budi@gmail.com');
      const none = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/${fresh._id}/payment-proof`, headers: owner.headers });
      expect(none.statusCode).toBe(404);
      expect(json(none).message).toBe(m.proofNotFound);
    });
  });

  describe('Verifikasi', () => {
    it("only the event's organizer (or an admin) verifies; the runner is confirmed, paid and mailed the QR once", async () => {
      const { reg, view, owner } = await awaiting();
      const body = { proofSubmittedAt: view.paymentProof!.submittedAt };
      const stranger = await t.login('joko.organizer@contoh.id', 'organizer');
      expect((await decide(reg.registrationId, 'verify', stranger.headers, body)).statusCode).toBe(404);
      const runner = await t.login('rina@gmail.com', 'runner');
      expect((await decide(reg.registrationId, 'verify', runner.headers, body)).statusCode).toBe(403);
      expect((await decide(reg.registrationId, 'verify', undefined, body)).statusCode).toBe(401);
      expect(await readRegistration(t, reg.registrationId)).toMatchObject({ status: 'awaiting_verification' });

      const res = await decide(reg.registrationId, 'verify', owner.headers, body);
      expect(res.statusCode).toBe(200);
      const verified = json<{ registration: OrganizerView; message: string }>(res);
      expect(verified.message).toBe(m.verified);
      expect(verified.registration).toMatchObject({ status: 'confirmed', payment: { status: 'paid' } });
      expect(verified.registration.paymentVerifiedAt).not.toBeNull();
      const row = await readRegistration(t, reg.registrationId);
      expect(row).toMatchObject({ paymentVerifiedBy: owner.userId, expiresAt: null });
      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toContain(`Pendaftaran Berhasil`);
      expect(sent[0]!.text).toContain(row.qrToken);
      expect(sent[0]!.attachments[0]!.contentType).toBe('image/png');

      const twice = await decide(reg.registrationId, 'verify', owner.headers, body);
      expect(twice.statusCode).toBe(409);
      expect(json(twice)).toMatchObject({ code: 'ALREADY_VERIFIED', message: m.alreadyVerified });
      // Once verified, the runner's button changes nothing and stores nothing.
      const uploadsBefore = (await t.database.db.select().from(uploads)).length;
      const late = await sendProof(reg.registrationId, otherProof);
      expect(late.statusCode).toBe(200);
      expect(json<{ registration: PaymentView }>(late).registration).toMatchObject({ status: 'confirmed', payment: { status: 'paid' } });
      expect((await readRegistration(t, reg.registrationId)).paymentProofKey).toBe(row.paymentProofKey);
      expect(await t.database.db.select().from(uploads)).toHaveLength(uploadsBefore);
      expect(await mails()).toHaveLength(1);
    });

    it('an admin may verify too', async () => {
      const { reg, view } = await awaiting();
      const admin = await t.login('dewi@derap.id', 'admin');
      expect((await decide(reg.registrationId, 'verify', admin.headers, { proofSubmittedAt: view.paymentProof!.submittedAt })).statusCode).toBe(200);
    });

    it('refuses a decision on a proof the organizer has not seen (replaced meanwhile), and a bad body', async () => {
      const { reg, view, owner } = await awaiting();
      await new Promise((r) => setTimeout(r, 5));
      expect((await sendProof(reg.registrationId, otherProof)).statusCode).toBe(200);
      for (const action of ['verify', 'reject'] as const) {
        const stale = await decide(reg.registrationId, action, owner.headers, { proofSubmittedAt: view.paymentProof!.submittedAt, reason: 'Nominal kurang' });
        expect(stale.statusCode).toBe(409);
        expect(json(stale)).toMatchObject({ code: 'PROOF_CHANGED', message: m.proofChanged });
      }
      const bad = await decide(reg.registrationId, 'verify', owner.headers, { proofSubmittedAt: 'kemarin' });
      expect(bad.statusCode).toBe(400);
      expect((await decide(reg.registrationId, 'verify', owner.headers, {})).statusCode).toBe(400);
      expect(await readRegistration(t, reg.registrationId)).toMatchObject({ status: 'awaiting_verification' });
    });

    it('refuses a registration that awaits no verification (no proof yet), and platform registrations', async () => {
      const { event, owner } = await selfManagedEvent();
      const reg = await register(event);
      const res = await decide(reg.registrationId, 'verify', owner.headers, { proofSubmittedAt: new Date().toISOString() });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ code: 'NOT_AWAITING_VERIFICATION', message: m.notAwaiting });
      const { event: platform } = await insertEvent(t);
      const platformOwner = await ownerOf(platform);
      const created = json<{ registration: { registrationId: string } }>(await postRegistration(t, registrationPayload(platform)));
      const refused = await decide(created.registration.registrationId, 'verify', platformOwner.headers, { proofSubmittedAt: new Date().toISOString() });
      expect(refused.statusCode).toBe(409);
    });

    it('verify and reject at once: exactly one wins', async () => {
      const { reg, view, owner } = await awaiting();
      const proofSubmittedAt = view.paymentProof!.submittedAt;
      const [a, b] = await Promise.all([
        decide(reg.registrationId, 'verify', owner.headers, { proofSubmittedAt }),
        decide(reg.registrationId, 'reject', owner.headers, { proofSubmittedAt, reason: 'Nama pengirim berbeda' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await mails()).toHaveLength(1);
    });
  });

  describe('only verified registrations count', () => {
    it('as participants and revenue in Daftar Kegiatan, and at the racepack desk', async () => {
      const { event, owner } = await selfManagedEvent();
      const a = await register(event, 'a@gmail.com');
      const b = await register(event, 'b@gmail.com');
      await register(event, 'c@gmail.com');
      await sendProof(a.registrationId);
      await sendProof(b.registrationId);
      const figures = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/events', headers: owner.headers });
        const mine = json<{ events: { _id: string; participants: number; revenue: number; awaitingVerification: number }[] }>(res).events.find((e) => e._id === event.id)!;
        return { participants: mine.participants, revenue: mine.revenue, awaitingVerification: mine.awaitingVerification };
      };
      expect(await figures()).toEqual({ participants: 0, revenue: 0, awaitingVerification: 2 });

      // Not verified: the scan refuses with its own message.
      const scan = (id: string) =>
        t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${id}/racepack`, headers: owner.headers, payload: { racePackStatus: 'racepack_collected' } });
      const refused = await scan(a.registrationId);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toMatchObject({ code: 'PAYMENT_UNVERIFIED', message: racepackMessages.unverified });

      const list = await organizerList(event, owner.headers, '?status=awaiting_verification');
      expect(list.registrations.map((r) => r.registrationId).sort()).toEqual([a.registrationId, b.registrationId].sort());
      expect(list.eventTotal).toBe(3);
      const viewA = list.registrations.find((r) => r.registrationId === a.registrationId)!;
      expect((await decide(a.registrationId, 'verify', owner.headers, { proofSubmittedAt: viewA.paymentProof!.submittedAt })).statusCode).toBe(200);
      // Revenue is the organizer's net (decision 020): the Rp160.000 paid less the Rp10.000 admin fee.
      expect(await figures()).toEqual({ participants: 1, revenue: 150_000, awaitingVerification: 1 });
      expect((await scan(a.registrationId)).statusCode).toBe(200);
      // Slots: all three still held (pending, awaiting and confirmed each hold one).
      const [category] = await t.database.db.select().from(eventCategories).where(eq(eventCategories.eventRef, event.id));
      expect(category!.sold).toBe(3);
    });

    it("Data Pelari and its CSV say 'Menunggu verifikasi', and search finds it", async () => {
      const { event, owner } = await awaiting();
      const csv = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/csv`, headers: owner.headers });
      expect(csv.body.split('\r\n')[1]).toContain(',Menunggu verifikasi,Menunggu');
      const found = await organizerList(event, owner.headers, '?q=verifikasi');
      expect(found.total).toBe(1);
    });
  });

  describe('Tolak', () => {
    it('needs a reason (1–500 characters), from the owner only; mails it; the registration is canceled and its slot freed (issue 26 §5)', async () => {
      const { reg, view, owner, category, event } = await awaiting();
      const proofSubmittedAt = view.paymentProof!.submittedAt;
      for (const [reason, message] of [
        [undefined, m.reasonRequired],
        ['   ', m.reasonRequired],
        ['x'.repeat(501), m.reasonTooLong],
      ] as const) {
        const res = await decide(reg.registrationId, 'reject', owner.headers, { proofSubmittedAt, ...(reason === undefined ? {} : { reason }) });
        expect(res.statusCode).toBe(400);
        expect(json(res).message).toBe(message);
      }
      const stranger = await t.login('joko.organizer@contoh.id', 'organizer');
      expect((await decide(reg.registrationId, 'reject', stranger.headers, { proofSubmittedAt, reason: 'x' })).statusCode).toBe(404);
      expect(await readRegistration(t, reg.registrationId)).toMatchObject({ status: 'awaiting_verification' });

      const before = Date.now();
      const reason = 'Nominal transfer Rp150.000, kurang Rp10.000. Mohon transfer kekurangannya.';
      const res = await decide(reg.registrationId, 'reject', owner.headers, { proofSubmittedAt, reason: `  ${reason}  ` });
      expect(res.statusCode).toBe(200);
      const rejected = json<{ registration: OrganizerView; message: string }>(res);
      expect(rejected.message).toBe(m.rejected);
      expect(rejected.registration).toMatchObject({ status: 'canceled', payment: { status: 'failed' }, paymentRejection: { reason } });
      const row = await readRegistration(t, reg.registrationId);
      expect(row).toMatchObject({ paymentRejectedBy: owner.userId, canceledBy: owner.userId, cancelReason: reason, refundMode: 'none', expiresAt: null });
      expect(row.canceledAt!.getTime()).toBeGreaterThanOrEqual(before);
      // No new hold: the slot is free for the next runner at once.
      expect((await readCategory(t, category.id)).sold).toBe(0);

      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'rina@gmail.com' });
      expect(sent[0]!.subject).toBe(`Bukti Pembayaran Ditolak: ${event.name} (${reg.registrationId})`);
      expect(sent[0]!.text).toContain(`Alasan: ${reason}`);
      expect(sent[0]!.text).toContain(`http://localhost:3000/register/${event.code}`);
      expect(sent[0]!.text).toContain('dibatalkan');
      expect(sent[0]!.html).toContain('Rp150.000, kurang Rp10.000');

      // The runner's page shows why; the canceled registration takes no new proof, nor a second decision.
      const page = json<{ registration: PaymentView }>(await paymentPage(reg.registrationId)).registration;
      expect(page).toMatchObject({ status: 'canceled', rejection: { reason }, expiresAt: null });
      expect((await sendProof(reg.registrationId, otherProof)).statusCode).toBe(409);
      expect((await decide(reg.registrationId, 'verify', owner.headers, { proofSubmittedAt })).statusCode).toBe(409);
      // The runner may register again (the one-pending rule no longer counts the canceled one).
      const again = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner({ email: 'rina@gmail.com', identityNo: identities.get('rina@gmail.com')! }) }));
      expect(again.statusCode).toBe(201);
    });

    it('escapes the reason in the mail (an organizer cannot inject markup into it)', async () => {
      const { reg, view, owner } = await awaiting();
      await decide(reg.registrationId, 'reject', owner.headers, { proofSubmittedAt: view.paymentProof!.submittedAt, reason: '<a href="https://jahat.example">klik</a>' });
      const [mail] = await mails();
      expect(mail!.html).not.toContain('<a href="https://jahat.example">');
      expect(mail!.html).toContain('&lt;a href=&quot;https://jahat.example&quot;&gt;');
    });
  });

  describe('the hold window', () => {
    it('ends every hold SELF_MANAGED_HOLD_HOURS after registering, whatever was uploaded (issue 26 §5)', async () => {
      const { event, category } = await selfManagedEvent(5);
      const unpaid = await register(event, 'a@gmail.com');
      const junk = await register(event, 'b@gmail.com');
      await sendProof(junk.registrationId, TINY_PNG);
      expect((await readCategory(t, category.id)).sold).toBe(2);

      // Just before the end, nothing; after it, both end and free their slots, the 1×1 "proof" too.
      expect(await expireStaleSelfManagedRegistrations(t.database.db, new Date(Date.now() + (HOLD_HOURS - 1) * HOUR))).toBe(0);
      const afterHold = new Date(Date.now() + (HOLD_HOURS + 1) * HOUR);
      expect(await expireStaleSelfManagedRegistrations(t.database.db, afterHold)).toBe(2);
      expect(await readRegistration(t, unpaid.registrationId)).toMatchObject({ status: 'expired', paymentStatus: 'expired' });
      expect(await readRegistration(t, junk.registrationId)).toMatchObject({ status: 'expired', paymentStatus: 'expired' });
      expect((await readCategory(t, category.id)).sold).toBe(0);
      // An ended hold takes no proof, nor a replacement.
      expect((await sendProof(unpaid.registrationId)).statusCode).toBe(409);
      expect((await sendProof(junk.registrationId)).statusCode).toBe(409);
      // The runner's page says it ended (no deadline any more).
      expect(json<{ registration: PaymentView }>(await paymentPage(junk.registrationId)).registration).toMatchObject({ status: 'expired', expiresAt: null });
    });

    it('a registration whose hold ended is expired on the spot when the runner registers again', async () => {
      const { event, category } = await selfManagedEvent();
      const reg = await register(event);
      await sendProof(reg.registrationId);
      await t.database.db.update(runnerRegistrations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(runnerRegistrations.registrationId, reg.registrationId));
      const again = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner({ email: 'rina@gmail.com', identityNo: identities.get('rina@gmail.com')! }) }));
      expect(again.statusCode).toBe(201);
      expect(await readRegistration(t, reg.registrationId)).toMatchObject({ status: 'expired' });
      expect((await readCategory(t, category.id)).sold).toBe(1);
    });

    it('the organizer may still verify a proof whose hold ended while a slot is free (it takes one again), or reject it', async () => {
      const { event, category, owner } = await selfManagedEvent(2);
      const late = await register(event, 'a@gmail.com');
      const rejected = await register(event, 'b@gmail.com');
      await sendProof(late.registrationId);
      await sendProof(rejected.registrationId);
      const views = (await organizerList(event, owner.headers)).registrations;
      const seen = (id: string) => views.find((r) => r.registrationId === id)!.paymentProof!.submittedAt;
      expect(await expireStaleSelfManagedRegistrations(t.database.db, new Date(Date.now() + (HOLD_HOURS + 1) * HOUR))).toBe(2);
      expect((await readCategory(t, category.id)).sold).toBe(0);

      // Tolak of an ended proof: canceled, the slot (already free) untouched.
      expect((await decide(rejected.registrationId, 'reject', owner.headers, { proofSubmittedAt: seen(rejected.registrationId), reason: 'Bukti buram' })).statusCode).toBe(200);
      expect(await readRegistration(t, rejected.registrationId)).toMatchObject({ status: 'canceled' });
      expect((await readCategory(t, category.id)).sold).toBe(0);

      // Two other runners take both slots: verifying the late proof now finds none free.
      await register(event, 'c@gmail.com');
      await register(event, 'd@gmail.com');
      const full = await decide(late.registrationId, 'verify', owner.headers, { proofSubmittedAt: seen(late.registrationId) });
      expect(full.statusCode).toBe(409);
      expect(json(full)).toMatchObject({ message: m.slotTaken, code: 'SLOT_TAKEN' });
      expect(await readRegistration(t, late.registrationId)).toMatchObject({ status: 'expired' });
      expect((await readCategory(t, category.id)).sold).toBe(2);

      // One of them is rejected (its slot freed at once): the late proof now takes it.
      const d = (await organizerList(event, owner.headers)).registrations.find((r) => r.status === 'pending')!;
      await sendProof(d.registrationId);
      const dView = (await organizerList(event, owner.headers)).registrations.find((r) => r.registrationId === d.registrationId)!;
      expect((await decide(d.registrationId, 'reject', owner.headers, { proofSubmittedAt: dView.paymentProof!.submittedAt, reason: 'Bukan bukti transfer' })).statusCode).toBe(200);
      expect((await readCategory(t, category.id)).sold).toBe(1);
      const ok = await decide(late.registrationId, 'verify', owner.headers, { proofSubmittedAt: seen(late.registrationId) });
      expect(ok.statusCode).toBe(200);
      expect(await readRegistration(t, late.registrationId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', expiresAt: null });
      expect((await readCategory(t, category.id)).sold).toBe(2);
    });

    it('reminds the runner once, REMINDER hours before the end; never after a proof, never for platform events', async () => {
      const { event } = await selfManagedEvent();
      const reg = await register(event, 'ayu@gmail.com');
      const proven = await register(event, 'budi@gmail.com');
      await sendProof(proven.registrationId);
      const { event: platform } = await insertEvent(t);
      await postRegistration(t, registrationPayload(platform));
      const end = (await readRegistration(t, reg.registrationId)).expiresAt!;
      const deps = { db: t.database.db, mail: t.app.mail, publicUrl: 'https://derap.example', keySecret: t.config.jwtSecret };

      // Too early: nothing.
      expect(await remindSelfManagedHolds(deps, REMINDER_HOURS, new Date(end.getTime() - REMINDER_HOURS * HOUR - 60_000))).toBe(0);
      const due = new Date(end.getTime() - REMINDER_HOURS * HOUR + 60_000);
      expect(await remindSelfManagedHolds(deps, REMINDER_HOURS, due)).toBe(1);
      // The sweep again (and again, later): nothing more.
      expect(await remindSelfManagedHolds(deps, REMINDER_HOURS, due)).toBe(0);
      expect(await sweepSelfManagedRegistrations(deps, REMINDER_HOURS, new Date(end.getTime() - HOUR))).toEqual({ expired: 0, reminded: 0 });
      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'ayu@gmail.com', topic: `registration-hold-reminder:${reg._id}:${end.getTime()}` });
      expect(sent[0]!.subject).toBe(`Pengingat Pembayaran: ${event.name} (${reg.registrationId})`);
      expect(sent[0]!.text).toContain(`https://derap.example/registration-payment/${reg.registrationId}?key=${paymentKeyFor(t.config.jwtSecret, reg.registrationId)}`);
      expect(sent[0]!.text).toContain('Rp160.000');
      expect((await readRegistration(t, reg.registrationId)).holdReminderSentAt!.getTime()).toBe(due.getTime());

      // The sweep then ends the holds, the one with a proof too (issue 26 §5).
      expect(await sweepSelfManagedRegistrations(deps, REMINDER_HOURS, new Date(end.getTime() + 1000))).toEqual({ expired: 2, reminded: 0 });
      // Reminders can be switched off.
      const other = await register(event, 'citra@gmail.com');
      const otherEnd = (await readRegistration(t, other.registrationId)).expiresAt!;
      expect(await remindSelfManagedHolds(deps, 0, new Date(otherEnd.getTime() - HOUR))).toBe(0);
    });
  });
});
