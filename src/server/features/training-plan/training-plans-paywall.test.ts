import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/training-plan/training-plan';
import type { PlanRun, TrainingPlan } from '../../../domain/training-plan/contract';
import { trainingRuns } from '../../db/schema/training-plan';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { afterTestDates, byTitle, insertAiRun, insertCoachRun, planApi, runInput, setPeriodEnd, UNKNOWN_ID } from '../../test/fixtures/training-plan';

/** What a locked run's title, program and pace look like; none of it may leave the server. */
const SECRET_TITLE = 'Long Run Rahasia';
const SECRET_PROGRAM = '(16k)';
const SECRET_PACE = "6'10 - 6'20";

const expectNoSecret = (body: string) => {
  expect(body).not.toContain(SECRET_TITLE);
  expect(body).not.toContain(SECRET_PROGRAM);
  expect(body).not.toContain(SECRET_PACE);
};

/**
 * The paywall (spec §2: AI runs after the subscription end are locked) on every read and write of
 * the plan, and who decides `generatedby` (the server, never the client).
 */
describe('training plans API: locked AI runs and who made a run', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { now: afterTestDates } });
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /**
   * Budi's period ends 20:00 UTC on 5 January 2027, which is 03:00 on the 6th in Jakarta: the 6th is
   * his last day. An open AI run on the 6th, a locked one on the 7th (with a logged result), his own
   * run on the 8th and his coach's on the 9th.
   */
  async function budi() {
    const me = await t.login('budi@contoh.id');
    await setPeriodEnd(t, me.userId, new Date('2027-01-05T20:00:00Z'));
    const open = await insertAiRun(t, me.userId, '2027-01-06', 'Tempo Run', { program: '(8k)', paceRange: "5'00 - 5'10" });
    const locked = await insertAiRun(t, me.userId, '2027-01-07', SECRET_TITLE, {
      trainingDistance: 16,
      trainingTime: 5900,
      trainingPace: 369,
      trainingHr: 150,
    });
    await api.post(me.headers, [runInput('08-01-2027', 'Easy Run')]);
    const coach = await insertCoachRun(t, me.userId, '2027-01-09', 'Interval Pelatih');
    const plan = (await api.get(me.headers)).json().trainingPlans[0] as TrainingPlan;
    const stub = { _id: locked.id, date: '07-01-2027', generatedby: 'ai', locked: true };
    return { ...me, plan, open, locked, coach, stub };
  }

  /** Every stored run, in a stable order, to prove a refused write changed nothing. */
  const allRows = async (planId?: string) =>
    (await t.database.db.select().from(trainingRuns).where(planId ? eq(trainingRuns.planId, planId) : undefined)).sort((a, b) =>
      a.id.localeCompare(b.id),
    );
  const storedRow = async (id: string) => (await t.database.db.select().from(trainingRuns).where(eq(trainingRuns.id, id)))[0];

  describe('reads', () => {
    it('GET, by-date and range return a locked run as its _id, date, generatedby and locked: true only', async () => {
      const me = await budi();
      for (const url of [
        '/api/training-plans',
        '/api/training-plans/by-date?date=07-01-2027',
        '/api/training-plans/range?from=01-01-2027&to=31-01-2027',
        '/api/training-plans/range?from=05-01-2027&to=11-01-2027',
      ]) {
        const res = await api.call('GET', url, me.headers);
        expect(res.statusCode, url).toBe(200);
        expectNoSecret(res.body);
        const runs = res.json().trainingPlans[0].trainingPlan as PlanRun[];
        expect(runs.find((r) => r._id === me.locked.id), url).toStrictEqual(me.stub);
      }
      // The open runs come whole, marked locked: false.
      const runs = await api.runs(me.headers);
      expect(byTitle(runs, 'Tempo Run')).toMatchObject({ generatedby: 'ai', program: '(8k)', paceRange: "5'00 - 5'10", locked: false });
      expect(byTitle(runs, 'Easy Run')).toMatchObject({ generatedby: 'user', locked: false });
      expect(byTitle(runs, 'Interval Pelatih')).toMatchObject({ generatedby: 'coach', locked: false });
      expect(runs.map((r) => r.date)).toEqual(['06-01-2027', '07-01-2027', '08-01-2027', '09-01-2027']);
    });

    it('a runner with no period end (status none or canceled) has every AI run locked, past ones too', async () => {
      const me = await budi();
      const past = await insertAiRun(t, me.userId, '2026-12-01', 'Recovery Run');
      await setPeriodEnd(t, me.userId, null);
      const res = await api.get(me.headers);
      const runs = res.json().trainingPlans[0].trainingPlan as PlanRun[];
      expect(runs.filter((r) => r.locked).map((r) => r._id).sort()).toEqual([past.id, me.open.id, me.locked.id].sort());
      expect(runs.filter((r) => !r.locked).map((r) => r.generatedby).sort()).toEqual(['coach', 'user']);
      expect(res.body).not.toContain('Recovery Run');
      expect(res.body).not.toContain('Tempo Run');
      // A renewed period opens them again.
      await setPeriodEnd(t, me.userId, new Date('2027-02-01T00:00:00Z'));
      expect(byTitle(await api.runs(me.headers), SECRET_TITLE)).toMatchObject({ program: SECRET_PROGRAM, trainingdistance: 16, locked: false });
    });

    it('the answers of POST, PUT and PATCH show the stub too', async () => {
      const me = await budi();
      const post = await api.post(me.headers, [runInput('10-01-2027', 'Strides')]);
      expect(post.statusCode).toBe(201);
      expectNoSecret(post.body);
      expect((post.json() as TrainingPlan).trainingPlan).toContainEqual(me.stub);

      const put = await api.put(me.headers, me.plan.trainingPlan);
      expect(put.statusCode).toBe(200);
      expectNoSecret(put.body);
      expect((put.json() as TrainingPlan).trainingPlan).toContainEqual(me.stub);

      // Moving an open AI run past the end locks it: the answer is its stub.
      const moved = await api.patch(me.headers, me.plan._id, me.open.id, { date: '12-01-2027' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toStrictEqual({ item: { _id: me.open.id, date: '12-01-2027', generatedby: 'ai', locked: true } });
    });
  });

  describe('writes refuse a locked run', () => {
    it("PATCH (log a result, move) is 403 'Program ini dibatasi' and nothing changes", async () => {
      const me = await budi();
      const before = await storedRow(me.locked.id);
      for (const body of [{ trainingdistance: 10, trainingtime: 3000, traininghr: 150 }, { date: '01-01-2027' }]) {
        const res = await api.patch(me.headers, me.plan._id, me.locked.id, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: messages.locked, code: 'FORBIDDEN' });
      }
      expect(await storedRow(me.locked.id)).toEqual(before);
    });

    it('both DELETEs are 403 and the run stays', async () => {
      const me = await budi();
      const program = await api.deleteProgram(me.headers, me.plan._id, me.locked.id);
      expect(program.statusCode).toBe(403);
      expect(program.json()).toMatchObject({ message: messages.locked, code: 'FORBIDDEN' });
      const own = await api.deleteOwn(me.headers, me.locked.id);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ message: messages.locked, code: 'FORBIDDEN' });
      expect(await storedRow(me.locked.id)).toBeDefined();
      // The open AI run can still be removed by the plan-management delete.
      expect((await api.deleteProgram(me.headers, me.plan._id, me.open.id)).statusCode).toBe(200);
    });

    it('PUT refuses a locked run sent with content (overwriting it, or re-sent as a user run) and changes nothing', async () => {
      const me = await budi();
      const before = await allRows();
      const others = me.plan.trainingPlan.filter((r) => r._id !== me.locked.id);
      for (const forged of [
        { _id: me.locked.id, date: '07-01-2027', title: 'Easy Run', program: '5k', generatedby: 'user' },
        { _id: me.locked.id, date: '07-01-2027', title: SECRET_TITLE, locked: false },
        { _id: me.locked.id, date: '07-01-2027', title: 'x', trainingdistance: 1, trainingtime: 300, traininghr: 100 },
      ]) {
        const res = await api.put(me.headers, [...others, forged]);
        expect(res.statusCode, JSON.stringify(forged)).toBe(403);
        expect(res.json()).toMatchObject({ message: messages.locked, code: 'FORBIDDEN' });
      }
      expect(await allRows()).toEqual(before);
    });

    it('PUT keeps a locked run sent back exactly as its stub (the read-modify-write round trip), untouched', async () => {
      const me = await budi();
      const before = await storedRow(me.locked.id);
      const easy = byTitle(me.plan.trainingPlan, 'Easy Run');
      // The whole plan as read, with the runner's own run edited and one added.
      const sent = me.plan.trainingPlan.map((r) => (r._id === easy._id ? { ...easy, title: 'Recovery Run' } : r));
      const res = await api.put(me.headers, [...sent, runInput('10-01-2027', 'Strides')]);
      expect(res.statusCode).toBe(200);
      const runs = (res.json() as TrainingPlan).trainingPlan;
      expect(runs).toContainEqual(me.stub);
      expect(runs.map((r) => (r.locked ? 'Kunci' : r.title))).toEqual(['Tempo Run', 'Kunci', 'Recovery Run', 'Interval Pelatih', 'Strides']);
      expect(await storedRow(me.locked.id)).toEqual(before);
      // A stub with only its _id means the same.
      expect((await api.put(me.headers, [{ _id: me.locked.id, locked: true }])).statusCode).toBe(200);
      expect(await storedRow(me.locked.id)).toEqual(before);
    });

    it('PUT refuses a stub that moves the run or claims another maker (403), and one that is not in the plan (404)', async () => {
      const me = await budi();
      const before = await allRows();
      for (const stub of [
        { ...me.stub, date: '01-01-2027' },
        { ...me.stub, generatedby: 'user' },
      ]) {
        const res = await api.put(me.headers, [stub]);
        expect(res.statusCode, JSON.stringify(stub)).toBe(403);
        expect(res.json().message).toBe(messages.locked);
      }
      const rina = await t.login('rina@contoh.id');
      const rinaRun = await insertAiRun(t, rina.userId, '2027-01-07', 'Punya Rina');
      for (const id of [UNKNOWN_ID, rinaRun.id, 'bukan-uuid']) {
        const res = await api.put(me.headers, [{ _id: id, locked: true }]);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe(messages.runNotFound);
      }
      expect(await allRows(me.plan._id)).toEqual(before);
      expect(await storedRow(rinaRun.id)).toEqual(rinaRun);
    });

    it("a runner's PUT never deletes a coach's run or a locked run left out of the list; their own runs go", async () => {
      const me = await budi();
      const res = await api.put(me.headers, [runInput('10-01-2027', 'Strides')]);
      expect(res.statusCode).toBe(200);
      const runs = (res.json() as TrainingPlan).trainingPlan;
      expect(runs.map((r) => r._id)).toEqual(expect.arrayContaining([me.locked.id, me.coach.id]));
      expect(runs.map((r) => (r.locked ? 'Kunci' : r.title))).toEqual(['Kunci', 'Interval Pelatih', 'Strides']);
      // The open AI run and the runner's run were the runner's to remove.
      expect(await storedRow(me.open.id)).toBeUndefined();
      expect(await api.runs(me.headers)).toEqual(runs);
    });
  });

  describe('the server decides generatedby', () => {
    it("a runner with no access cannot POST an 'ai' run (nor 'coach'): 403 and nothing is saved", async () => {
      const me = await t.login('putu@contoh.id');
      for (const generatedby of ['ai', 'coach'] as const) {
        const res = await api.post(me.headers, [runInput('05-01-2027', 'Easy Run'), runInput('06-01-2027', 'Long Run', { generatedby })]);
        expect(res.statusCode, generatedby).toBe(403);
        expect(res.json().message).toBe(generatedby === 'ai' ? messages.aiRunsFromAiOnly : messages.coachRunsFromCoachOnly);
      }
      expect(await api.runs(me.headers)).toEqual([]);
      // Without a claim, or claiming 'user', the run is the runner's.
      const ok = await api.post(me.headers, [runInput('05-01-2027', 'Easy Run'), runInput('06-01-2027', 'Long Run', { generatedby: 'user' })]);
      expect((ok.json() as TrainingPlan).trainingPlan.map((r) => r.generatedby)).toEqual(['user', 'user']);
    });

    it("PUT adds new runs as 'user', refuses a new 'ai' or 'coach' run, and keeps the maker of runs it already has", async () => {
      const me = await budi();
      const before = await allRows();
      const newAi = await api.put(me.headers, [...me.plan.trainingPlan, runInput('10-01-2027', 'Tempo Run', { generatedby: 'ai' })]);
      expect(newAi.statusCode).toBe(403);
      expect(newAi.json().message).toBe(messages.aiRunsFromAiOnly);
      expect(await allRows()).toEqual(before);

      // An open AI run and a coach run sent back as 'user' stay what they are.
      const relabelled = me.plan.trainingPlan.map((r) => (r.locked ? r : { ...r, generatedby: 'user' }));
      const res = await api.put(me.headers, relabelled);
      expect(res.statusCode).toBe(200);
      const runs = (res.json() as TrainingPlan).trainingPlan;
      expect(byTitle(runs, 'Tempo Run').generatedby).toBe('ai');
      expect(byTitle(runs, 'Interval Pelatih').generatedby).toBe('coach');
      expect((await storedRow(me.open.id))!.generatedBy).toBe('ai');
      expect((await storedRow(me.coach.id))!.generatedBy).toBe('coach');
    });
  });
});

