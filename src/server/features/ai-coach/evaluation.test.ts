import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlanRequestSchema, type LatestEvaluationResponse, type PlanForm } from '../../../domain/ai-coach/contract';
import { buildPlan, type PlanSpan } from '../../../domain/ai-coach/engine/plan';
import { checkPlan } from '../../../domain/ai-coach/safety/plan-checker';
import { addDays, isoToPlanDate, jakartaToday, type IsoDay } from '../../../domain/shared/wire-date';
import { parsePaceRange } from '../../../domain/training-plan/pace';
import { heartRateZone } from '../../../domain/training-plan/scoring';
import { plannedDistanceKm } from '../../../domain/training-plan/training-program';
import { aiEvaluations, aiPlanDrafts } from '../../db/schema/ai-coach';
import { trainingRuns, type TrainingRunRow } from '../../db/schema/training-plan';
import { users } from '../../db/schema/users';
import { tenKForm } from '../../test/fixtures/ai-coach';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { addRuns, findPlan } from '../training-plan/service';
import { runPlanEvaluations } from './service.evaluation';
import { liftSafetyHold, saveProfile, setSafetyHold } from './service';

const DAY = 86_400_000;
// A fixed clock (a Tuesday; the job takes it), so the weeks around today are the same on every run.
const now = new Date('2026-11-24T03:00:00Z');
const today = jakartaToday(now);
const nextEnd = addDays(today, 13);
const windowStart = addDays(today, -14);
const windowEnd = addDays(today, -1);
/** Kilometres as the note writes them (Indonesian decimal comma). */
const idKm = (km: number) => km.toLocaleString('id-ID');

