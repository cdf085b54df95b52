import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  aiMessages,
  createPlanRequestSchema,
  FITNESS_PROGRAMME_DAYS,
  MAX_IMAGE_BYTES,
  MAX_PROGRAMME_WEEKS,
  secondsToHms,
  raceDistances,
  type ChatReply,
  type FitnessSummary,
  evaluationSummarySchema,
  type ImageReading,
  type LatestEvaluationResponse,
  type Modification,
  type PlanDraftResponse,
  type PlanForm,
  type PlannedRun,
} from '../../../domain/ai-coach/contract';
import { assessFitness } from '../../../domain/ai-coach/engine/fitness';
import { buildPlan, planSpan, rebuildRange, type PlanSpan } from '../../../domain/ai-coach/engine/plan';
import { checkPlan, repairPlan } from '../../../domain/ai-coach/safety/plan-checker';
import { asPlannedRun } from '../../../domain/ai-coach/engine/planned-run';
import { accessEndDay } from '../../../domain/subscriptions/subscription';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso, type IsoDay } from '../../../domain/shared/wire-date';
import type { Run, TrainingPlan } from '../../../domain/training-plan/contract';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { aiCoachProfiles, aiEvaluations, aiPlanDrafts, aiUsage, type UserRow } from '../../db/schema';
import { AiFailure, type AiCoachPort } from '../../adapters/ai/port';
import { readPlan, replaceUnloggedAiRuns } from '../training-plan/service';

/** How long a proposed plan waits for 'Simpan'. */
export const DRAFT_HOURS = 24;
const HOUR_MS = 3_600_000;

export interface AiCoachDeps {
  db: Db;
  ai: AiCoachPort;
  log: FastifyBaseLogger;
  limits: { perDay: number };
}

type Owner = Pick<UserRow, 'id' | 'currentPeriodEnd'>;

/**
 * A connected coach using the AI for their runner (decision 025; the coaching feature has checked
 * the connection): the call counts against the coach's quota, the runner's subscription does not
 * limit it, and a saved draft becomes the coach's runs ('coach'), which no paywall locks.
 */
export interface ActingCoach {
  coachId: string;
}

/** An adapter's failure in the spec's words, never a 500: the caller can always try again. */
function aiError(log: FastifyBaseLogger, err: unknown, fallback: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof AiFailure) {
    switch (err.kind) {
      case 'timeout':
        return new AppError('timeout', aiMessages.timeout, 'AI_TIMEOUT');
      case 'bad-output':
        return new AppError('gateway', aiMessages.badOutput, 'AI_BAD_OUTPUT');
      case 'unreadable':
        return new AppError('unprocessable', err.message || fallback, 'AI_UNREADABLE');
      default:
        return new AppError('gateway', fallback, 'AI_UNAVAILABLE');
    }
  }
  log.error({ err }, 'AI coach call failed unexpectedly');
  return new AppError('gateway', fallback, 'AI_FAILED');
}

/** One AI call counted against the runner's quota for today (Jakarta); over it → 429. */
export async function countAiCall(db: Db, userId: string, day: IsoDay, perDay: number): Promise<number> {
  const [row] = await db
    .insert(aiUsage)
    .values({ userId, day, count: 1 })
    .onConflictDoUpdate({ target: [aiUsage.userId, aiUsage.day], set: { count: sql`${aiUsage.count} + 1` } })
    .returning({ count: aiUsage.count });
  const count = row?.count ?? 1;
  if (count > perDay) throw new AppError('too_many', aiMessages.quotaExceeded, 'AI_QUOTA_EXCEEDED');
  return count;
}

/** The plan's span from the form, after the rules that need today's date (spec §5). */
export function formSpan(form: PlanForm, today: IsoDay): PlanSpan {
  const start = planDateToIso(form.tanggalMulai)!;
  if (start < today) throw badRequest(aiMessages.startBeforeToday, 'START_BEFORE_TODAY');
  let end = addDays(start, FITNESS_PROGRAMME_DAYS - 1);
  if (form.targetLatihan === 'Race Selanjutnya') {
    end = planDateToIso(form.tanggalRace!)!;
    if (end < start) throw badRequest(aiMessages.raceBeforeStart, 'RACE_BEFORE_START');
    if (end > addDays(start, MAX_PROGRAMME_WEEKS * 7)) throw badRequest(aiMessages.raceTooFar, 'RACE_TOO_FAR');
  }
  if (form.startDate && planDateToIso(form.startDate) !== start) throw badRequest(aiMessages.startDateMismatch, 'START_DATE_MISMATCH');
  if (form.endDate && planDateToIso(form.endDate) !== end) throw badRequest(aiMessages.endDateMismatch, 'END_DATE_MISMATCH');
  return { startDay: start, endDay: end };
}

