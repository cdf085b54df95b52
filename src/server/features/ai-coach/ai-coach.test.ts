import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiMessages, createPlanRequestSchema, type CreatePlanRequest, type PlanDraftResponse } from '../../../domain/ai-coach/contract';
import { checkPlan } from '../../../domain/ai-coach/safety/plan-checker';
import { daysBetween, jakartaToday, planDateToIso, weekdayIndex } from '../../../domain/shared/wire-date';
import type { Run } from '../../../domain/training-plan/contract';
import { runType } from '../../../domain/training-plan/run-types';
import { aiUsage } from '../../db/schema/ai-coach';
import { trainingRuns } from '../../db/schema/training-plan';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { planApi, runInput, UNKNOWN_ID, type Headers } from '../../test/fixtures/training-plan';
import { tenKForm, wire } from '../../test/fixtures/ai-coach';
import { addRuns, findPlan } from '../training-plan/service';

const DAY = 24 * 60 * 60 * 1000;
const today = jakartaToday();

describe('AI coach API with the built-in engine', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function trialing(email = 'pelari@contoh.id') {
    const who = await t.login(email);
    await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() + 120 * DAY) }).where(eq(users.id, who.userId));
    return who;
  }
  const post = (url: string, headers: Headers, payload?: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const createPlan = (headers: Headers, form: CreatePlanRequest) => post('/api/ai/createplan', headers, form);

  it('builds a checked 10K plan as a draft: runs on the training days, the long run on Sunday, Race Day on the race date', async () => {
    const { headers } = await trialing();
    const form = tenKForm();
    const res = await createPlan(headers, form);
    expect(res.statusCode, res.body).toBe(200);
    const draft = json<PlanDraftResponse>(res);
    expect(draft.startDate).toBe(form.tanggalMulai);
    expect(draft.endDate).toBe(form.tanggalRace);
    expect(draft.fitness?.source).toBe('personal-best');
    const days = draft.trainingPlan.map((run) => planDateToIso(run.date)!);
    expect(days.every((d) => d >= planDateToIso(form.tanggalMulai)! && d <= planDateToIso(form.tanggalRace!)!)).toBe(true);
    // Tuesday, Thursday, Saturday, Sunday — and the race on its own day (any weekday: the dates
    // follow today's).
    const allowed = new Set([1, 3, 5, 6]);
    expect(days.slice(0, -1).every((d) => allowed.has(weekdayIndex(d)))).toBe(true);
    // Sundays carry the long run (or a recovery run), except in the race's last 7 days, which hold no long run.
    const raceDay = planDateToIso(form.tanggalRace!)!;
    const sundays = draft.trainingPlan.filter((run) => {
      const day = planDateToIso(run.date)!;
      return weekdayIndex(day) === 6 && daysBetween(day, raceDay) > 7;
    });
    expect(sundays.length).toBeGreaterThan(5);
    expect(sundays.every((run) => /long/i.test(run.title) || runType(run.title) === 'recovery')).toBe(true);
    const last = draft.trainingPlan.at(-1)!;
    expect(last).toMatchObject({ date: form.tanggalRace, generatedby: 'ai' });
    expect(runType(last.title)).toBe('race');
    expect(draft.trainingPlan.every((run) => runType(run.title) !== 'other')).toBe(true);
    const parsed = createPlanRequestSchema.parse(form);
    expect(checkPlan(draft.trainingPlan, parsed, { startDay: days[0]!, endDay: planDateToIso(form.tanggalRace!)! })).toEqual([]);
  });

  it('refuses the form with the field rules of spec §5, on the server', async () => {
    const { headers } = await trialing();
    const cases: [Partial<CreatePlanRequest>, string][] = [
      [{ tanggalMulai: wire(-1), startDate: undefined }, aiMessages.startBeforeToday],
      [{ hariLongRun: 'Senin' }, aiMessages.longRunDayNotTrainingDay],
      [{ tanggalRace: null }, aiMessages.raceDateRequired],
      [{ tanggalRace: wire(0) }, aiMessages.raceBeforeStart],
      [{ tanggalRace: wire(400) }, aiMessages.raceTooFar],
      [{ hariLatihan: [] }, aiMessages.trainingDaysRequired],
      [{ targetWaktu: '52 menit' }, aiMessages.timeFormat],
      [{ targetLatihan: 'Menjaga Kebugaran', kebugaranFocus: null }, aiMessages.focusRequired],
      [{ umur: 5 }, aiMessages.ageRange],
      [{ endDate: wire(30) }, aiMessages.endDateMismatch],
    ];
    for (const [overrides, message] of cases) {
      const res = await createPlan(headers, tenKForm(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json<{ message: string }>(res).message).toContain(message);
    }
  });

  it('saves a draft into the calendar once; another runner cannot save it', async () => {
    const { headers } = await trialing();
    const draft = json<PlanDraftResponse>(await createPlan(headers, tenKForm()));
    const other = await trialing('lain@contoh.id');
    expect((await post(`/api/ai/drafts/${draft.draftId}/save`, other.headers)).statusCode).toBe(404);
    expect((await post(`/api/ai/drafts/${UNKNOWN_ID}/save`, headers)).statusCode).toBe(404);
    expect((await post('/api/ai/drafts/bukan-id/save', headers)).statusCode).toBe(404);

    const saved = await post(`/api/ai/drafts/${draft.draftId}/save`, headers);
    expect(saved.statusCode, saved.body).toBe(200);
    const runs = (await api.runs(headers)) as Run[];
    expect(runs).toHaveLength(draft.trainingPlan.length);
    expect(runs.every((run) => run.generatedby === 'ai' && run.color !== 'bg-gray-500')).toBe(true);

    const again = await post(`/api/ai/drafts/${draft.draftId}/save`, headers);
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe(aiMessages.draftSaved);
    expect(await api.runs(headers)).toHaveLength(draft.trainingPlan.length);
  });

  it('saving a new programme replaces only the unlogged AI runs of its range; the runner’s runs and logged runs stay', async () => {
    const who = await trialing();
    const owner = (await t.database.db.select().from(users).where(eq(users.id, who.userId)))[0]!;
    await addRuns(t.database.db, owner, [runInput(wire(2), 'Lari santai bareng teman')], 'user');
    await addRuns(t.database.db, owner, [runInput(wire(3), 'Tempo Run'), runInput(wire(4), 'Recovery Run'), runInput(wire(100), 'Steady Run')], 'ai');
    const plan = (await findPlan(t.database.db, who.userId))!;
    const before = await t.database.db.select().from(trainingRuns).where(eq(trainingRuns.planId, plan.id));
    const logged = before.find((r) => r.title === 'Recovery Run')!;
    await t.database.db.update(trainingRuns).set({ trainingDistance: 5, trainingTime: 1800, trainingHr: 140 }).where(eq(trainingRuns.id, logged.id));

    const draft = json<PlanDraftResponse>(await createPlan(who.headers, tenKForm()));
    expect((await post(`/api/ai/drafts/${draft.draftId}/save`, who.headers)).statusCode).toBe(200);
    const titles = ((await api.runs(who.headers)) as Run[]).map((r) => `${r.date} ${r.title}`);
    expect(titles).toContain(`${wire(2)} Lari santai bareng teman`);
    expect(titles).toContain(`${wire(4)} Recovery Run`);
    expect(titles).toContain(`${wire(100)} Steady Run`);
    expect(titles).not.toContain(`${wire(3)} Tempo Run`);
  });

  it('chat needs a plan (spec §5), then proposes moving the long run to Sunday; approving and saving moves it', async () => {
    const { headers } = await trialing();
    const noPlan = await post('/api/ai/chat', headers, { maingoal: 'Race Selanjutnya', chathistory: [], usermessage: 'pindahkan long run ke hari Minggu' });
    expect(noPlan.statusCode).toBe(400);
    expect(json<{ message: string }>(noPlan).message).toBe(aiMessages.needsPlan);

    const draft = json<PlanDraftResponse>(await createPlan(headers, tenKForm({ hariLatihan: ['Selasa', 'Kamis', 'Sabtu'], hariLongRun: 'Sabtu' })));
    await post(`/api/ai/drafts/${draft.draftId}/save`, headers);
    const reply = await post('/api/ai/chat', headers, { maingoal: 'Race Selanjutnya', chathistory: [], usermessage: 'pindahkan long run ke hari Minggu' });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = json<{ status: string; modifications: unknown[] }>(reply);
    expect(body.status).toBe('COMPLETE');
    expect(body.modifications.length).toBeGreaterThan(0);

    const modified = await post('/api/ai/modify', headers, { modification: body.modifications });
    expect(modified.statusCode, modified.body).toBe(200);
    const change = json<PlanDraftResponse>(modified);
    expect((await post(`/api/ai/drafts/${change.draftId}/save`, headers)).statusCode).toBe(200);
    const runs = (await api.runs(headers)) as Run[];
    const longRuns = runs.filter((r) => /long/i.test(r.title) && planDateToIso(r.date)! >= today);
    // The next long run now falls on a Sunday.
    expect(weekdayIndex(planDateToIso(longRuns[0]!.date)!)).toBe(6);
  });

  it('counts AI calls against the daily quota', async () => {
    const quota = await buildTestApp({ env: { AI_DAILY_QUOTA: '2' } });
    try {
      const who = await quota.login('kuota@contoh.id');
      await quota.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 120 * DAY) });
      const call = () => quota.app.inject({ method: 'POST', url: '/api/ai/createplan', headers: who.headers, payload: tenKForm() as object });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(json<{ message: string }>(third).message).toBe(aiMessages.quotaExceeded);
      const [usage] = await quota.database.db.select().from(aiUsage);
      expect(usage).toMatchObject({ day: today, count: 3 });
    } finally {
      await quota.close();
    }
  });

  it('limits AI calls per runner per minute with the Indonesian message', async () => {
    const limited = await buildTestApp({ env: { AI_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const who = await limited.login('cepat@contoh.id');
      await limited.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 120 * DAY) });
      const call = () => limited.app.inject({ method: 'POST', url: '/api/ai/chat', headers: who.headers, payload: { usermessage: 'halo' } });
      await call();
      await call();
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(json<{ message: string }>(third).message).toBe(aiMessages.rateLimited);
      // Another runner has their own allowance.
      const other = await limited.login('lain@contoh.id');
      expect((await limited.app.inject({ method: 'POST', url: '/api/ai/chat', headers: other.headers, payload: { usermessage: 'halo' } })).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
