import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bibMessages } from '../../../domain/events/bib-numbers';
import { racepackMessages } from '../../../domain/registrations/runner-export';
import { eventCategories, type EventRow } from '../../db/schema/events';
import { mailOutbox } from '../../db/schema/infra';
import { orders } from '../../db/schema/payments';
import { registrationBibCounters, runnerRegistrations } from '../../db/schema/registrations';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { sandboxEvent } from '../../test/fixtures/payments';
import { insertRegistration } from '../../test/fixtures/registration-data';
import { freshRunner, insertEvent, postRegistration, readRegistration, registrationPayload, type TestCategory } from '../../test/fixtures/registrations';
import { receiptKey } from './public/payment-state';

/**
 * Bib numbers (issue 28 §6): the next number of the category's range with the confirmation, never
 * twice in an event (also when 50 confirmations arrive at once: on PostgreSQL they really run in
 * parallel), kept confirmed without one when the range ran out, 'Beri Nomor BIB' for those, and the
 * racepack hand-over's 'Urungkan'.
 */

type Created = { registration: { registrationId: string } };
type Page = { registrations: { registrationId: string; bibNumber: string | null; status: string }[]; bibNumbers: { missing: number; rangesSet: boolean } };

describe('bib numbers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function organizerOf(event: EventRow) {
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, event.createdBy));
    return t.login(owner!.email, 'organizer');
  }

  /** `n` pending platform registrations of `categoryId`, with their orders. */
  async function registerMany(event: EventRow, n: number, categoryId = '10k') {
    const made: { registrationId: string; gatewayRef: string; amount: number }[] = [];
    for (let i = 0; i < n; i++) {
      const res = await postRegistration(t, registrationPayload(event, categoryId, { runnerData: freshRunner() }));
      expect(res.statusCode, res.body).toBe(201);
      const { registrationId } = json<Created>(res).registration;
      const row = await readRegistration(t, registrationId);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, row.orderId!));
      made.push({ registrationId, gatewayRef: order!.gatewayRef, amount: order!.amount });
    }
    return made;
  }

  const pay = (r: { gatewayRef: string; amount: number }) => sandboxEvent(t, r.gatewayRef, r.amount, 'settlement');

  async function eventWith(categories: TestCategory[]) {
    const { event, categories: rows } = await insertEvent(t, { categories });
    return { event, categories: rows, owner: await organizerOf(event) };
  }

  const list = async (event: EventRow, headers: Record<string, string>) =>
    json<Page>(await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}`, headers }));

  it('50 confirmations arriving at once in one category get 50 different numbers, 10K-0001 to 10K-0050', async () => {
    const { event, categories } = await eventWith([{ name: '10K', slots: 100, bib: { prefix: '10K-', start: 1, end: 2000 } }]);
    const made = await registerMany(event, 50);
    const answers = await Promise.all(made.map(pay));
    expect(answers.map((a) => a.statusCode)).toEqual(made.map(() => 200));
    const rows = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.eventRef, event.id));
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'confirmed'));
    const bibs = rows.map((r) => r.bibNumber).sort();
    expect(bibs).toEqual(Array.from({ length: 50 }, (_, i) => `10K-${String(i + 1).padStart(4, '0')}`));
    const [counter] = await t.database.db.select().from(registrationBibCounters).where(eq(registrationBibCounters.categoryRef, categories[0]!.id));
    expect(counter!.nextNumber).toBe(51);
  });

  it('the number is in the registration, the confirmation mail, the receipt, the check-in list and the CSV; a category without a range gives none', async () => {
    const { event, owner } = await eventWith([
      { name: '10K', bib: { prefix: '10K-', start: 231, end: 2000 } },
      { name: '5K' },
    ]);
    const [tenK] = await registerMany(event, 1);
    const [fiveK] = await registerMany(event, 1, '5k');
    expect((await pay(tenK!)).statusCode).toBe(200);
    expect((await pay(fiveK!)).statusCode).toBe(200);
    expect((await readRegistration(t, tenK!.registrationId)).bibNumber).toBe('10K-0231');
    expect((await readRegistration(t, fiveK!.registrationId)).bibNumber).toBeNull();

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.topic, `registration:${(await readRegistration(t, tenK!.registrationId)).id}`));
    expect(mail!.text).toContain('Nomor BIB: 10K-0231');
    expect(mail!.html).toContain('10K-0231');
    const [other] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.topic, `registration:${(await readRegistration(t, fiveK!.registrationId)).id}`));
    expect(other!.text).not.toContain('Nomor BIB');

    const state = await t.app.inject({
      method: 'GET',
      url: `/api/runner-registrations/${tenK!.registrationId}/payment-state?order=${tenK!.gatewayRef}&key=${receiptKey(t.config.jwtSecret, tenK!.registrationId)}`,
    });
    expect(json<{ receipt: { bibNumber: string } }>(state).receipt.bibNumber).toBe('10K-0231');

    const page = await list(event, owner.headers);
    expect(page.registrations.find((r) => r.registrationId === tenK!.registrationId)!.bibNumber).toBe('10K-0231');
    // The 5K has no range: its runner is not "missing" a number the event never promised.
    expect(page.bibNumbers).toEqual({ missing: 0, rangesSet: true });
    const searched = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}?q=10K-0231`, headers: owner.headers });
    expect(json<Page>(searched).registrations.map((r) => r.registrationId)).toEqual([tenK!.registrationId]);

    const checkin = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/checkin-list`, headers: owner.headers });
    const rows = json<{ v: number; rows: unknown[][] }>(checkin);
    expect(rows.v).toBe(2);
    expect(rows.rows.find((r) => r[0] === tenK!.registrationId)![9]).toBe('10K-0231');

    const csv = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/csv`, headers: owner.headers });
    const line = csv.body.split('\r\n').find((l) => l.startsWith(tenK!.registrationId))!;
    expect(line.split(',')[4]).toBe('10K-0231');
  });

  it('a range used up keeps the runner confirmed without a number and says so to the organizer; widened, Beri Nomor BIB numbers them in order', async () => {
    const { event, categories, owner } = await eventWith([{ name: '10K', bib: { prefix: '10K-', start: 1, end: 2 } }]);
    const made = await registerMany(event, 3);
    for (const r of made) expect((await pay(r)).statusCode).toBe(200);
    const bibs = await Promise.all(made.map(async (r) => (await readRegistration(t, r.registrationId)).bibNumber));
    expect(bibs).toEqual(['10K-1', '10K-2', null]);
    expect((await readRegistration(t, made[2]!.registrationId)).status).toBe('confirmed');
    expect((await list(event, owner.headers)).bibNumbers).toEqual({ missing: 1, rangesSet: true });

    // Nothing to give while the range stays used up: the answer says why.
    const refused = await t.app.inject({ method: 'POST', url: `/api/runner-registrations/event/${event.eventId}/bib-numbers`, headers: owner.headers });
    expect(json(refused)).toEqual({ assigned: 0, missing: 1, message: `${bibMessages.assigned(0)} ${bibMessages.stillMissing(1)}` });

    await t.database.db.update(eventCategories).set({ bibEnd: 50 }).where(eq(eventCategories.id, categories[0]!.id));
    const given = await t.app.inject({ method: 'POST', url: `/api/runner-registrations/event/${event.eventId}/bib-numbers`, headers: owner.headers });
    expect(given.statusCode).toBe(200);
    expect(json(given)).toEqual({ assigned: 1, missing: 0, message: bibMessages.assigned(1) });
    // Wider range, wider numbers; the ones given stay as printed.
    expect((await readRegistration(t, made[2]!.registrationId)).bibNumber).toBe('10K-03');
    expect((await list(event, owner.headers)).bibNumbers).toEqual({ missing: 0, rangesSet: true });
    // Another organizer cannot number this event's runners.
    const stranger = await t.login('lain@contoh.id', 'organizer');
    expect((await t.app.inject({ method: 'POST', url: `/api/runner-registrations/event/${event.eventId}/bib-numbers`, headers: stranger.headers })).statusCode).toBe(403);
  });

  it("the organizer's Verifikasi of a self-managed payment gives the number, or says in Indonesian that none is left", async () => {
    const { event, categories } = await insertEvent(t, { paymentType: 'self_managed', categories: [{ name: '10K', bib: { prefix: 'A', start: 7, end: 7 } }] });
    const owner = await organizerOf(event);
    const category = categories[0]!;
    const proofAt = new Date(Date.now() - 60_000);
    const regs = [];
    for (let i = 0; i < 2; i++) {
      regs.push(
        await insertRegistration(t.database.db, event, category, { status: 'awaiting_verification', paymentStatus: 'pending', confirmedAt: null, paymentProofKey: `bukti-${i}.png`, paymentProofSubmittedAt: proofAt }, i),
      );
    }
    const verify = (id: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${id}/payment-verify`, headers: owner.headers, payload: { proofSubmittedAt: proofAt.toISOString() } });
    const first = json<{ registration: { bibNumber: string }; message: string }>(await verify(regs[0]!.registrationId));
    expect(first.registration.bibNumber).toBe('A7');
    expect(first.message).toBe('Pembayaran terverifikasi. Email konfirmasi dengan kode QR racepack dikirim ke pelari.');
    const second = await verify(regs[1]!.registrationId);
    expect(second.statusCode).toBe(200);
    const body = json<{ registration: { bibNumber: string | null; status: string }; message: string }>(second);
    expect(body.registration).toMatchObject({ status: 'confirmed', bibNumber: null });
    expect(body.message).toContain(bibMessages.exhausted('10K', { prefix: 'A', start: 7, end: 7 }));
    expect(body.message).toContain('Nomor BIB kategori 10K sudah habis (A7 s.d. A7).');
  });

  it('without any range, every confirmed runner counts as without a number (Data Pelari says where to set them)', async () => {
    const { event, owner } = await eventWith([{ name: '10K' }]);
    const [r] = await registerMany(event, 1);
    expect((await pay(r!)).statusCode).toBe(200);
    expect((await list(event, owner.headers)).bibNumbers).toEqual({ missing: 1, rangesSet: false });
  });

  it('skips a number already on a bib of the event (a prefix moved onto numbers given before)', async () => {
    const { event, categories } = await eventWith([
      { name: '10K', bib: { prefix: 'R', start: 1, end: 9 } },
      { name: '5K' },
    ]);
    // Given earlier to a 5K runner, when the 5K used the prefix 'R'.
    await insertRegistration(t.database.db, event, categories[1]!, { bibNumber: 'R1' });
    const [r] = await registerMany(event, 1);
    expect((await pay(r!)).statusCode).toBe(200);
    expect((await readRegistration(t, r!.registrationId)).bibNumber).toBe('R2');
  });

  describe("racepack 'Urungkan'", () => {
    async function collected() {
      const { event, categories, owner } = await eventWith([{ name: '10K', bib: { prefix: '10K-', start: 1, end: 100 } }]);
      const reg = await insertRegistration(t.database.db, event, categories[0]!, { bibNumber: '10K-0001' });
      const take = await t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${reg.registrationId}/racepack`, headers: owner.headers, payload: { racePackStatus: 'racepack_collected' } });
      expect(take.statusCode).toBe(200);
      return { event, reg, owner };
    }
    const undo = (registrationId: string, headers?: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/runner-registrations/${registrationId}/racepack`, headers });

    it('takes a hand-over back to confirmed for the organizer who made it; a second undo has nothing to undo', async () => {
      const { reg, owner } = await collected();
      const res = await undo(reg.registrationId, owner.headers);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ message: racepackMessages.undone, registration: { status: 'confirmed', racepackCollectedAt: null, bibNumber: '10K-0001' } });
      const row = await readRegistration(t, reg.registrationId);
      expect(row).toMatchObject({ status: 'confirmed', racepackCollectedAt: null, racepackCollectedBy: null });
      const again = await undo(reg.registrationId, owner.headers);
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ message: racepackMessages.undoNotCollected, code: 'RACEPACK_NOT_COLLECTED' });
    });

    it(`refuses after ${5} minutes, and anyone but the one who handed it over (an admin too); anonymous and runners never reach it`, async () => {
      const { reg, owner } = await collected();
      const admin = await t.login('admin@contoh.id', 'admin');
      const byAdmin = await undo(reg.registrationId, admin.headers);
      expect(byAdmin.statusCode).toBe(409);
      expect(json(byAdmin)).toMatchObject({ message: racepackMessages.undoRefused, code: 'RACEPACK_UNDO_REFUSED' });
      expect((await undo(reg.registrationId)).statusCode).toBe(401);
      expect((await undo(reg.registrationId, (await t.login('pelari@contoh.id', 'runner')).headers)).statusCode).toBe(403);
      expect((await undo(reg.registrationId, (await t.login('lain@contoh.id', 'organizer')).headers)).statusCode).toBe(404);
      await t.database.db
        .update(runnerRegistrations)
        .set({ racepackCollectedAt: new Date(Date.now() - 5 * 60_000 - 1000) })
        .where(eq(runnerRegistrations.id, reg.id));
      const late = await undo(reg.registrationId, owner.headers);
      expect(late.statusCode).toBe(409);
      expect(json(late)).toMatchObject({ code: 'RACEPACK_UNDO_REFUSED' });
      expect((await readRegistration(t, reg.registrationId)).status).toBe('racepack_collected');
    });
  });
});
