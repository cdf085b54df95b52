import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { isoToPlanDate, jakartaToday, planDateToIso, type IsoDay } from '../../../domain/shared/wire-date';
import { normalisePaceRange, paceSecondsPerKm } from '../../../domain/training-plan/pace';
import { runColor } from '../../../domain/training-plan/run-types';
import { wrapProgram } from '../../../domain/training-plan/training-program';
import {
  canLogResultOn,
  coachResultIsComplete,
  isRunLocked,
  MAX_RUN_TIME_SECONDS,
  MAX_RUNS_PER_PLAN,
  messages,
  resultIsAllOrNone,
  visibleRun,
  type GeneratedBy,
} from '../../../domain/training-plan/training-plan';
import type { LockedRunInput, PlanRun, Run, RunPatch, TrainingPlan } from '../../../domain/training-plan/contract';
import type { ResultSource } from '../../../domain/strava/strava';
import { accessEndDay } from '../../../domain/subscriptions/subscription';
import type { Db } from '../../db/client';
import { trainingPlans, trainingRuns, type TrainingRunRow, type UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../app-error';

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

/** A PUT item: a whole run, or a locked run's stub sent back as read. */
type ReplaceItem = (RunInput & { locked?: false }) | LockedRunInput;

/** Whose plan it is: the lock follows the owner's subscription, whoever reads or writes. */
export type PlanOwner = Pick<UserRow, 'id' | 'currentPeriodEnd'>;

/**
 * Who writes: the runner on their own plan, or their coach (coaching/routes.runner-plans.ts, after
 * the connection check). It decides who makes new runs, which result rule holds, and what may be deleted.
 */
export type PlanActor = 'user' | 'coach';

/** Which result rule a write is held to: the runner's all-or-none, the coach's (distance and time), or none for values already stored. */
type ResultRule = PlanActor | 'stored';

/**
 * Who reads a plan: its owner sees everything of theirs; a coach (every read and write answer of
 * coaching/routes.runner-plans.ts, the AI used for a runner) never sees Strava-derived data, which
 * belongs to the runner alone (Strava API agreement) until the runner keeps it in their own log.
 */
export type PlanViewer = 'owner' | 'coach';

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
    source: row.resultSource ?? null,
    locked: false,
  };
}

/** A run as a coach reads it: a result Strava filled is shown as not logged. */
export function withoutStravaResult(run: Run): Run {
  if (run.source !== 'strava') return run;
  return { ...run, trainingdistance: null, trainingtime: null, trainingpace: null, traininghr: null, source: null };
}

/** Whether a stored run is locked for its plan owner (the domain's one rule). */
export const rowIsLocked = (row: Pick<TrainingRunRow, 'generatedBy' | 'day'>, accessEnd: IsoDay | null) =>
  isRunLocked({ generatedby: row.generatedBy, day: row.day }, accessEnd);

/** A stored run as a reader gets it: whole, or its stub when locked; a coach without Strava data. Every read goes through here. */
export const viewRun = (row: TrainingRunRow, accessEnd: IsoDay | null, viewer: PlanViewer = 'owner'): PlanRun =>
  visibleRun(viewer === 'coach' ? withoutStravaResult(toRun(row)) : toRun(row), accessEnd);

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

/** The owner's plan with the runs of a span (or all), in the spec's container shape, as `viewer` may see it; null when none. */
export async function readPlan(db: Db, owner: PlanOwner, range?: { from: IsoDay; to: IsoDay }, viewer: PlanViewer = 'owner'): Promise<TrainingPlan | null> {
  const plan = await findPlan(db, owner.id);
  if (!plan) return null;
  const rows = await listRuns(db, plan.id, range);
  const accessEnd = accessEndDay(owner.currentPeriodEnd);
  return { _id: plan.id, trainingPlan: rows.map((row) => viewRun(row, accessEnd, viewer)) };
}

const viewerOf = (actor: PlanActor | GeneratedBy): PlanViewer => (actor === 'coach' ? 'coach' : 'owner');

