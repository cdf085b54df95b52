import { and, asc, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import { isoToPlanDate, jakartaToday, planDateToIso, type IsoDay } from '../../../domain/plan-date';
import { paceSecondsPerKm } from '../../../domain/pace';
import { runColor } from '../../../domain/run-types';
import { wrapProgram } from '../../../domain/training-program';
import {
  isRunLocked,
  MAX_RUN_TIME_SECONDS,
  MAX_RUNS_PER_PLAN,
  messages,
  resultIsAllOrNone,
  type GeneratedBy,
  type Run,
  type RunPatch,
  type TrainingPlan,
} from '../../../domain/training-plan';
import type { Db } from '../../db/client';
import { trainingPlans, trainingRuns, type TrainingRunRow, type UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../plugins/errors';

type RunInput = {
  _id?: string;
  date: string;
  title: string;
  program?: string;
  paceRange?: string;
  periodization?: 'Base' | 'Build' | 'Taper' | null;
  generatedby?: GeneratedBy;
  trainingdistance?: number | null;
  trainingtime?: number | null;
  traininghr?: number | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not ours never reach SQL (a malformed uuid would be a 500 there). */
export const isUuid = (value: string) => UUID.test(value);

export function toRun(row: TrainingRunRow): Run {
  return {
    _id: row.id,
    date: isoToPlanDate(row.day),
    title: row.title,
    program: row.program,
    paceRange: row.paceRange,
    color: row.color,
    periodization: row.periodization ?? null,
    generatedby: row.generatedBy,
    trainingdistance: row.trainingDistance,
    trainingtime: row.trainingTime,
    trainingpace: row.trainingPace,
    traininghr: row.trainingHr,
  };
}

export async function findPlan(db: Db, userId: string) {
  const [plan] = await db.select().from(trainingPlans).where(eq(trainingPlans.userId, userId)).limit(1);
  return plan ?? null;
}

async function ensurePlan(db: Db, userId: string) {
  await db.insert(trainingPlans).values({ userId }).onConflictDoNothing();
  const plan = await findPlan(db, userId);
  if (!plan) throw new Error('plan vanished after insert');
  return plan;
}

export async function listRuns(db: Db, planId: string, range?: { from: IsoDay; to: IsoDay }) {
  const where = range
    ? and(eq(trainingRuns.planId, planId), gte(trainingRuns.day, range.from), lte(trainingRuns.day, range.to))
    : eq(trainingRuns.planId, planId);
  return db.select().from(trainingRuns).where(where).orderBy(asc(trainingRuns.day), asc(trainingRuns.createdAt), asc(trainingRuns.id));
}

/** The caller's plan with the runs of a span (or all), in the spec's container shape; null when none. */
export async function readPlan(db: Db, userId: string, range?: { from: IsoDay; to: IsoDay }): Promise<TrainingPlan | null> {
  const plan = await findPlan(db, userId);
  if (!plan) return null;
  const rows = await listRuns(db, plan.id, range);
  return { _id: plan.id, trainingPlan: rows.map(toRun) };
}

function resultValues(distance: number | null, time: number | null, hr: number | null) {
  if (!resultIsAllOrNone({ trainingdistance: distance, trainingtime: time, traininghr: hr })) {
    throw badRequest(messages.allOrNone, 'RESULT_INCOMPLETE');
  }
  const pace = paceSecondsPerKm(distance, time);
  // A near-zero distance gives a pace no run has, beyond the integer column (a 500 otherwise).
  if (pace !== null && pace > MAX_RUN_TIME_SECONDS) throw badRequest(messages.invalidResult, 'INVALID_RESULT');
  return { trainingDistance: distance, trainingTime: time, trainingHr: hr, trainingPace: pace };
}

/** Stored values of an incoming run: colour from the title, program in parentheses, pace derived. */
function runValues(input: RunInput, generatedBy: GeneratedBy) {
  const day = planDateToIso(input.date);
  if (!day) throw badRequest(messages.dateInvalid, 'INVALID_DATE');
  return {
    day,
    title: input.title,
    program: wrapProgram(input.program ?? ''),
    paceRange: (input.paceRange ?? '').trim(),
    color: runColor(input.title),
    periodization: input.periodization ?? null,
    generatedBy,
    ...resultValues(input.trainingdistance ?? null, input.trainingtime ?? null, input.traininghr ?? null),
  };
}

/** Runners write their own runs and saved AI plans; coach-made runs come only from coaches. */
function runnerGeneratedBy(input: RunInput): GeneratedBy {
  const value = input.generatedby ?? 'user';
  if (value === 'coach') throw forbidden('Hanya pelatih yang dapat membuat aktivitas pelatih.');
  return value;
}

async function assertPlanSize(db: Db, planId: string, adding: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(trainingRuns).where(eq(trainingRuns.planId, planId));
  if ((row?.n ?? 0) + adding > MAX_RUNS_PER_PLAN) throw badRequest(messages.tooManyRuns, 'PLAN_TOO_LARGE');
}

/** Runs of one day read back in the order they were sent: one insert would share one created_at. */
function inSentOrder<T extends object>(rows: T[]): (T & { createdAt: Date })[] {
  const start = Date.now();
  return rows.map((row, i) => ({ ...row, createdAt: new Date(start + i) }));
}

/** POST: appends runs to the caller's plan, creating the plan when there is none. */
export async function addRuns(db: Db, userId: string, inputs: RunInput[]): Promise<TrainingPlan> {
  const values = inputs.map((input) => runValues(input, runnerGeneratedBy(input)));
  return db.transaction(async (tx) => {
    const plan = await ensurePlan(tx as unknown as Db, userId);
    await assertPlanSize(tx as unknown as Db, plan.id, values.length);
    if (values.length) await tx.insert(trainingRuns).values(inSentOrder(values.map((v) => ({ ...v, planId: plan.id }))));
    return (await readPlan(tx as unknown as Db, userId))!;
  });
}

/**
 * PUT: the plan becomes exactly the given runs. Runs sent back with their `_id` keep their identity
 * and who made them, so a replace never loses a logged result the client carried along.
 */
export async function replaceRuns(db: Db, userId: string, inputs: RunInput[]): Promise<TrainingPlan> {
  if (inputs.length > MAX_RUNS_PER_PLAN) throw badRequest(messages.tooManyRuns, 'PLAN_TOO_LARGE');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const plan = await ensurePlan(t, userId);
    const existing = await t.select().from(trainingRuns).where(eq(trainingRuns.planId, plan.id));
    const owned = new Map(existing.map((r) => [r.id, r]));
    const keep: string[] = [];
    const inserts = [];
    for (const input of inputs) {
      const known = input._id && isUuid(input._id) ? owned.get(input._id) : undefined;
      if (known && !keep.includes(input._id!)) {
        keep.push(input._id!);
        // A field left out keeps what is stored (a client sending only the plan must not wipe a logged
        // result or the AI's periodization); an explicit null clears it.
        const values = runValues(
          {
            ...input,
            periodization: input.periodization === undefined ? known.periodization : input.periodization,
            trainingdistance: input.trainingdistance === undefined ? known.trainingDistance : input.trainingdistance,
            trainingtime: input.trainingtime === undefined ? known.trainingTime : input.trainingtime,
            traininghr: input.traininghr === undefined ? known.trainingHr : input.traininghr,
          },
          known.generatedBy,
        );
        await t.update(trainingRuns).set({ ...values, updatedAt: new Date() }).where(eq(trainingRuns.id, input._id!));
      } else {
        inserts.push({ ...runValues(input, runnerGeneratedBy(input)), planId: plan.id });
      }
    }
    await t
      .delete(trainingRuns)
      .where(keep.length ? and(eq(trainingRuns.planId, plan.id), notInArray(trainingRuns.id, keep)) : eq(trainingRuns.planId, plan.id));
    if (inserts.length) await t.insert(trainingRuns).values(inSentOrder(inserts));
    await t.update(trainingPlans).set({ updatedAt: new Date() }).where(eq(trainingPlans.id, plan.id));
    return (await readPlan(t, userId))!;
  });
}

/** A run of the caller's own plan, or 404 whatever the reason (not theirs, not there, malformed). */
async function ownRun(db: Db, userId: string, runId: string, planId?: string) {
  if (planId !== undefined && !isUuid(planId)) throw notFound(messages.planNotFound);
  const plan = await findPlan(db, userId);
  if (!plan || (planId !== undefined && plan.id !== planId)) throw notFound(messages.planNotFound);
  if (!isUuid(runId)) throw notFound(messages.runNotFound);
  const [run] = await db
    .select()
    .from(trainingRuns)
    .where(and(eq(trainingRuns.id, runId), eq(trainingRuns.planId, plan.id)))
    .limit(1);
  if (!run) throw notFound(messages.runNotFound);
  return run;
}

function periodEndDay(user: UserRow): IsoDay | null {
  return user.currentPeriodEnd ? jakartaToday(user.currentPeriodEnd) : null;
}

/** PATCH: a result (all three fields or none) and/or a new date. */
export async function patchRun(db: Db, user: UserRow, planId: string, runId: string, patch: RunPatch): Promise<Run> {
  const run = await ownRun(db, user.id, runId, planId);
  if (isRunLocked({ generatedby: run.generatedBy, day: run.day }, periodEndDay(user))) throw forbidden(messages.locked);
  const day = patch.date !== undefined ? planDateToIso(patch.date) : run.day;
  if (!day) throw badRequest(messages.dateInvalid, 'INVALID_DATE');
  const pick = <T>(sent: T | null | undefined, stored: T | null) => (sent === undefined ? stored : sent);
  const result = resultValues(
    pick(patch.trainingdistance, run.trainingDistance),
    pick(patch.trainingtime, run.trainingTime),
    pick(patch.traininghr, run.trainingHr),
  );
  const [updated] = await db
    .update(trainingRuns)
    .set({ day, ...result, updatedAt: new Date() })
    .where(eq(trainingRuns.id, run.id))
    .returning();
  return toRun(updated!);
}

/** The log modal's delete: only runs the runner made. */
export async function deleteOwnRun(db: Db, userId: string, runId: string) {
  const run = await ownRun(db, userId, runId);
  if (run.generatedBy !== 'user') throw forbidden(messages.deleteNotUser);
  await db.delete(trainingRuns).where(eq(trainingRuns.id, run.id));
}

/** The plan-management delete (used before re-saving an AI plan): the runner's and AI runs, never a coach's. */
export async function deleteProgramRun(db: Db, userId: string, planId: string, runId: string) {
  const run = await ownRun(db, userId, runId, planId);
  if (run.generatedBy === 'coach') throw forbidden('Aktivitas dari pelatih hanya bisa dihapus oleh pelatih.');
  await db.delete(trainingRuns).where(eq(trainingRuns.id, run.id));
}