export function fitnessSummary(form: PlanForm): FitnessSummary {
  const fitness = assessFitness(form);
  return {
    vdot: Math.round(fitness.vdot * 10) / 10,
    source: fitness.source,
    predictions: raceDistances.map((distance) => ({ distance, time: secondsToHms(fitness.predictions[distance]) })),
  };
}

type Checked = { runs: PlannedRun[]; notes: string[] };

/** A modification the engine applies to existing AI runs without adding distance (the built-in chat's kind). */
const changesOnlyExistingRuns = (mod: Modification) =>
  !mod.new_workout && (mod.action?.type === 'move' || mod.action?.type === 'rest' || (mod.action?.type === 'volume' && mod.action.factor <= 1));

/**
 * Every plan passes the safety checker before a runner sees it, whoever wrote it: kept when it
 * passes, repaired when it can be, otherwise rebuilt by the engine (and the log says so).
 */
export function keepSafe(
  log: FastifyBaseLogger,
  source: string,
  candidate: PlannedRun[],
  form: PlanForm,
  span: PlanSpan,
  history: PlannedRun[],
  fallback: () => PlannedRun[],
): Checked {
  const violations = checkPlan(candidate, form, span, history);
  if (violations.length === 0) return { runs: candidate, notes: [] };
  const repaired = repairPlan(candidate, form, span, history);
  if (repaired && checkPlan(repaired.runs, form, span, history).length === 0) {
    log.info({ source, violations, fixes: repaired.fixes }, 'AI plan repaired by the safety checker');
    return { runs: repaired.runs, notes: ['Beberapa latihan disesuaikan agar program tetap aman.'] };
  }
  log.warn({ source, violations }, 'AI plan failed the safety check; the built-in engine made it instead');
  return { runs: fallback(), notes: [] };
}

async function storeDraft(db: Db, owner: Owner, kind: 'create' | 'modify', runs: PlannedRun[], span: PlanSpan, form: PlanForm | null, now: Date) {
  const [draft] = await db
    .insert(aiPlanDrafts)
    .values({ userId: owner.id, kind, runs, startDay: span.startDay, endDay: span.endDay, form, expiresAt: new Date(now.getTime() + DRAFT_HOURS * HOUR_MS) })
    .returning({ id: aiPlanDrafts.id });
  return draft!.id;
}

/** The runner's saved AI profile (the last form a saved programme came from). */
export async function readProfile(db: Db, userId: string): Promise<{ form: PlanForm; span: PlanSpan } | null> {
  const [row] = await db.select().from(aiCoachProfiles).where(eq(aiCoachProfiles.userId, userId)).limit(1);
  if (!row) return null;
  const parsed = createPlanRequestSchema.safeParse(row.form);
  return parsed.success ? { form: parsed.data, span: { startDay: row.startDay, endDay: row.endDay } } : null;
}

export async function saveProfile(db: Db, userId: string, form: PlanForm, span: PlanSpan) {
  const values = { userId, form, startDay: span.startDay, endDay: span.endDay, updatedAt: new Date() };
  await db.insert(aiCoachProfiles).values(values).onConflictDoUpdate({ target: aiCoachProfiles.userId, set: values });
}

/**
 * The runs a runner may see and change (locked AI runs are not the AI's to read either); used for a
 * runner by their coach, the coach's view, without Strava-derived results.
 */
async function visibleRuns(db: Db, owner: Owner, coach?: ActingCoach): Promise<Run[]> {
  const plan = await readPlan(db, owner, undefined, coach ? 'coach' : 'owner');
  return (plan?.trainingPlan ?? []).filter((run): run is Run => run.locked === false);
}

/**
 * The runner's latest two-weekly evaluation (written by the evaluation job in ./service.evaluation.ts;
 * read here so the service, which that job builds on, does not import it back).
 */
export async function latestEvaluation(db: Db, userId: string): Promise<LatestEvaluationResponse['evaluation']> {
  const [row] = await db.select().from(aiEvaluations).where(eq(aiEvaluations.userId, userId)).orderBy(desc(aiEvaluations.windowEnd)).limit(1);
  if (!row) return null;
  const summary = evaluationSummarySchema.safeParse(row.summary);
  if (!summary.success) return null;
  return {
    note: row.note,
    windowStart: isoToPlanDate(row.windowStart),
    windowEnd: isoToPlanDate(row.windowEnd),
    nextStart: isoToPlanDate(row.nextStart),
    nextEnd: isoToPlanDate(row.nextEnd),
    createdAt: row.createdAt.toISOString(),
    summary: summary.data,
  };
}