function resultValues(distance: number | null, time: number | null, hr: number | null, rule: ResultRule = 'user') {
  const result = { trainingdistance: distance, trainingtime: time, traininghr: hr };
  if (rule === 'user' && !resultIsAllOrNone(result)) throw badRequest(messages.allOrNone, 'RESULT_INCOMPLETE');
  if (rule === 'coach' && !coachResultIsComplete(result)) throw badRequest(messages.coachDistanceAndTime, 'RESULT_INCOMPLETE');
  const pace = paceSecondsPerKm(distance, time);
  // A near-zero distance gives a pace no run has, beyond the integer column (a 500 otherwise).
  if (pace !== null && pace > MAX_RUN_TIME_SECONDS) throw badRequest(messages.invalidResult, 'INVALID_RESULT');
  // A result written through the plan routes is a person's (the runner's, or their coach's); callers
  // that keep a stored result keep its source instead.
  const resultSource = (distance !== null || time !== null ? 'manual' : null) as ResultSource | null;
  return { trainingDistance: distance, trainingTime: time, trainingHr: hr, trainingPace: pace, resultSource };
}

/** A result on a day after `today` (Jakarta) is refused: that run has not been run yet. */
function assertResultNotInFuture(day: IsoDay, result: { trainingDistance: number | null }, today: IsoDay) {
  if (result.trainingDistance !== null && !canLogResultOn(day, today)) throw badRequest(messages.resultInFuture, 'RESULT_IN_FUTURE');
}

/** Stored values of an incoming run: colour from the title, program in parentheses, pace derived. */
function runValues(input: RunInput, generatedBy: GeneratedBy, rule: ResultRule = 'user') {
  const day = planDateToIso(input.date);
  if (!day) throw badRequest(messages.dateInvalid, 'INVALID_DATE');
  return {
    day,
    title: input.title,
    program: wrapProgram(input.program ?? ''),
    // The route has validated it; server-made runs (seed, AI) are normalised the same way.
    paceRange: normalisePaceRange(input.paceRange ?? '') ?? (input.paceRange ?? '').trim(),
    color: runColor(input.title),
    periodization: input.periodization ?? null,
    generatedBy,
    ...resultValues(input.trainingdistance ?? null, input.trainingtime ?? null, input.traininghr ?? null, rule),
  };
}

/**
 * Who makes a new run is decided by the server from the route, never by the client: a runner's
 * write makes 'user' runs, 'ai' runs come only from the AI (and the demo seed), 'coach' runs only
 * from coach routes. A runner's request claiming another maker is refused rather than relabelled,
 * so a client that believes it is saving an AI plan learns that it is not.
 */
