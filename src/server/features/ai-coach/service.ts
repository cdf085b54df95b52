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
  safetyMessages,
  type ChatReply,
  type FitnessSummary,
  evaluationSummarySchema,
  type ImageReading,
  type LatestEvaluationResponse,
  type Modification,
  type PlanDraftResponse,
  type PlanForm,
  type PlannedRun,
  type PlanRefusal,
} from '../../../domain/ai-coach/contract';
import { assessFitness } from '../../../domain/ai-coach/engine/fitness';
import { buildPlan, planSpan, rebuildRange, type PlanSpan } from '../../../domain/ai-coach/engine/plan';
import { checkPlan, repairPlan, type CheckScope } from '../../../domain/ai-coach/safety/plan-checker';
import { screenHealthHistory, stopFlags, type StopFlag } from '../../../domain/ai-coach/safety/red-flags';
import { assessGoal, checkInputs, conservativeForm, refusalMessages } from '../../../domain/ai-coach/safety/feasibility';
import { applyModifications, ModificationError } from '../../../domain/ai-coach/chat/modify';
import { onlyEases, screenedChat, type SafetyHold } from '../../../domain/ai-coach/chat/safe-chat';
import { asPlannedRun } from '../../../domain/ai-coach/engine/planned-run';
import { accessEndDay } from '../../../domain/subscriptions/subscription';
import { humanizeWireDates } from '../../../domain/shared/jakarta-time';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso, type IsoDay } from '../../../domain/shared/wire-date';
import type { Run, TrainingPlan } from '../../../domain/training-plan/contract';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { aiCoachProfiles, aiEvaluations, aiPlanDrafts, aiUsage } from '../../db/schema/ai-coach';
import type { UserRow } from '../../db/schema/users';
import { AiFailure, type AiCoachPort } from '../../adapters/ai/port';
import { readPlan, replaceUnloggedAiRuns } from '../training-plan/service';
import { requirePixelLimit } from '../uploads/service';

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

/**
 * A chat reply as the runner reads it: any DD-MM-YYYY an adapter (an LLM) wrote into a sentence
 * becomes 'Minggu, 6 Desember 2026' (issue 28 item 11). The date fields stay on the wire format.
 */
function readableReply(reply: ChatReply): ChatReply {
  return {
    ...reply,
    clarification_question: reply.clarification_question && humanizeWireDates(reply.clarification_question),
    modifications: reply.modifications.map((m) => ({ ...m, instruction: humanizeWireDates(m.instruction) })),
    ...(reply.safety ? { safety: { ...reply.safety, message: humanizeWireDates(reply.safety.message) } } : {}),
  };
}

type Checked = { runs: PlannedRun[]; notes: string[] };

/** A modification the engine applies to existing AI runs without adding distance (the built-in chat's kind). */
const changesOnlyExistingRuns = (mod: Modification) =>
  !mod.new_workout && (mod.action?.type === 'move' || mod.action?.type === 'rest' || (mod.action?.type === 'volume' && mod.action.factor <= 1));

/** A change the health screen proposes (pause, caution, restart): the engine applies it, whatever the adapter. */
const isSafetyModification = (mod: Modification) =>
  !mod.new_workout && (mod.action?.type === 'pause' || (mod.action?.type === 'rest' && (mod.action.reason === 'caution' || mod.action.reason === 'restart')));