export function createAiCoachService({ db, ai, log, limits }: AiCoachDeps) {
  const count = (owner: Owner, now: Date, coach?: ActingCoach) => countAiCall(db, coach?.coachId ?? owner.id, jakartaToday(now), limits.perDay);

  return {
    /** GET /api/ai/evaluations/latest: what the last two-weekly evaluation changed and why. */
    async latestEvaluation(owner: Owner): Promise<LatestEvaluationResponse> {
      return { evaluation: await latestEvaluation(db, owner.id) };
    },

    /** POST /api/ai/createplan: a checked plan as a draft the runner can save. */
    async createPlan(owner: Owner, form: PlanForm, now = new Date(), coach?: ActingCoach): Promise<PlanDraftResponse> {
      const span = formSpan(form, jakartaToday(now));
      await count(owner, now, coach);
      let proposal: { runs: PlannedRun[]; notes: string[] };
      try {
        proposal = await ai.createPlan({ form, today: jakartaToday(now), startDay: span.startDay, endDay: span.endDay });
      } catch (err) {
        throw aiError(log, err, aiMessages.createFailed);
      }
      const checked = keepSafe(log, ai.name, proposal.runs, form, span, [], () => buildPlan(form, span).runs);
      const draftId = await storeDraft(db, owner, 'create', checked.runs, span, form, now);
      return {
        trainingPlan: checked.runs,
        startDate: isoToPlanDate(span.startDay),
        endDate: isoToPlanDate(span.endDay),
        draftId,
        notes: [...proposal.notes, ...checked.notes],
        fitness: fitnessSummary(form),
      };
    },

    /** POST /api/ai/chat: what the coach proposes (nothing changes until the runner approves). */
    async chat(
      owner: Owner,
      body: { maingoal: string; chathistory: { role: 'user' | 'ai'; content: string }[]; usermessage: string },
      now = new Date(),
      coach?: ActingCoach,
    ): Promise<ChatReply> {
      const plan = await visibleRuns(db, owner, coach);
      if (plan.length === 0) throw badRequest(aiMessages.needsPlan, 'NO_PLAN');
      await count(owner, now, coach);
      const profile = await readProfile(db, owner.id);
      try {
        return await ai.chat({ form: profile?.form ?? null, ...body, plan, today: jakartaToday(now) });
      } catch (err) {
        throw aiError(log, err, aiMessages.chatFailed);
      }
    },

    /** POST /api/ai/modify: the approved modifications as a checked draft of the range they change. */
    async modify(owner: Owner, modifications: Modification[], now = new Date(), coach?: ActingCoach): Promise<PlanDraftResponse> {
      const plan = await visibleRuns(db, owner, coach);
      if (plan.length === 0) throw badRequest(aiMessages.needsPlan, 'NO_PLAN');
      const profile = await readProfile(db, owner.id);
      // Without a profile the checker has nothing to judge a plan by: only the engine's own changes of
      // existing AI runs may go through (move, rest, less volume), never runs a client or an LLM wrote.
      if (!profile && (ai.name !== 'engine' || !modifications.every(changesOnlyExistingRuns))) {
        throw new AppError('unprocessable', aiMessages.needsProfile, 'AI_NEEDS_PROFILE');
      }
      await count(owner, now, coach);
      const today = jakartaToday(now);
      let out;
      try {
        out = await ai.modify({ form: profile?.form ?? null, plan, modifications, today });
      } catch (err) {
        throw aiError(log, err, aiMessages.approveFailed);
      }
      if (out.startDay < today) throw new AppError('unprocessable', aiMessages.approveFailed, 'AI_PAST_CHANGE');
      const changedForm = out.form && JSON.stringify(out.form) !== JSON.stringify(profile?.form) ? out.form : null;
      const range = { startDay: out.startDay, endDay: out.endDay };
      // A coach's change is saved as the coach's runs, which no paywall locks: the runner's access end does not bound it.
      if (!changedForm && !coach) {
        // Only a new race rebuilds past the access end. Otherwise a change stays within the days the runner
        // can see: the save deletes the range's unlogged AI runs, and the locked ones after the end were
        // never shown to the AI (nor is a run dated years ahead anybody's plan).
        const lastDay = accessEndDay(owner.currentPeriodEnd) ?? today;
        if (range.startDay > lastDay || out.runs.some((run) => (planDateToIso(run.date) ?? '9999-12-31') > lastDay)) {
          throw new AppError('unprocessable', aiMessages.changeAfterAccessEnd, 'AI_CHANGE_AFTER_ACCESS_END');
        }
        if (range.endDay > lastDay) range.endDay = lastDay;
      }
      let checked: Checked = { runs: out.runs, notes: [] };
      if (profile) {
        const history = plan.filter((run) => planDateToIso(run.date)! < range.startDay).map(asPlannedRun);
        // A runner's own choice of day is not a safety fault: the adapter says which days they asked for.
        const form = out.checkForm ?? changedForm ?? profile.form;
        const base = changedForm ?? profile.form;
        checked = keepSafe(log, ai.name, out.runs, form, range, history, () => rebuildRange(base, planSpan(base), range, {}, history));
      }
      const draftId = await storeDraft(db, owner, 'modify', checked.runs, range, changedForm, now);
      return {
        trainingPlan: checked.runs,
        startDate: isoToPlanDate(range.startDay),
        endDate: isoToPlanDate(range.endDay),
        draftId,
        notes: [...out.notes, ...checked.notes],
        fitness: profile ? fitnessSummary(profile.form) : null,
      };
    },

    /** POST /api/ai/drafts/{id}/save: the draft's runs replace the range's unlogged AI runs, atomically. */
    async saveDraft(owner: Owner, draftId: string, now = new Date(), coach?: ActingCoach): Promise<TrainingPlan> {
      return db.transaction(async (tx) => {
        const [draft] = await tx
          .select()
          .from(aiPlanDrafts)
          .where(and(eq(aiPlanDrafts.id, draftId), eq(aiPlanDrafts.userId, owner.id)))
          .for('update');
        if (!draft || draft.expiresAt <= now) throw notFound(aiMessages.draftNotFound);
        if (draft.savedAt) throw conflict(aiMessages.draftSaved, 'DRAFT_SAVED');
        const plan = await replaceUnloggedAiRuns(tx, owner, { from: draft.startDay, to: draft.endDay }, draft.runs as PlannedRun[], coach ? 'coach' : 'ai');
        // A new programme, or a change of race date or target, becomes the runner's profile.
        if (draft.form) {
          const parsed = createPlanRequestSchema.safeParse(draft.form);
          if (parsed.success) await saveProfile(tx, owner.id, parsed.data, draft.kind === 'create' ? { startDay: draft.startDay, endDay: draft.endDay } : planSpan(parsed.data));
        }
        await tx.update(aiPlanDrafts).set({ savedAt: now }).where(eq(aiPlanDrafts.id, draft.id));
        return plan;
      });
    },

    /** POST /api/ai/trainingimages: distance, time and average HR read from a workout screenshot. */
    async readImage(owner: Owner, dataUrl: string, now = new Date()): Promise<ImageReading> {
      const match = /^data:([\w.+/-]+)?(;[\w=.+-]+)*;base64,/i.exec(dataUrl);
      if (!match) throw badRequest(aiMessages.imageNotImage, 'NOT_AN_IMAGE');
      const base64 = dataUrl.slice(match[0].length);
      // 4 base64 characters carry 3 bytes: refuse before decoding what cannot fit.
      if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw new AppError('too_large', aiMessages.imageTooLarge, 'IMAGE_TOO_LARGE');
      const data = Buffer.from(base64, 'base64');
      if (data.length > MAX_IMAGE_BYTES) throw new AppError('too_large', aiMessages.imageTooLarge, 'IMAGE_TOO_LARGE');
      const type = await fileTypeFromBuffer(data);
      if (!type || !['image/png', 'image/jpeg', 'image/webp'].includes(type.mime)) throw badRequest(aiMessages.imageNotImage, 'NOT_AN_IMAGE');
      await count(owner, now);
      let reading: ImageReading;
      try {
        reading = await ai.readWorkoutImage({ data, mimeType: type.mime as 'image/png' | 'image/jpeg' | 'image/webp' });
      } catch (err) {
        throw aiError(log, err, aiMessages.imageFailed);
      }
      if (reading.distance === null && reading.time === null && reading.avgHeartRate === null) {
        throw new AppError('unprocessable', aiMessages.imageUnreadable, 'AI_UNREADABLE');
      }
      return reading;
    },
  };
}

export type AiCoachService = ReturnType<typeof createAiCoachService>;

/** Drafts nobody saved, and quota rows of past days, are deleted by the `ai-coach.prune` job. */
export async function pruneAiCoachData(db: Db, now = new Date()) {
  const drafts = await db.delete(aiPlanDrafts).where(lt(aiPlanDrafts.expiresAt, now)).returning({ id: aiPlanDrafts.id });
  const usage = await db
    .delete(aiUsage)
    .where(lt(aiUsage.day, addDays(jakartaToday(now), -7)))
    .returning({ day: aiUsage.day });
  return { drafts: drafts.length, usage: usage.length };
}
