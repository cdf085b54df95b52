import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { PlannedRun } from '../../../domain/ai-coach/contract';
import { evaluateFortnight, evaluationNote, type FortnightEvaluation, type FortnightRun } from '../../../domain/ai-coach/engine/evaluation';
import { rebuildRange, type PlanSpan } from '../../../domain/ai-coach/engine/plan';
import { plannedDistanceKm } from '../../../domain/training-plan/training-program';
import { accessEndDay, hasPremiumAccess } from '../../../domain/subscriptions/subscription';
import { addDays, jakartaToday, planDateToIso, type IsoDay } from '../../../domain/shared/wire-date';
import type { Db } from '../../db/client';
import { aiCoachProfiles, aiEvaluations, aiPlanDrafts } from '../../db/schema/ai-coach';
import { trainingPlans, trainingRuns, type TrainingRunRow } from '../../db/schema/training-plan';
import { users } from '../../db/schema/users';
import { findPlan, listRuns, replaceUnloggedAiRuns, rowIsLocked, type PlanOwner } from '../training-plan/service';
import { isUnderSafetyHold, keepSafe, readProfile } from './service';
import { plannedRun as plannedRunOf } from '../../../domain/ai-coach/engine/planned-run';

/** Two weeks looked at, two weeks adjusted. */
export const EVALUATION_DAYS = 14;
/** Runners read per query, so a big table never loads at once. */
export const EVALUATION_BATCH = 100;

export interface EvaluationDeps {
  db: Db;
  log: FastifyBaseLogger;
}

export interface EvaluationRunReport {
  evaluated: number;
  /** Due but left for later: nothing left to adjust after the runner's own recent chat changes, or an unreadable profile. */
  skipped: number;
  failed: number;
}

type Candidate = PlanOwner & { subscriptionStatus: (typeof users.$inferSelect)['subscriptionStatus'] };

/**
 * Runners due for an evaluation, after `after` (keyset paging by user id): an AI profile whose
 * plan started at least two weeks ago and has not ended, premium access now, AI runs in the plan,
 * and no evaluation whose window reaches into the last two weeks.
 */
function dueRunners(db: Db, today: IsoDay, now: Date, after: string | null, limit: number): Promise<Candidate[]> {
  const windowStart = addDays(today, -EVALUATION_DAYS);
  return db
    .select({ id: users.id, currentPeriodEnd: users.currentPeriodEnd, subscriptionStatus: users.subscriptionStatus })
    .from(aiCoachProfiles)
    .innerJoin(users, eq(users.id, aiCoachProfiles.userId))
    .where(
      and(
        after ? gt(aiCoachProfiles.userId, after) : undefined,
        inArray(users.subscriptionStatus, ['active', 'trialing']),
        gt(users.currentPeriodEnd, now),
        lte(aiCoachProfiles.startDay, windowStart),
        gte(aiCoachProfiles.endDay, today),
        sql`exists (select 1 from ${trainingPlans} join ${trainingRuns} on ${trainingRuns.planId} = ${trainingPlans.id}
          where ${trainingPlans.userId} = ${users.id} and ${trainingRuns.generatedBy} = 'ai')`,
        sql`not exists (select 1 from ${aiEvaluations} where ${aiEvaluations.userId} = ${users.id} and ${aiEvaluations.windowEnd} >= ${windowStart})`,
      ),
    )
    .orderBy(asc(aiCoachProfiles.userId))
    .limit(limit);
}

const fortnightRun = (row: TrainingRunRow): FortnightRun => ({
  day: row.day,
  title: row.title,
  program: row.program,
  paceRange: row.paceRange,
  generatedby: row.generatedBy,
  trainingdistance: row.trainingDistance,
  trainingtime: row.trainingTime,
  traininghr: row.trainingHr,
});

/** A stored run as the engine reads plans. */
const plannedRun = (row: TrainingRunRow): PlannedRun => plannedRunOf(row);

const isLogged = (row: TrainingRunRow) => row.trainingDistance !== null || row.trainingTime !== null;

/**
 * The last day of chat changes (modify drafts) the runner saved in the last two weeks that reach
 * into `range`: what the runner asked for recently (rest for an injury, a moved long run) wins
 * over the re-evaluation, which adjusts only the days after it.
 */