/** The engine's application of the screen's changes, its refusals as the adapters' (a message for the runner). */
function applySafetyModifications(input: Parameters<typeof applyModifications>[0]) {
  try {
    return applyModifications(input);
  } catch (err) {
    if (err instanceof ModificationError) throw new AiFailure('unreadable', err.message, { cause: err });
    throw err;
  }
}

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
  /** 'plan' for a whole programme, 'change' for a range a runner or the re-evaluation changes. */
  scope: CheckScope = 'plan',
): Checked {
  const violations = checkPlan(candidate, form, span, history, scope);
  if (violations.length === 0) return { runs: candidate, notes: [] };
  const repaired = repairPlan(candidate, form, span, history, scope);
  if (repaired && checkPlan(repaired.runs, form, span, history, scope).length === 0) {
    log.info({ source, violations, fixes: repaired.fixes }, 'AI plan repaired by the safety checker');
    return { runs: repaired.runs, notes: ['Beberapa latihan disesuaikan agar program tetap aman.'] };
  }
  log.warn({ source, violations }, 'AI plan failed the safety check; the built-in engine made it instead');
  return { runs: fallback(), notes: [] };
}

/** A refusal of the AI coach as the 422 it answers (GOAL_NOT_SAFE carries its alternatives). */
export function refusal(r: PlanRefusal): AppError {
  return new AppError('unprocessable', r.message, r.code, r.errors, r.alternatives);
}

export const healthMessages = {
  seeDoctor: (reason: string) =>
    `${reason} Demi keamanan, program latihan baru dibuat setelah dokter menyatakan Anda boleh berlatih. Jika sudah, centang 'Dokter sudah mengizinkan saya berlatih' lalu buat program lagi.`,
} as const;

/**
 * SEE_A_DOCTOR: the form's injury history or notes describe pain at rest or walking, a fracture,
 * recent surgery or heart symptoms, or the chat put training on a safety hold. The runner's word
 * that a doctor cleared them (medicalClearance) lets the plan through, and lifts the hold.
 */
async function refuseUnclearedHealth(db: Db, owner: Owner, form: PlanForm): Promise<void> {
  if (form.medicalClearance) {
    if (await isUnderSafetyHold(db, owner.id)) await liftSafetyHold(db, owner.id);
    return;
  }
  const screen = screenHealthHistory(`${form.riwayatCidera}\n${form.catatanLainnya}`);
  if (screen.seeDoctor) throw refusal({ code: 'SEE_A_DOCTOR', message: healthMessages.seeDoctor(screen.reason ?? 'Catatan kesehatan Anda perlu diperiksa dokter.') });
  if (await isUnderSafetyHold(db, owner.id)) throw refusal({ code: 'SEE_A_DOCTOR', message: safetyMessages.holdRefusal });
}

/** CHECK_INPUT until the runner confirms; confirmed, the cautious form and the note that says so. */
function confirmedInputs(form: PlanForm): { form: PlanForm; notes: string[] } {
  const errors = checkInputs(form);
  if (errors.length === 0) return { form, notes: [] };
  if (!form.confirmInputs) throw refusal({ code: 'CHECK_INPUT', message: refusalMessages.checkInput, errors });
  return conservativeForm(form);
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
  // A row kept only for a safety hold has no programme form.
  if (!row || !row.startDay || !row.endDay) return null;
  const parsed = createPlanRequestSchema.safeParse(row.form);
  return parsed.success ? { form: parsed.data, span: { startDay: row.startDay, endDay: row.endDay } } : null;
}

// ---- The safety hold (issue 25 §4) ----

/** The runner's safety hold: set by a stop flag in the chat, lifted by the doctor's clearance. */
export async function readSafetyHold(db: Db, userId: string): Promise<SafetyHold | null> {
  const [row] = await db
    .select({ at: aiCoachProfiles.safetyHoldAt, reason: aiCoachProfiles.safetyHoldReason })
    .from(aiCoachProfiles)
    .where(eq(aiCoachProfiles.userId, userId))
    .limit(1);
  if (!row?.at) return null;
  const flags = (row.reason ?? '').split(',').filter((f): f is StopFlag => (stopFlags as readonly string[]).includes(f));
  return { flags: flags.length > 0 ? flags : ['chest'] };
}

/**
 * Whether the runner's training is stopped by a red flag until a doctor clears them: createplan
 * refuses then too (it answers with the hold's message), as the chat and modify do.
 */