describe('development stand-in for the AI endpoints', () => {
  it("adds 'ai' runs to the caller's plan in development, and does not exist in production", async () => {
    const t = await buildTestApp({ deps: { now: afterTestDates } });
    try {
      const me = await t.login('ai-dev@contoh.id');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/training-plans/ai-runs',
        headers: me.headers,
        payload: { trainingPlan: [runInput('05-01-2027', 'Long Run', { program: '16k' })], accessDays: 30 },
      });
      expect(res.statusCode).toBe(201);
      const run = (res.json() as TrainingPlan).trainingPlan[0]!;
      expect(run).toMatchObject({ generatedby: 'ai' });
      // accessDays gives the caller a period end that many days ahead (or none with null).
      const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: me.headers })).json();
      const days = (Date.parse(profile.user.current_period_end) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
      expect(days).toBeLessThanOrEqual(30);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/dev/training-plans/ai-runs', payload: { trainingPlan: [] } });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await t.close();
    }
    const prod = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: 'https://accounts.example.test',
        MIDTRANS_SERVER_KEY: 'Mid-server-test',
      },
    });
    try {
      const me = await prod.login('ai-prod@contoh.id');
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/dev/training-plans/ai-runs',
        headers: me.headers,
        payload: { trainingPlan: [runInput('05-01-2027', 'Long Run')] },
      });
      expect(res.statusCode).toBe(404);
      expect(await planApi(prod).runs(me.headers)).toEqual([]);
    } finally {
      await prod.close();
    }
    // Two apps built inside the test (development and production): slow on a loaded machine.
  }, 90_000);
});