function makerOf(input: { generatedby?: GeneratedBy }, maker: GeneratedBy): GeneratedBy {
  if (maker === 'user' && input.generatedby === 'ai') throw forbidden(messages.aiRunsFromAiOnly);
  if (maker === 'user' && input.generatedby === 'coach') throw forbidden(messages.coachRunsFromCoachOnly);
  if (maker === 'coach' && input.generatedby === 'ai') throw forbidden(messages.aiRunsFromAiOnly);
  if (maker === 'coach' && input.generatedby === 'user') throw forbidden(messages.userRunsFromRunnerOnly);
  return maker;
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

/**
 * POST: appends runs to the owner's plan, creating the plan when there is none; `maker` is who writes.
 * `today` (Jakarta) is the clock of the future-result rule; the demo seed passes its own.
 */
export async function addRuns(db: Db, owner: PlanOwner, inputs: RunInput[], maker: GeneratedBy = 'user', today: IsoDay = jakartaToday()): Promise<TrainingPlan> {
  const values = inputs.map((input) => runValues(input, makerOf(input, maker), maker === 'coach' ? 'coach' : 'user'));
  for (const v of values) assertResultNotInFuture(v.day, v, today);
  return db.transaction(async (tx) => {
    const plan = await ensurePlan(tx, owner.id);
    await assertPlanSize(tx, plan.id, values.length);
    if (values.length) await tx.insert(trainingRuns).values(inSentOrder(values.map((v) => ({ ...v, planId: plan.id }))));
    return (await readPlan(tx, owner, undefined, viewerOf(maker)))!;
  });
}

/**
 * A runner's PUT: the plan becomes the given runs, within what the runner may change.
 * - A run sent back with its `_id` keeps its identity, who made it and (unless sent) its result.
 * - A locked run may only come back as its stub (`{_id, locked: true}`, date and maker as read):
 *   it is kept untouched. Sent with content, or moved, it is refused with 'Program ini dibatasi'.
 * - Runs left out are deleted, except a coach's runs and locked runs, which the runner may not delete
 *   (the single-run deletes refuse them too); they stay, and the answer shows them.
 * - Runs without a known `_id` are new and the runner's ('user').
 */
export async function replaceRuns(db: Db, owner: PlanOwner, items: ReplaceItem[], today: IsoDay = jakartaToday(), actor: PlanActor = 'user'): Promise<TrainingPlan> {
  if (items.length > MAX_RUNS_PER_PLAN) throw badRequest(messages.tooManyRuns, 'PLAN_TOO_LARGE');
  const accessEnd = accessEndDay(owner.currentPeriodEnd);
  return db.transaction(async (tx) => {
    const plan = await ensurePlan(tx, owner.id);
    const existing = await tx.select().from(trainingRuns).where(eq(trainingRuns.planId, plan.id));
    const owned = new Map(existing.map((r) => [r.id, r]));
    const keep = new Set<string>();
    const inserts = [];
    for (const item of items) {
      const known = item._id && isUuid(item._id) ? owned.get(item._id) : undefined;
      if (item.locked === true) {
        if (!known) throw notFound(messages.runNotFound);
        const sameDay = item.date === undefined || planDateToIso(item.date) === known.day;
        const sameMaker = item.generatedby === undefined || item.generatedby === known.generatedBy;
        if (!sameDay || !sameMaker) throw forbidden(messages.locked);
        keep.add(known.id);
        continue;
      }
      if (known && !keep.has(known.id)) {
        if (rowIsLocked(known, accessEnd)) throw forbidden(messages.locked);
        keep.add(known.id);
        // A coach read a Strava result as not logged: an empty result sent back is that reading, not a clearing.
        const keepsHidden = actor === 'coach' && hidesResultFromCoach(known, item);
        // A field left out keeps what is stored (a client sending only the plan must not wipe a logged
        // result or the AI's periodization); an explicit null clears it. The stored maker always wins.
        const stored = <T>(sent: T | undefined, value: T) => (sent === undefined || keepsHidden ? value : sent);
        const merged = {
          ...item,
          periodization: item.periodization === undefined ? known.periodization : item.periodization,
          trainingdistance: stored(item.trainingdistance, known.trainingDistance),
          trainingtime: stored(item.trainingtime, known.trainingTime),
          traininghr: stored(item.traininghr, known.trainingHr),
        };
        // A result kept as stored is not re-judged (a coach may have logged it without HR); a changed one is, by the writer's rule.
        const resultKept =
          merged.trainingdistance === known.trainingDistance && merged.trainingtime === known.trainingTime && merged.traininghr === known.trainingHr;
        const values = runValues(merged, known.generatedBy, resultKept ? 'stored' : actor);
        // Sent back as stored, a result keeps its source (a Strava one stays the runner's alone); changed, it is the writer's.
        if (resultKept) values.resultSource = known.resultSource;
        // A stored run sent back as it is stays (even one logged before this rule); a change may not
        // put a result on a day still to come.
        const unchanged = values.day === known.day && values.trainingDistance === known.trainingDistance && values.trainingTime === known.trainingTime;
        if (!unchanged) assertResultNotInFuture(values.day, values, today);
        await tx.update(trainingRuns).set({ ...values, updatedAt: new Date() }).where(eq(trainingRuns.id, known.id));
      } else {
        const values = runValues(item, makerOf(item, actor), actor);
        assertResultNotInFuture(values.day, values, today);
        inserts.push({ ...values, planId: plan.id });
      }
    }
    // A coach's replace never deletes the runner's own runs, nor anything the runner has logged.
    const mayRemove = (r: TrainingRunRow) =>
      actor === 'coach' ? r.generatedBy !== 'user' && r.trainingDistance === null && r.trainingTime === null : r.generatedBy !== 'coach';
    const removable = existing.filter((r) => !keep.has(r.id) && mayRemove(r) && !rowIsLocked(r, accessEnd)).map((r) => r.id);
    // Runs the writer may not delete stay, so the plan can end up larger than the list sent.
    if (existing.length - removable.length + inserts.length > MAX_RUNS_PER_PLAN) throw badRequest(messages.tooManyRuns, 'PLAN_TOO_LARGE');
    if (removable.length) await tx.delete(trainingRuns).where(and(eq(trainingRuns.planId, plan.id), inArray(trainingRuns.id, removable)));
    if (inserts.length) await tx.insert(trainingRuns).values(inSentOrder(inserts));
    await tx.update(trainingPlans).set({ updatedAt: new Date() }).where(eq(trainingPlans.id, plan.id));
    return (await readPlan(tx, owner, undefined, viewerOf(actor)))!;
  });
}

/** Whether a coach's write leaves a Strava result alone: it sends the result as the coach read it (empty, or not at all). */
function hidesResultFromCoach(
  known: Pick<TrainingRunRow, 'resultSource'>,
  sent: { trainingdistance?: number | null; trainingtime?: number | null; traininghr?: number | null },
): boolean {
  if (known.resultSource !== 'strava') return false;
  return [sent.trainingdistance, sent.trainingtime, sent.traininghr].every((v) => v === undefined || v === null);
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

/**
 * PATCH: a result (all three fields or none) and/or a new date; never on a locked run. A result is
 * never logged on, nor carried to, a day after `today`; a run without one moves freely.
 */
export async function patchRun(
  db: Db,
  owner: PlanOwner,
  planId: string,
  runId: string,
  patch: RunPatch,
  today: IsoDay = jakartaToday(),
  actor: PlanActor = 'user',
): Promise<PlanRun> {
  const run = await ownRun(db, owner.id, runId, planId);
  const accessEnd = accessEndDay(owner.currentPeriodEnd);
  if (rowIsLocked(run, accessEnd)) throw forbidden(messages.locked);
  const day = patch.date !== undefined ? planDateToIso(patch.date) : run.day;
  if (!day) throw badRequest(messages.dateInvalid, 'INVALID_DATE');
  const pick = <T>(sent: T | null | undefined, stored: T | null) => (sent === undefined ? stored : sent);
  // A coach clearing a Strava result they were shown as empty changes nothing (they never saw it).
  const sendsResult =
    (patch.trainingdistance !== undefined || patch.trainingtime !== undefined || patch.traininghr !== undefined) &&
    !(actor === 'coach' && hidesResultFromCoach(run, patch));
  const result = sendsResult
    ? resultValues(pick(patch.trainingdistance, run.trainingDistance), pick(patch.trainingtime, run.trainingTime), pick(patch.traininghr, run.trainingHr), actor)
    : // A move alone keeps the stored result as it is (a coach's may have no HR), and its source.
      { ...resultValues(run.trainingDistance, run.trainingTime, run.trainingHr, 'stored'), resultSource: run.resultSource };
  // The runner's Simpan of a result (Log Hasil Latihan) makes it theirs: 'manual', which their coach may see.
  assertResultNotInFuture(day, result, today);
  const [updated] = await db
    .update(trainingRuns)
    .set({ day, ...result, updatedAt: new Date() })
    .where(eq(trainingRuns.id, run.id))
    .returning();
  // An AI run moved past the end of the period is locked from now on: the answer is its stub.
  return viewRun(updated!, accessEnd, viewerOf(actor));
}

/** The log modal's delete: only runs the writer made, the runner's or the coach's (a locked run is refused as locked). */
export async function deleteOwnRun(db: Db, owner: PlanOwner, runId: string, actor: PlanActor = 'user') {
  const run = await ownRun(db, owner.id, runId);
  if (rowIsLocked(run, accessEndDay(owner.currentPeriodEnd))) throw forbidden(messages.locked);
  if (run.generatedBy !== actor) throw forbidden(actor === 'coach' ? messages.deleteNotCoach : messages.deleteNotUser);
  await db.delete(trainingRuns).where(eq(trainingRuns.id, run.id));
}

/** The plan-management delete (used before re-saving an AI plan): the runner's and open AI runs, never a coach's. */
export async function deleteProgramRun(db: Db, owner: PlanOwner, planId: string, runId: string) {
  const run = await ownRun(db, owner.id, runId, planId);
  if (rowIsLocked(run, accessEndDay(owner.currentPeriodEnd))) throw forbidden(messages.locked);
  if (run.generatedBy === 'coach') throw forbidden('Aktivitas dari pelatih hanya bisa dihapus oleh pelatih.');
  await db.delete(trainingRuns).where(eq(trainingRuns.id, run.id));
}

/**
 * The AI coach's save (a draft the server wrote, never a client's runs): the AI runs of `range`
 * that have no logged result give way to `inputs`, made by the AI. Runs the runner or a coach made
 * and runs already logged stay as they are. Call it inside the caller's transaction.
 * `maker` 'coach': a coach saved the draft for their runner; the range's unlogged AI and coach runs
 * give way, and the new runs are the coach's (decision 025).
 */
export async function replaceUnloggedAiRuns(
  db: Db,
  owner: PlanOwner,
  range: { from: IsoDay; to: IsoDay },
  inputs: RunInput[],
  maker: 'ai' | 'coach' = 'ai',
): Promise<TrainingPlan> {
  const values = inputs.map((input) => runValues(input, maker));
  const plan = await ensurePlan(db, owner.id);
  await db
    .delete(trainingRuns)
    .where(
      and(
        eq(trainingRuns.planId, plan.id),
        maker === 'coach' ? inArray(trainingRuns.generatedBy, ['ai', 'coach']) : eq(trainingRuns.generatedBy, 'ai'),
        gte(trainingRuns.day, range.from),
        lte(trainingRuns.day, range.to),
        sql`${trainingRuns.trainingDistance} is null`,
        sql`${trainingRuns.trainingTime} is null`,
      ),
    );
  await assertPlanSize(db, plan.id, values.length);
  if (values.length) await db.insert(trainingRuns).values(inSentOrder(values.map((v) => ({ ...v, planId: plan.id }))));
  await db.update(trainingPlans).set({ updatedAt: new Date() }).where(eq(trainingPlans.id, plan.id));
  return (await readPlan(db, owner, undefined, viewerOf(maker)))!;
}

/** A synced result as Strava gives it (distance km, moving time s, average HR when recorded). */
export interface SyncedResult {
  distanceKm: number;
  timeS: number;
  avgHr: number | null;
}

/** The owner's runs of one day, in plan order (the Strava matching's candidates). */
export async function runsOfDay(db: Db, userId: string, day: IsoDay): Promise<TrainingRunRow[]> {
  const plan = await findPlan(db, userId);
  return plan ? listRuns(db, plan.id, { from: day, to: day }) : [];
}

export async function findRun(db: Db, runId: string): Promise<TrainingRunRow | null> {
  const [row] = await db.select().from(trainingRuns).where(eq(trainingRuns.id, runId)).limit(1);
  return row ?? null;
}

const syncedValues = (result: SyncedResult) => ({
  trainingDistance: result.distanceKm,
  trainingTime: result.timeS,
  trainingHr: result.avgHr,
  trainingPace: paceSecondsPerKm(result.distanceKm, result.timeS),
  resultSource: 'strava' as const,
});

/**
 * Fills a run's result from Strava (source 'strava'), unless the run holds a result a person wrote:
 * the condition is in the statement, so a Simpan racing the sync always wins. Writes nothing when the
 * run already holds exactly this result (a repeated sync changes nothing, not even updated_at).
 * True when the run now holds the synced result.
 */
export async function fillRunFromStrava(db: Db, runId: string, result: SyncedResult, now = new Date()): Promise<boolean> {
  const values = syncedValues(result);
  const same = await db
    .select({ id: trainingRuns.id })
    .from(trainingRuns)
    .where(
      and(
        eq(trainingRuns.id, runId),
        eq(trainingRuns.resultSource, 'strava'),
        sql`${trainingRuns.trainingDistance} = ${values.trainingDistance}`,
        eq(trainingRuns.trainingTime, values.trainingTime),
        values.trainingHr === null ? sql`${trainingRuns.trainingHr} is null` : eq(trainingRuns.trainingHr, values.trainingHr),
      ),
    );
  if (same.length) return true;
  const updated = await db
    .update(trainingRuns)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(trainingRuns.id, runId),
        or(
          eq(trainingRuns.resultSource, 'strava'),
          and(sql`${trainingRuns.trainingDistance} is null`, sql`${trainingRuns.trainingTime} is null`, sql`${trainingRuns.trainingHr} is null`),
        ),
      ),
    )
    .returning({ id: trainingRuns.id });
  return updated.length > 0;
}