export async function isUnderSafetyHold(db: Db, userId: string): Promise<boolean> {
  return (await readSafetyHold(db, userId)) !== null;
}

export async function setSafetyHold(db: Db, userId: string, flags: readonly StopFlag[], now = new Date()) {
  const values = { safetyHoldAt: now, safetyHoldReason: flags.join(',') };
  await db.insert(aiCoachProfiles).values({ userId, ...values }).onConflictDoUpdate({ target: aiCoachProfiles.userId, set: values });
}

/** The runner says a doctor cleared them (the chat), or createplan's medicalClearance. */
export async function liftSafetyHold(db: Db, userId: string) {
  await db.update(aiCoachProfiles).set({ safetyHoldAt: null, safetyHoldReason: null }).where(eq(aiCoachProfiles.userId, userId));
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
    /**
     * POST /api/ai/createplan: a checked plan as a draft the runner can save — or an honest refusal
     * (422) before any adapter is asked: SEE_A_DOCTOR, CHECK_INPUT, GOAL_NOT_SAFE (issue 25 §3).
     */
    async createPlan(owner: Owner, requested: PlanForm, now = new Date(), coach?: ActingCoach): Promise<PlanDraftResponse> {
      const today = jakartaToday(now);
      const span = formSpan(requested, today);
      await refuseUnclearedHealth(db, owner, requested);
      const { form, notes: assumed } = confirmedInputs(requested);
      const verdict = assessGoal(form, today);
      if (!verdict.ok) throw refusal(verdict.refusal);
      await count(owner, now, coach);
      let proposal: { runs: PlannedRun[]; notes: string[] };
      try {
        proposal = await ai.createPlan({ form, today, startDay: span.startDay, endDay: span.endDay });
      } catch (err) {
        throw aiError(log, err, aiMessages.createFailed);
      }
      const checked = keepSafe(log, ai.name, proposal.runs, form, span, [], () => buildPlan(form, span).runs);
      // The profile keeps the cautious inputs: later rebuilds (chat, re-evaluation) assume the same.
      const draftId = await storeDraft(db, owner, 'create', checked.runs, span, form, now);
      return {
        trainingPlan: checked.runs,
        startDate: isoToPlanDate(span.startDay),
        endDate: isoToPlanDate(span.endDay),
        draftId,
        notes: [...assumed, ...proposal.notes, ...checked.notes].map(humanizeWireDates),
        fitness: fitnessSummary(form),
      };
    },

    /**
     * POST /api/ai/chat: what the coach proposes (nothing changes until the runner approves). Every
     * message passes the health screen first: a red flag is answered here, before any adapter (and
     * without counting against the quota), and sets the runner's safety hold.
     */
    async chat(
      owner: Owner,
      body: { maingoal: string; chathistory: { role: 'user' | 'ai'; content: string }[]; usermessage: string },
      now = new Date(),
      coach?: ActingCoach,
    ): Promise<ChatReply> {
      const plan = await visibleRuns(db, owner, coach);
      const profile = await readProfile(db, owner.id);
      const hold = await readSafetyHold(db, owner.id);
      const input = { form: profile?.form ?? null, ...body, plan, today: jakartaToday(now), actor: coach ? ('coach' as const) : ('runner' as const), hold };
      const out = await screenedChat(input, async (chatInput) => {
        if (plan.length === 0) throw badRequest(aiMessages.needsPlan, 'NO_PLAN');
        await count(owner, now, coach);
        try {
          return await ai.chat(chatInput);
        } catch (err) {
          throw aiError(log, err, aiMessages.chatFailed);
        }
      });
      if (out.hold?.type === 'set') {
        await setSafetyHold(db, owner.id, out.hold.flags, now);
        log.info({ userId: owner.id, flags: out.hold.flags, byCoach: coach?.coachId ?? null }, 'AI chat: red flag, training put on a safety hold');
      } else if (out.hold?.type === 'lift') {
        await liftSafetyHold(db, owner.id);
        log.info({ userId: owner.id, byCoach: coach?.coachId ?? null }, 'AI chat: safety hold lifted on the doctor’s clearance');
      }
      return readableReply(out.reply);
    },

    /** POST /api/ai/modify: the approved modifications as a checked draft of the range they change. */
    async modify(owner: Owner, modifications: Modification[], now = new Date(), coach?: ActingCoach): Promise<PlanDraftResponse> {
      const plan = await visibleRuns(db, owner, coach);
      if (plan.length === 0) throw badRequest(aiMessages.needsPlan, 'NO_PLAN');
      const profile = await readProfile(db, owner.id);
      // While held after a red flag, only changes that remove or soften training go through.
      if (!modifications.every(onlyEases) && (await isUnderSafetyHold(db, owner.id))) {
        throw new AppError('unprocessable', safetyMessages.holdRefusal, 'SAFETY_HOLD');
      }
      // The health screen's own changes (pause, caution, restart) are applied by the engine whatever the
      // adapter: they only remove or soften the runs, exactly as proposed.
      const safetyOnly = modifications.every(isSafetyModification);
      // Without a profile the checker has nothing to judge a plan by: only the engine's own changes of
      // existing AI runs may go through (move, rest, less volume), never runs a client or an LLM wrote.
      if (!profile && !safetyOnly && (ai.name !== 'engine' || !modifications.every(changesOnlyExistingRuns))) {
        throw new AppError('unprocessable', aiMessages.needsProfile, 'AI_NEEDS_PROFILE');
      }
      await count(owner, now, coach);
      const today = jakartaToday(now);
      const actor = coach ? ('coach' as const) : ('runner' as const);
      let out;
      try {
        out = safetyOnly ? applySafetyModifications({ form: profile?.form ?? null, plan, modifications, today, actor }) : await ai.modify({ form: profile?.form ?? null, plan, modifications, today, actor });
      } catch (err) {
        throw aiError(log, err, aiMessages.approveFailed);
      }
      if (out.startDay < today) throw new AppError('unprocessable', aiMessages.approveFailed, 'AI_PAST_CHANGE');
      const changedForm = out.form && JSON.stringify(out.form) !== JSON.stringify(profile?.form) ? out.form : null;
      // A new race (date, distance or time) is a new goal: the same honest refusal as createplan,
      // judged from today (the rest of the programme starts now), whoever proposed it.
      if (changedForm) {
        const start = planDateToIso(changedForm.tanggalMulai) ?? today;
        const verdict = assessGoal({ ...changedForm, tanggalMulai: isoToPlanDate(start < today ? today : start) }, today);
        if (!verdict.ok) throw refusal(verdict.refusal);
      }
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
      // A range left without runs (a pause) has nothing to check, and the checker's fallback must not put runs back.
      if (profile && out.runs.length > 0) {
        const history = plan.filter((run) => planDateToIso(run.date)! < range.startDay).map(asPlannedRun);
        // A runner's own choice of day is not a safety fault: the adapter says which days they asked for.
        const form = out.checkForm ?? changedForm ?? profile.form;
        const base = changedForm ?? profile.form;
        checked = keepSafe(log, ai.name, out.runs, form, range, history, () => rebuildRange(base, planSpan(base), range, {}, history), 'change');
      }
      const draftId = await storeDraft(db, owner, 'modify', checked.runs, range, changedForm, now);
      return {
        trainingPlan: checked.runs,
        startDate: isoToPlanDate(range.startDay),
        endDate: isoToPlanDate(range.endDay),
        draftId,
        notes: [...out.notes, ...checked.notes].map(humanizeWireDates),
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
      // Before the quota and before any reader (the OCR here or Gemini) sees it.
      await requirePixelLimit(data, aiMessages.imageNotImage);
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
