/** Small helpers shared by the training plan API tests (one app per test file). */
import { eq } from 'drizzle-orm';
import type { PlanRun, Run, TrainingPlan } from '../../../domain/training-plan/training-plan';
import { trainingPlans, trainingRuns, users } from '../../db/schema';
import type { TestApp } from '../../test/build-test-app';

export type Headers = { authorization: string };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Well-formed uuids that belong to nobody. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A run body as a client sends it; override what the test cares about. */
export const runInput = (date: string, title = 'Easy Run', extra: Record<string, unknown> = {}) => ({
  date,
  title,
  program: '5k',
  paceRange: "6'00 - 6'30",
  ...extra,
});

export function planApi(t: TestApp) {
  const call = (method: Method, url: string, headers?: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
  return {
    call,
    get: (headers: Headers) => call('GET', '/api/training-plans', headers),
    byDate: (headers: Headers, date: string) => call('GET', `/api/training-plans/by-date?date=${encodeURIComponent(date)}`, headers),
    range: (headers: Headers, from: string, to: string) =>
      call('GET', `/api/training-plans/range?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, headers),
    post: (headers: Headers, runs: unknown[]) => call('POST', '/api/training-plans', headers, { trainingPlan: runs }),
    put: (headers: Headers, runs: unknown[]) => call('PUT', '/api/training-plans', headers, { trainingPlan: runs }),
    patch: (headers: Headers, planId: string, runId: string, body: unknown) =>
      call('PATCH', `/api/training-plans/${planId}/item/${runId}`, headers, body),
    deleteOwn: (headers: Headers, runId: string) => call('DELETE', `/api/training-plans/${runId}`, headers),
    deleteProgram: (headers: Headers, planId: string, runId: string) =>
      call('DELETE', `/api/training-plans/${planId}/program/${runId}`, headers),

    /** POSTs runs and returns the created plan (asserting 201 so a setup failure is loud). */
    async seed(headers: Headers, runs: unknown[]): Promise<TrainingPlan> {
      const res = await call('POST', '/api/training-plans', headers, { trainingPlan: runs });
      if (res.statusCode !== 201) throw new Error(`seed failed ${res.statusCode}: ${res.body}`);
      return res.json() as TrainingPlan;
    },

    /** The caller's whole plan as stored, read back through the API ([] when there is none). */
    async runs(headers: Headers): Promise<PlanRun[]> {
      const res = await call('GET', '/api/training-plans', headers);
      if (res.statusCode === 404) return [];
      return (res.json() as { trainingPlans: TrainingPlan[] }).trainingPlans[0]!.trainingPlan;
    },
  };
}

/** Coach runs have no runner route yet, so tests put them straight into the table. */
export async function insertCoachRun(t: TestApp, userId: string, day: string, title = 'Tempo Run') {
  const [plan] = await t.database.db.select().from(trainingPlans).where(eq(trainingPlans.userId, userId));
  if (!plan) throw new Error('the runner has no plan');
  const [row] = await t.database.db
    .insert(trainingRuns)
    .values({ planId: plan.id, day, title, program: '(8k)', color: 'bg-orange-500', generatedBy: 'coach' })
    .returning();
  return row!;
}

/**
 * AI runs come only from the server (the AI endpoints, the demo seed), never from a runner's POST,
 * so tests put them straight into the table; the runner's plan is created when there is none.
 */
export async function insertAiRun(
  t: TestApp,
  userId: string,
  day: string,
  title = 'Long Run',
  extra: Partial<typeof trainingRuns.$inferInsert> = {},
) {
  await t.database.db.insert(trainingPlans).values({ userId }).onConflictDoNothing();
  const [plan] = await t.database.db.select().from(trainingPlans).where(eq(trainingPlans.userId, userId));
  const [row] = await t.database.db
    .insert(trainingRuns)
    .values({
      planId: plan!.id,
      day,
      title,
      program: '(16k)',
      paceRange: "6'10 - 6'20",
      color: 'bg-green-500',
      periodization: 'Build',
      generatedBy: 'ai',
      ...extra,
    })
    .returning();
  return row!;
}

export async function setPeriodEnd(t: TestApp, userId: string, end: Date | null) {
  await t.database.db.update(users).set({ currentPeriodEnd: end }).where(eq(users.id, userId));
}

export const byTitle = (runs: PlanRun[], title: string): Run => {
  const run = runs.find((r): r is Run => !r.locked && r.title === title);
  if (!run) throw new Error(`no run titled ${title}`);
  return run;
};
