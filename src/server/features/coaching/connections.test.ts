import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coachingMessages, connectionMessages, invitationMessages, type CoachConnectionList, type CoachInvitationList, type ConnectRunnerResponse, type MyCoachList } from '../../../domain/coaching/contract';
import { addDays, jakartaToday } from '../../../domain/shared/wire-date';
import { coachConnections } from '../../db/schema/coaching';
import { mailOutbox } from '../../db/schema/infra';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { liveConnection } from './service';

type Who = Awaited<ReturnType<TestApp['login']>>;

/**
 * Connections over HTTP (runner-and-coach §2 Daftar Pelari, §4, §5, §7): a coach fills their own
 * empty slots by email, empties only freeslots, and the runner ends the relationship, after which
 * the coach's access (liveConnection) is gone at once. Attacker cases: another coach's slot, a
 * filled slot, a runner calling coach routes, another runner ending someone's connection.
 */
describe('coach connections API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const today = jakartaToday();

  /** A slot straight in the table: empty freeslot unless told otherwise. */
  async function slot(coach: Who, values: Partial<typeof coachConnections.$inferInsert> = {}) {
    const [row] = await t.database.db
      .insert(coachConnections)
      .values({ coachId: coach.userId, packages: 'freeslot', title: 'Slot gratis', ...values })
      .returning();
    return row!;
  }
  const rowOf = async (id: string) => (await t.database.db.select().from(coachConnections).where(eq(coachConnections.id, id)))[0]!;
  const put = (who: Who, id: string, runnerEmail: string | null) =>
    t.app.inject({ method: 'PUT', url: `/api/coach/connection/${id}`, headers: who.headers, payload: { runnerEmail } });
  const list = async (who: Who, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/coach/connections${query}`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return json<CoachConnectionList>(res);
  };
  const myConnections = async (who: Who) => json<{ data: { _id: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/coach/my-connections', headers: who.headers }));
  const myCoaches = async (who: Who) => json<MyCoachList>(await t.app.inject({ method: 'GET', url: '/api/runner/coaches', headers: who.headers }));
  const end = (who: Who, id: string) => t.app.inject({ method: 'POST', url: `/api/runner/coaches/${id}/end`, headers: who.headers });
  /** The coach invites, the runner accepts in the dashboard (issue 26 §4): the only way a coach fills a slot now. */
  const connect = async (coach: Who, id: string, runner: Who, email: string) => {
    expect((await put(coach, id, email)).statusCode).toBe(200);
    const { data } = json<CoachInvitationList>(await t.app.inject({ method: 'GET', url: '/api/runner/coach-invitations', headers: runner.headers }));
    const invitation = data.find((i) => i.coach._id === coach.userId);
    return t.app.inject({ method: 'POST', url: `/api/runner/coach-invitations/${invitation!._id}/accept`, headers: runner.headers });
  };
  const mailsTo = (email: string, topic: string) =>
    t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), like(mailOutbox.topic, `${topic}%`)));

  describe('PUT /api/coach/connection/{id}', () => {
    it("starts an admin's freeslot of N weeks at its first fill, and a refill after emptying keeps that end", async () => {
      const admin = await t.login('admin.slot@contoh.id', 'admin');
      const coach = await t.login('pelatih.slot@contoh.id', 'coach');
      const dina = await t.login('dina.slot@contoh.id', 'runner');
      const eka = await t.login('eka.slot@contoh.id', 'runner');
      const made = await t.app.inject({ method: 'POST', url: `/api/admin/coaches/${coach.userId}/slots`, headers: admin.headers, payload: { count: 1, weeks: 6 } });
      expect(made.statusCode).toBe(201);
      const [empty] = (await list(coach)).data;
      expect(empty).toMatchObject({ runnerId: null, startDate: null, endDate: null });
      expect((await connect(coach, empty!._id, dina, 'dina.slot@contoh.id')).statusCode).toBe(200);
      expect(await rowOf(empty!._id)).toMatchObject({ startDate: today, endDate: addDays(today, 42) });
      expect((await put(coach, empty!._id, null)).statusCode).toBe(200);
      expect((await connect(coach, empty!._id, eka, 'eka.slot@contoh.id')).statusCode).toBe(200);
      expect(await rowOf(empty!._id)).toMatchObject({ startDate: today, endDate: addDays(today, 42) });
    });

    it('invites a registered runner by email (any case), who fills the freeslot from today on accepting, keeps its end and gives access', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach', 'Coach Andi');
      const rina = await t.login('rina@contoh.id', 'runner', 'Rina');
      const free = await slot(coach, { endDate: addDays(today, 30) });

      const res = await put(coach, free.id, '  RINA@Contoh.ID ');
      expect(res.statusCode).toBe(200);
      const body = json<ConnectRunnerResponse>(res);
      expect(body.message).toBe(invitationMessages.sent);
      expect(body.data).toMatchObject({ _id: free.id, runnerId: null, displayStatus: 'empty', invitation: { email: 'rina@contoh.id' } });
      expect(await liveConnection(t.database.db, coach.userId, rina.userId)).toBeNull();
      const [invited] = await mailsTo('rina@contoh.id', 'coaching-invitation:');
      expect(invited?.subject).toBe('Coach Andi mengundang Anda berlatih bersamanya di Derap');
      expect(invited?.text).toContain('dapat melihat profil dan program latihan Anda');

      const { data: [open] } = json<CoachInvitationList>(await t.app.inject({ method: 'GET', url: '/api/runner/coach-invitations', headers: rina.headers }));
      const ok = await t.app.inject({ method: 'POST', url: `/api/runner/coach-invitations/${open!._id}/accept`, headers: rina.headers });
      expect(ok.statusCode).toBe(200);
      expect((await list(coach)).data[0]).toMatchObject({
        _id: free.id,
        runnerId: { _id: rina.userId, name: 'Rina', email: 'rina@contoh.id' },
        packages: 'freeslot',
        status: 'active',
        displayStatus: 'active',
        startDate: today,
        endDate: addDays(today, 30),
      });
      expect((await liveConnection(t.database.db, coach.userId, rina.userId))?.id).toBe(free.id);
      expect((await myConnections(coach)).data.map((c) => c._id)).toEqual([free.id]);

      const [mail] = await mailsTo('pelatih@contoh.id', 'coaching-accepted:');
      expect(mail?.subject).toBe('Rina menerima undangan Anda');
    });

    it('a freeslot without an end stays without one', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id');
      const free = await slot(coach);
      expect((await connect(coach, free.id, rina, 'rina@contoh.id')).statusCode).toBe(200);
      expect(await rowOf(free.id)).toMatchObject({ startDate: today, endDate: null });
    });

    it("answers a bad address with 'Masukkan email yang valid!' and an unknown one like a known one (issue 26 §4), never the English marker", async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const free = await slot(coach);
      for (const bad of ['rina', 'rina@contoh', 'ri na@contoh.id', 'a@b@contoh.id', '']) {
        const res = await put(coach, free.id, bad);
        expect(res.statusCode, bad).toBe(400);
        expect(json(res).message).toBe('Masukkan email yang valid!');
      }
      const unknown = await put(coach, free.id, 'belum.ada@contoh.id');
      expect(unknown.statusCode).toBe(200);
      expect(json(unknown).message).toBe(invitationMessages.sent);
      expect(unknown.body).not.toContain('belum terdaftar');
      expect(unknown.body).not.toContain('No user found');
      expect((await rowOf(free.id)).runnerId).toBeNull();
    });

    it("treats another coach's slot as not found (nothing revealed, nothing changed), for connecting and emptying alike", async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const other = await t.login('pelatih.lain@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id');
      const theirs = await slot(other);
      const theirsFilled = await slot(other, { runnerId: rina.userId, startDate: today });

      for (const [id, email] of [
        [theirs.id, 'rina@contoh.id'],
        [theirsFilled.id, null],
        ['00000000-0000-4000-8000-000000000000', 'rina@contoh.id'],
      ] as const) {
        const res = await put(coach, id, email);
        expect(res.statusCode).toBe(404);
        expect(json(res).message).toBe(coachingMessages.slotNotFound);
      }
      expect((await rowOf(theirs.id)).runnerId).toBeNull();
      expect((await rowOf(theirsFilled.id)).runnerId).toBe(rina.userId);
      expect((await put(coach, 'bukan-id', 'rina@contoh.id')).statusCode).toBe(400);
    });

    it('refuses a filled slot (slotTaken), a runner already coached (alreadyConnected), an ended or expired slot; a non-runner account is invited like anyone', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id');
      await t.login('budi@contoh.id');
      await t.login('penyelenggara@contoh.id', 'organizer');
      const first = await slot(coach);
      const second = await slot(coach);
      expect((await connect(coach, first.id, rina, 'rina@contoh.id')).statusCode).toBe(200);

      const taken = await put(coach, first.id, 'budi@contoh.id');
      expect(taken.statusCode).toBe(409);
      expect(json(taken).message).toBe(coachingMessages.slotTaken);
      expect((await rowOf(first.id)).runnerId).toBe(rina.userId);

      const again = await put(coach, second.id, 'rina@contoh.id');
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe(coachingMessages.alreadyConnected);

      // Not runners: the same answer as any address, no mail, nobody who could accept.
      for (const email of ['penyelenggara@contoh.id', 'pelatih@contoh.id']) {
        const res = await put(coach, second.id, email);
        expect(res.statusCode).toBe(200);
        expect(json(res).message).toBe(invitationMessages.sent);
        expect(await mailsTo(email, 'coaching-invitation:')).toEqual([]);
      }

      const ended = await slot(coach, { status: 'ended' });
      expect(json(await put(coach, ended.id, 'budi@contoh.id'))).toMatchObject({ message: connectionMessages.slotEnded });
      const expired = await slot(coach, { endDate: addDays(today, -1) });
      const late = await put(coach, expired.id, 'budi@contoh.id');
      expect(late.statusCode).toBe(409);
      expect(json(late).message).toBe(connectionMessages.slotExpired);
      expect((await rowOf(second.id)).runnerId).toBeNull();
    });

    it('keeps one open invitation per slot (the newer replaces it) and per address (two at once: one 200, one 409); an invitation is accepted once', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id');
      const budi = await t.login('budi@contoh.id');
      const free = await slot(coach);
      const codes = (await Promise.all([put(coach, free.id, 'rina@contoh.id'), put(coach, free.id, 'budi@contoh.id')])).map((r) => r.statusCode);
      expect(codes).toEqual([200, 200]);
      const open = async (who: Who) => json<CoachInvitationList>(await t.app.inject({ method: 'GET', url: '/api/runner/coach-invitations', headers: who.headers })).data;
      expect((await open(rina)).length + (await open(budi)).length).toBe(1);
      // One address into two slots at once: the second is told an invitation is waiting.
      const [a, b] = [await slot(coach), await slot(coach)];
      const citra = await t.login('citra@contoh.id');
      const both = await Promise.all([put(coach, a.id, 'citra@contoh.id'), put(coach, b.id, 'citra@contoh.id')]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.statusCode === 409)?.json().message).toBe(invitationMessages.pendingForAddress);
      const [mine] = await open(citra);
      const accepts = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: `/api/runner/coach-invitations/${mine!._id}/accept`, headers: citra.headers })));
      expect(accepts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await myConnections(coach)).data).toHaveLength(1);
    });

    it('empties a freeslot with null (the coach loses access at once, the slot can be filled again); other packages answer 409', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id');
      const budi = await t.login('budi@contoh.id');
      const free = await slot(coach, { endDate: addDays(today, 60) });
      expect((await connect(coach, free.id, rina, 'rina@contoh.id')).statusCode).toBe(200);

      const removed = await put(coach, free.id, null);
      expect(removed.statusCode).toBe(200);
      expect(json<ConnectRunnerResponse>(removed)).toMatchObject({ message: connectionMessages.removed, data: { runnerId: null, displayStatus: 'empty', startDate: null } });
      expect(await liveConnection(t.database.db, coach.userId, rina.userId)).toBeNull();
      expect((await rowOf(free.id)).endDate).toBe(addDays(today, 60));
      expect((await connect(coach, free.id, budi, 'budi@contoh.id')).statusCode).toBe(200);
      expect(await liveConnection(t.database.db, coach.userId, budi.userId)).not.toBeNull();

      const bought = await slot(coach, { packages: 'Paket 4 Minggu', title: 'Paket 4 Minggu', runnerId: rina.userId, startDate: today, endDate: addDays(today, 28), amount: 300_000 });
      const refused = await put(coach, bought.id, null);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe('Opsi hapus pelari hanya tersedia untuk slot gratis.');
      expect((await rowOf(bought.id)).runnerId).toBe(rina.userId);
      expect(await liveConnection(t.database.db, coach.userId, rina.userId)).not.toBeNull();
    });

    it('refuses runners and organizers with 403; an admin manages their own slots like a coach', async () => {
      const admin = await t.login('admin@contoh.id', 'admin');
      const rina = await t.login('rina@contoh.id');
      const organizer = await t.login('org@contoh.id', 'organizer');
      const free = await slot(admin);
      for (const who of [rina, organizer]) {
        expect((await put(who, free.id, 'rina@contoh.id')).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/coach/connections', headers: who.headers })).statusCode).toBe(403);
      }
      expect((await connect(admin, free.id, rina, 'rina@contoh.id')).statusCode).toBe(200);
      expect((await list(admin)).data[0]?.runnerId?._id).toBe(rina.userId);
    });
  });

  describe('GET /api/coach/connections and /api/coach/my-connections', () => {
    it('lists only the caller’s slots, newest first, a page at a time, with total and figures of all', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const other = await t.login('pelatih.lain@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id');
      const base = Date.now() - 100_000;
      const ids: string[] = [];
      for (let i = 0; i < 23; i++) ids.push((await slot(coach, { createdAt: new Date(base + i * 1000), title: `Slot ${i}` })).id);
      await t.database.db
        .update(coachConnections)
        .set({ runnerId: rina.userId, startDate: today, endDate: addDays(today, 7) })
        .where(eq(coachConnections.id, ids[0]!));
      await t.database.db
        .update(coachConnections)
        .set({ runnerId: rina.userId, startDate: addDays(today, -30), endDate: addDays(today, -2) })
        .where(eq(coachConnections.id, ids[1]!));
      await slot(other);

      const first = await list(coach);
      expect(first).toMatchObject({ total: 23, page: 1, limit: 10, summary: { runners: 2, live: 1, empty: 21 } });
      expect(first.data.map((c) => c.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Slot ${22 - i}`));
      const last = await list(coach, '?page=3&limit=10');
      expect(last.data.map((c) => c.title)).toEqual(['Slot 2', 'Slot 1', 'Slot 0']);
      expect(last.data.map((c) => c.displayStatus)).toEqual(['empty', 'expired', 'active']);
      expect(last.data[2]?.runnerId).toEqual({ _id: rina.userId, name: 'rina', email: 'rina@contoh.id' });
      expect((await list(coach, '?page=4')).data).toEqual([]);
      for (const bad of ['?page=0', '?limit=1000', '?page=abc']) {
        expect((await t.app.inject({ method: 'GET', url: `/api/coach/connections${bad}`, headers: coach.headers })).statusCode, bad).toBe(400);
      }
      expect((await myConnections(coach)).data.map((c) => c._id)).toEqual([ids[0]]);
      // The connect modal's choice: only slots that can still be filled (not ended, not past their end).
      await t.database.db.update(coachConnections).set({ status: 'ended' }).where(eq(coachConnections.id, ids[2]!));
      await t.database.db.update(coachConnections).set({ endDate: addDays(today, -1) }).where(eq(coachConnections.id, ids[3]!));
      const fillable = await list(coach, '?only=empty&limit=100');
      expect(fillable.total).toBe(19);
      expect(fillable.data.map((c) => c._id)).toEqual(ids.slice(4).reverse());
      expect((await list(other)).total).toBe(1);
    });
  });

  describe('the runner ends the relationship', () => {
    it('lists the runner’s live coaches; only that runner may end one; the coach loses access at once and sees Berakhir', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach', 'Coach Andi');
      const rina = await t.login('rina@contoh.id', 'runner', 'Rina');
      const budi = await t.login('budi@contoh.id');
      const bought = await slot(coach, { packages: 'Paket 4 Minggu', title: 'Paket 4 Minggu', runnerId: rina.userId, startDate: today, endDate: addDays(today, 28) });
      await slot(coach, { runnerId: rina.userId, startDate: addDays(today, -40), endDate: addDays(today, -10) });

      const coaches = await myCoaches(rina);
      expect(coaches.data).toEqual([
        { connectionId: bought.id, coach: { _id: coach.userId, name: 'Coach Andi', uniquelink: null }, packages: 'Paket 4 Minggu', startDate: today, endDate: addDays(today, 28) },
      ]);
      expect((await myCoaches(budi)).data).toEqual([]);

      for (const who of [budi, coach]) {
        const res = await end(who, bought.id);
        expect(res.statusCode).toBe(404);
      }
      expect(await liveConnection(t.database.db, coach.userId, rina.userId)).not.toBeNull();

      const res = await end(rina, bought.id);
      expect(res.statusCode).toBe(200);
      expect(json(res).message).toBe(connectionMessages.ended);
      expect(await liveConnection(t.database.db, coach.userId, rina.userId)).toBeNull();
      expect(await rowOf(bought.id)).toMatchObject({ status: 'ended', endedBy: rina.userId });
      expect((await rowOf(bought.id)).endedAt).toBeInstanceOf(Date);
      expect((await myCoaches(rina)).data).toEqual([]);
      expect((await myConnections(coach)).data).toEqual([]);
      const row = (await list(coach)).data.find((c) => c._id === bought.id);
      expect(row).toMatchObject({ status: 'ended', displayStatus: 'ended', runnerId: { _id: rina.userId, email: 'rina@contoh.id' } });
      expect(await mailsTo('pelatih@contoh.id', 'coaching-ended:')).toHaveLength(1);

      // Ended is final: not deletable, not refillable, and ending again changes nothing.
      expect((await put(coach, bought.id, null)).statusCode).toBe(409);
      const refill = await put(coach, bought.id, 'budi@contoh.id');
      expect(refill.statusCode).toBe(409);
      expect((await end(rina, bought.id)).statusCode).toBe(200);
      expect(await mailsTo('pelatih@contoh.id', 'coaching-ended:')).toHaveLength(1);
    });

    it('ends a freeslot the coach filled, which then stays ended (the coach cannot take it back)', async () => {
      const coach = await t.login('pelatih@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id');
      const free = await slot(coach);
      expect((await connect(coach, free.id, rina, 'rina@contoh.id')).statusCode).toBe(200);
      const [mine] = (await myCoaches(rina)).data;
      expect(mine?.connectionId).toBe(free.id);
      expect((await end(rina, free.id)).statusCode).toBe(200);
      const refill = await put(coach, free.id, 'rina@contoh.id');
      expect(refill.statusCode).toBe(409);
      expect(json(refill).message).toBe(connectionMessages.slotEnded);
      expect(await liveConnection(t.database.db, coach.userId, rina.userId)).toBeNull();
      expect((await end(rina, 'bukan-id')).statusCode).toBe(400);
    });
  });
});