async function chatChangesUntil(db: Db, userId: string, range: PlanSpan, now: Date): Promise<IsoDay | null> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${aiPlanDrafts.endDay})::text` })
    .from(aiPlanDrafts)
    .where(
      and(
        eq(aiPlanDrafts.userId, userId),
        eq(aiPlanDrafts.kind, 'modify'),
        isNotNull(aiPlanDrafts.savedAt),
        gte(aiPlanDrafts.savedAt, new Date(now.getTime() - EVALUATION_DAYS * 86_400_000)),
        gte(aiPlanDrafts.endDay, range.startDay),
        lte(aiPlanDrafts.startDay, range.endDay),
      ),
    );
  return row?.last ?? null;
}

type Outcome = 'evaluated' | 'skipped' | 'already';

/** One runner: evaluate the window, rebuild the next range's AI runs, record it — once per window. */
async function evaluateRunner({ db, log }: EvaluationDeps, owner: Candidate, now: Date): Promise<Outcome> {
  // Checked again here: the query's rule and the product's one rule must agree.
  if (!hasPremiumAccess({ status: owner.subscriptionStatus, currentPeriodEnd: owner.currentPeriodEnd }, now)) return 'skipped';
  const profile = await readProfile(db, owner.id);
  const plan = await findPlan(db, owner.id);
  if (!profile || !plan) return 'skipped';
  // A runner held after a red flag trains again only when a doctor cleared them: nothing is raised meanwhile.
  if (await isUnderSafetyHold(db, owner.id)) return 'skipped';
  const today = jakartaToday(now);
  const window: PlanSpan = { startDay: addDays(today, -EVALUATION_DAYS), endDay: addDays(today, -1) };
  // The next two weeks inside the programme, and never past the paid period: AI runs after it are
  // locked, and locked runs are not the coach's to change.
  const accessEnd = accessEndDay(owner.currentPeriodEnd);
  let nextEnd = addDays(today, EVALUATION_DAYS - 1);
  if (profile.span.endDay < nextEnd) nextEnd = profile.span.endDay;
  if (accessEnd !== null && accessEnd < nextEnd) nextEnd = accessEnd;
  const next: PlanSpan = { startDay: today, endDay: nextEnd };
  const chatUntil = await chatChangesUntil(db, owner.id, next, now);
  if (chatUntil !== null) next.startDay = addDays(chatUntil, 1);
  if (next.startDay > next.endDay) return 'skipped';

  const from = profile.span.startDay < window.startDay ? profile.span.startDay : window.startDay;
  const rows = (await listRuns(db, plan.id, { from, to: next.endDay })).filter((row) => !rowIsLocked(row, accessEnd));
  const result = evaluateFortnight({ runs: rows.map(fortnightRun), windowStart: window.startDay, windowEnd: window.endDay, today });
  const history = rows.filter((row) => row.day >= profile.span.startDay && row.day < next.startDay).map(plannedRun);

  const { form, span } = profile;
  const adjust = { volumeFactor: result.volumeFactor };
  let fellBack = false;
  const checked = keepSafe(log, 'evaluation', rebuildRange(form, span, next, adjust, history), form, next, history, () => {
    // When the adjusted range cannot be made safe: the engine's range without any rise.
    fellBack = true;
    return rebuildRange(form, span, next, { volumeFactor: Math.min(1, result.volumeFactor) }, history);
  }, 'change');
  // A day already logged (today's run, done this morning) is done: nothing is added beside it.
  const inNext = rows.filter((row) => row.day >= next.startDay && row.day <= next.endDay);
  const loggedDays = new Set(inNext.filter(isLogged).map((row) => row.day));
  const runs = checked.runs.filter((run) => !loggedDays.has(planDateToIso(run.date)!));
  const km = (programs: string[]) => Math.round(programs.reduce((sum, program) => sum + (plannedDistanceKm(program) ?? 0), 0) * 10) / 10;
  const volume = {
    nextKmBefore: km(inNext.filter((row) => row.generatedBy === 'ai' && !isLogged(row)).map((row) => row.program)),
    nextKmAfter: km(runs.map((run) => run.program)),
  };
  const summary: FortnightEvaluation =
    fellBack && result.volumeFactor > 1
      ? { ...result, ...volume, decision: 'hold', volumeFactor: 1, reasons: [...result.reasons, 'Kenaikan volume tidak lolos pemeriksaan keamanan.'] }
      : { ...result, ...volume };

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(aiEvaluations)
      .values({
        userId: owner.id,
        windowStart: window.startDay,
        windowEnd: window.endDay,
        nextStart: next.startDay,
        nextEnd: next.endDay,
        summary,
        note: evaluationNote(summary),
      })
      .onConflictDoNothing()
      .returning({ id: aiEvaluations.id });
    // Another run of the job got here first: its evaluation and plan stand.
    if (inserted.length === 0) return 'already';
    await replaceUnloggedAiRuns(tx, owner, { from: next.startDay, to: next.endDay }, runs);
    return 'evaluated';
  });
}

/**
 * The `ai-coach.evaluate-plans` job: every runner due gets their two-weekly evaluation. Safe to
 * run twice (one evaluation per runner and window, by the unique index); one runner's failure is
 * logged and does not stop the others (it is tried again at the next run).
 */
export async function runPlanEvaluations(deps: EvaluationDeps, now = new Date(), batchSize = EVALUATION_BATCH): Promise<EvaluationRunReport> {
  const today = jakartaToday(now);
  const report: EvaluationRunReport = { evaluated: 0, skipped: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    const batch = await dueRunners(deps.db, today, now, after, batchSize);
    for (const owner of batch) {
      try {
        const outcome = await evaluateRunner(deps, owner, now);
        if (outcome === 'evaluated') report.evaluated++;
        else if (outcome === 'skipped') report.skipped++;
      } catch (err) {
        report.failed++;
        deps.log.error({ err, userId: owner.id }, 'AI plan evaluation failed');
      }
    }
    if (batch.length < batchSize) break;
    after = batch.at(-1)!.id;
  }
  if (report.evaluated || report.failed) deps.log.info(report, 'AI plan evaluations');
  return report;
}