describe('the two-weekly re-evaluation job (ai-coach.evaluate-plans)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const db = () => t.database.db;
  const run = (at = now, batchSize?: number) => runPlanEvaluations({ db: db(), log: t.app.log }, at, batchSize);

  /**
   * A trialing runner whose 10K AI plan (from the engine) started `startedDaysAgo` days ago, as the
   * save flow leaves it: the plan's runs as AI runs and the form as the AI profile.
   */
  async function runnerWithPlan(email = 'pelari@contoh.id', startedDaysAgo = 20, periodDays = 120) {
    const who = await t.login(email);
    await db()
      .update(users)
      .set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(now.getTime() + periodDays * DAY) })
      .where(eq(users.id, who.userId));
    const start = addDays(today, -startedDaysAgo);
    const form: PlanForm = createPlanRequestSchema.parse(
      tenKForm({ tanggalMulai: isoToPlanDate(start), tanggalRace: isoToPlanDate(addDays(start, 84)), startDate: undefined, endDate: undefined }),
    );
    const span: PlanSpan = { startDay: start, endDay: addDays(start, 84) };
    await saveProfile(db(), who.userId, form, span);
    const owner = await ownerOf(who.userId);
    await addRuns(db(), owner, buildPlan(form, span).runs, 'ai');
    return { ...who, owner, form, span };
  }
  const ownerOf = async (userId: string) => (await db().select().from(users).where(eq(users.id, userId)))[0]!;

  async function runsOf(userId: string, from?: IsoDay, to?: IsoDay): Promise<TrainingRunRow[]> {
    const plan = (await findPlan(db(), userId))!;
    const where = [eq(trainingRuns.planId, plan.id)];
    if (from) where.push(gte(trainingRuns.day, from));
    if (to) where.push(lte(trainingRuns.day, to));
    return db().select().from(trainingRuns).where(and(...where)).orderBy(trainingRuns.day, trainingRuns.id);
  }
  const aiKm = (rows: TrainingRunRow[]) => rows.filter((r) => r.generatedBy === 'ai').reduce((sum, r) => sum + (plannedDistanceKm(r.program) ?? 0), 0);

  /** Logs a run as done well: the planned distance, in the middle of its pace range and HR zone. */
  async function logWell(row: TrainingRunRow) {
    const km = plannedDistanceKm(row.program) ?? 5;
    const [fast, slow] = parsePaceRange(row.paceRange) ?? [360, 390];
    const zone = heartRateZone(row.title);
    const hr = zone ? Math.round((zone[0] + zone[1]) / 2) : 140;
    await db()
      .update(trainingRuns)
      .set({ trainingDistance: km, trainingTime: Math.round(km * ((fast + slow) / 2)), trainingPace: Math.round((fast + slow) / 2), trainingHr: hr })
      .where(eq(trainingRuns.id, row.id));
  }
  const windowRuns = async (userId: string) => runsOf(userId, windowStart, windowEnd);

  it('progresses a runner who ran everything well: the next two weeks rise a little (≤ 10 %), checked, with a note', async () => {
    const runner = await runnerWithPlan();
    const done = await windowRuns(runner.userId);
    expect(done.length).toBeGreaterThanOrEqual(6);
    for (const row of done) await logWell(row);
    const before = aiKm(await runsOf(runner.userId, today, nextEnd));

    expect(await run()).toEqual({ evaluated: 1, skipped: 0, failed: 0 });

    const after = await runsOf(runner.userId, today, nextEnd);
    expect(aiKm(after)).toBeGreaterThan(before);
    expect(aiKm(after)).toBeLessThanOrEqual(before * 1.1);
    const [evaluation] = await db().select().from(aiEvaluations).where(eq(aiEvaluations.userId, runner.userId));
    expect(evaluation).toMatchObject({ windowStart, windowEnd, nextStart: today, nextEnd });
    expect(evaluation!.summary).toMatchObject({ decision: 'progress', completion: 1, planned: done.length, completed: done.length });
    expect(evaluation!.summary).toMatchObject({ nextKmBefore: before, nextKmAfter: aiKm(after) });
    const rise = Math.round(((aiKm(after) - before) / before) * 100);
    expect(evaluation!.note).toBe(
      `Evaluasi 2 minggu: ${done.length} dari ${done.length} latihan selesai dengan jarak dan pace sesuai target. Volume 2 minggu ke depan dinaikkan sedikit dari ${idKm(before)} km menjadi ${idKm(aiKm(after))} km (+${rise}%).`,
    );
    // The new runs are the AI's, and the whole plan still passes the safety checker.
    const all = await runsOf(runner.userId);
    const asPlanned = all.map((r) => ({ date: isoToPlanDate(r.day), title: r.title, program: r.program, paceRange: r.paceRange, color: r.color, periodization: r.periodization, generatedby: 'ai' as const }));
    expect(checkPlan(asPlanned, runner.form, runner.span)).toEqual([]);
    // Logged results of the window are as they were.
    expect((await windowRuns(runner.userId)).map((r) => [r.id, r.trainingDistance])).toEqual(done.map((r) => [r.id, plannedDistanceKm(r.program) ?? 5]));
  });

  it('makes the next two weeks lighter for a runner who missed most runs, and says why', async () => {
    const runner = await runnerWithPlan();
    const window = await windowRuns(runner.userId);
    await logWell(window[0]!);
    const before = aiKm(await runsOf(runner.userId, today, nextEnd));

    await run();

    expect(aiKm(await runsOf(runner.userId, today, nextEnd))).toBeLessThan(before);
    const [evaluation] = await db().select().from(aiEvaluations).where(eq(aiEvaluations.userId, runner.userId));
    expect(evaluation!.summary).toMatchObject({ decision: 'lighter', completed: 1, planned: window.length });
    const lighter = aiKm(await runsOf(runner.userId, today, nextEnd));
    expect(evaluation!.note).toBe(
      `Evaluasi 2 minggu: hanya 1 dari ${window.length} latihan selesai. Program 2 minggu ke depan dibuat lebih ringan dari ${idKm(before)} km menjadi ${idKm(lighter)} km agar kamu bisa kembali konsisten.`,
    );
  });

  it('leaves a runner held after a red flag alone: nothing is raised until a doctor cleared them', async () => {
    const runner = await runnerWithPlan();
    for (const row of await windowRuns(runner.userId)) await logWell(row);
    const before = await runsOf(runner.userId, today, nextEnd);
    await setSafetyHold(db(), runner.userId, ['chest'], now);
    expect(await run()).toEqual({ evaluated: 0, skipped: 1, failed: 0 });
    expect(await runsOf(runner.userId, today, nextEnd)).toEqual(before);
    await liftSafetyHold(db(), runner.userId);
    expect(await run()).toEqual({ evaluated: 1, skipped: 0, failed: 0 });
  });

  it("never touches the runner's or a coach's runs, nor runs already logged", async () => {
    const runner = await runnerWithPlan();
    for (const row of await windowRuns(runner.userId)) await logWell(row);
    const upcoming = (await runsOf(runner.userId, today, nextEnd)).filter((r) => r.generatedBy === 'ai');
    // Today's AI run, already run this morning.
    const loggedToday = upcoming[0]!;
    await logWell(loggedToday);
    await addRuns(db(), runner.owner, [{ date: isoToPlanDate(addDays(today, 2)), title: 'Easy Run', program: '6k', paceRange: "6'30 - 7'00" }], 'user');
    await addRuns(db(), runner.owner, [{ date: isoToPlanDate(addDays(today, 4)), title: 'Tempo Run', program: '8k', paceRange: "5'20 - 5'35", generatedby: 'coach' }], 'coach');
    const kept = (await runsOf(runner.userId)).filter((r) => r.generatedBy !== 'ai' || r.trainingDistance !== null);
    const laterBefore = await runsOf(runner.userId, addDays(nextEnd, 1));
    expect(laterBefore.length).toBeGreaterThan(0);

    expect((await run()).evaluated).toBe(1);

    const after = await runsOf(runner.userId);
    for (const row of kept) expect(after.find((r) => r.id === row.id)).toEqual(row);
    // Nothing new was put beside the run already done today.
    expect(after.filter((r) => r.day === loggedToday.day)).toEqual([kept.find((r) => r.id === loggedToday.id)]);
    // The open AI runs of the next two weeks were replaced; those after it stay as they were.
    const replaced = upcoming.filter((r) => r.id !== loggedToday.id);
    expect(after.some((r) => replaced.some((old) => old.id === r.id))).toBe(false);
    expect(await runsOf(runner.userId, addDays(nextEnd, 1))).toEqual(laterBefore);
  });

  it('is safe to run twice: one evaluation per window, the same plan; the next is due two weeks later', async () => {
    const runner = await runnerWithPlan();
    for (const row of await windowRuns(runner.userId)) await logWell(row);
    await run();
    const plan = await runsOf(runner.userId);
    expect(await run()).toEqual({ evaluated: 0, skipped: 0, failed: 0 });
    expect(await run(new Date(now.getTime() + 13 * DAY))).toEqual({ evaluated: 0, skipped: 0, failed: 0 });
    expect(await runsOf(runner.userId)).toEqual(plan);
    expect(await db().select().from(aiEvaluations)).toHaveLength(1);

    // Two runs of the job racing for the same runner: one evaluation, and the second finds it done.
    await db().delete(aiEvaluations);
    const reports = await Promise.all([run(), run()]);
    expect(reports.reduce((n, r) => n + r.evaluated, 0)).toBe(1);
    expect(await db().select().from(aiEvaluations)).toHaveLength(1);

    expect((await run(new Date(now.getTime() + 14 * DAY))).evaluated).toBe(1);
    const windows = (await db().select().from(aiEvaluations)).map((e) => e.windowStart).sort();
    expect(windows).toEqual([windowStart, today]);
  });

  it('skips a runner without access, one whose plan started less than two weeks ago, and one without AI runs', async () => {
    const lapsed = await runnerWithPlan('lewat@contoh.id');
    await db().update(users).set({ subscriptionStatus: 'past_due', currentPeriodEnd: new Date(now.getTime() - DAY) }).where(eq(users.id, lapsed.userId));
    const ended = await runnerWithPlan('habis@contoh.id');
    await db().update(users).set({ currentPeriodEnd: new Date(now.getTime() - 60_000) }).where(eq(users.id, ended.userId));
    const fresh = await runnerWithPlan('baru@contoh.id', 10);
    const manual = await runnerWithPlan('manual@contoh.id');
    await db().delete(trainingRuns).where(eq(trainingRuns.generatedBy, 'ai'));
    const plans = await Promise.all([lapsed, ended, fresh, manual].map((r) => runsOf(r.userId)));

    expect(await run()).toEqual({ evaluated: 0, skipped: 0, failed: 0 });
    expect(await db().select().from(aiEvaluations)).toHaveLength(0);
    expect(await Promise.all([lapsed, ended, fresh, manual].map((r) => runsOf(r.userId)))).toEqual(plans);
  });

  it('leaves AI runs after the paid period alone (they are locked) and what the runner changed by chat lately', async () => {
    const runner = await runnerWithPlan('pelari@contoh.id', 20, 6);
    const accessEnd = jakartaToday(new Date(now.getTime() + 6 * DAY));
    // The runner approved a chat change for the next three days a week ago.
    await db()
      .insert(aiPlanDrafts)
      .values({ userId: runner.userId, kind: 'modify', runs: [], startDay: today, endDay: addDays(today, 2), expiresAt: new Date(now.getTime() + DAY), savedAt: new Date(now.getTime() - 7 * DAY) });
    const before = await runsOf(runner.userId);

    expect((await run()).evaluated).toBe(1);

    const [evaluation] = await db().select().from(aiEvaluations);
    expect(evaluation).toMatchObject({ nextStart: addDays(today, 3), nextEnd: accessEnd });
    const after = await runsOf(runner.userId);
    const outside = (rows: TrainingRunRow[]) => rows.filter((r) => r.day < addDays(today, 3) || r.day > accessEnd);
    expect(outside(after)).toEqual(outside(before));
  });

  it('reads the runners in batches', async () => {
    const emails = ['a@contoh.id', 'b@contoh.id', 'c@contoh.id'];
    for (const email of emails) await runnerWithPlan(email);
    expect(await run(now, 2)).toEqual({ evaluated: 3, skipped: 0, failed: 0 });
    expect(await db().select().from(aiEvaluations)).toHaveLength(3);
  });

  it('GET /api/ai/evaluations/latest answers the note and the weeks (null before the first evaluation)', async () => {
    const runner = await runnerWithPlan();
    // The route checks access on the real clock.
    await db().update(users).set({ currentPeriodEnd: new Date(Date.now() + 30 * DAY) }).where(eq(users.id, runner.userId));
    const get = () => t.app.inject({ method: 'GET', url: '/api/ai/evaluations/latest', headers: runner.headers });
    const empty = await get();
    expect(empty.statusCode, empty.body).toBe(200);
    expect(json(empty)).toEqual({ evaluation: null });

    await run();
    const res = await get();
    expect(res.statusCode).toBe(200);
    const { evaluation } = json<LatestEvaluationResponse>(res);
    expect(evaluation).toMatchObject({
      windowStart: isoToPlanDate(windowStart),
      windowEnd: isoToPlanDate(windowEnd),
      nextStart: isoToPlanDate(today),
      nextEnd: isoToPlanDate(nextEnd),
      summary: { decision: 'lighter', completed: 0 },
    });
    expect(evaluation!.note).toContain('hanya 0 dari');
    expect(new Date(evaluation!.createdAt).toISOString()).toBe(evaluation!.createdAt);

    await db().update(users).set({ subscriptionStatus: 'none', currentPeriodEnd: null }).where(eq(users.id, runner.userId));
    expect((await get()).statusCode).toBe(403);
  });
});