/** Clears a result Strava filled; a result the runner has since kept or typed ('manual') stays. */
export async function clearStravaResult(db: Db, runId: string, now = new Date()): Promise<void> {
  await db
    .update(trainingRuns)
    .set({ trainingDistance: null, trainingTime: null, trainingPace: null, trainingHr: null, resultSource: null, updatedAt: now })
    .where(and(eq(trainingRuns.id, runId), eq(trainingRuns.resultSource, 'strava')));
}

/**
 * An unplanned Strava run the runner keeps: a run of their own ('user') in their plan on that day,
 * with the result as theirs ('manual': kept in their own log, so their coach may see it).
 */
export async function addKeptRun(db: Db, owner: PlanOwner, day: IsoDay, title: string, result: SyncedResult): Promise<Run> {
  const values = runValues({ date: isoToPlanDate(day), title }, 'user', 'stored');
  const plan = await ensurePlan(db, owner.id);
  await assertPlanSize(db, plan.id, 1);
  const [row] = await db
    .insert(trainingRuns)
    .values({ ...values, ...syncedValues(result), resultSource: 'manual', planId: plan.id })
    .returning();
  await db.update(trainingPlans).set({ updatedAt: new Date() }).where(eq(trainingPlans.id, plan.id));
  return toRun(row!);
}
