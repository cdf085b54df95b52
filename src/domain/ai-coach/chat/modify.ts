/**
 * Applying approved chat modifications to a runner's plan (spec §3 AI modify reply, §4 AI chat).
 * The answer is the new AI runs for one range: the server replaces the AI runs of that range that
 * are not logged with them, so unchanged AI runs of the range are part of the answer, and runs the
 * runner or a coach made, runs already logged, and days before today are never touched.
 */
import { hmsToSeconds, secondsToHms, weekdayNames, type ChatActor, type WeekdayName, type Modification, type ModificationAction, type PlanForm, type PlannedRun } from '../contract';
import type { Run } from '../../training-plan/contract';
import { formatPlanPace, MAX_PLAN_PACE, normalisePaceRange, parsePaceRange } from '../../training-plan/pace';
import { isSpecialRun, runType } from '../../training-plan/run-types';
import { isValidProgram, plannedDistanceKm, wrapProgram } from '../../training-plan/training-program';
import { addDays, daysBetween, isoToPlanDate, planDateToIso, weekdayIndex, type IsoDay } from '../../shared/wire-date';
import { assessFitness } from '../engine/fitness';
import { formatPaceBand, trainingPaces } from '../engine/paces';
import { planSpan, rebuildRange } from '../engine/plan';
import { isEditableBy } from './editable';
import { interpretRequest, restRange } from './interpret';
import { dayLabel } from './text';
import { asPlannedRun, plannedRun } from '../engine/planned-run';

/** Nothing of the modification could be applied; the message says why (Indonesian). */
export class ModificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModificationError';
  }
}

export interface ApplyInput {
  form: PlanForm | null;
  plan: Run[];
  modifications: Modification[];
  today: IsoDay;
  /** A coach (decision 025) may change the runs they made too; a runner only the AI's. Default runner. */
  actor?: ChatActor;
}

export interface ApplyResult {
  /** The AI runs of startDay..endDay after the change (unchanged ones included). */
  runs: PlannedRun[];
  startDay: IsoDay;
  endDay: IsoDay;
  /** What the runner should know about the change (Indonesian). */
  notes: string[];
  /** The runner's form after the change (a race change applied), to keep as their profile; null without one. */
  form: PlanForm | null;
  /**
   * The form to judge `runs` by with checkPlan: `form`, with the days the runner asked to run on
   * counted as training days (and a moved long run's day as the long-run day), since a runner's
   * own move is not a safety fault.
   */
  checkForm: PlanForm | null;
}

/** An AI run the modification may change: AI-made, not logged, today or later. */
interface WorkRun {
  day: IsoDay;
  title: string;
  program: string;
  paceRange: string;
  periodization: PlannedRun['periodization'];
}

export const modifyMessages = {
  nothing: 'Tidak ada perubahan yang bisa diterapkan pada program latihan Anda.',
  runNotFound: (day: IsoDay) => `Tidak ada latihan AI yang bisa dipindahkan pada ${dayLabel(day)}.`,
  pastDay: 'Latihan hanya bisa dipindahkan ke hari ini atau hari berikutnya.',
  needsForm: "Perubahan race membutuhkan data program AI Anda. Buat program lewat 'Buat Program Latihan dengan AI' terlebih dahulu.",
  raceIncomplete: 'Tanggal dan kategori race wajib diisi untuk menyusun ulang program.',
  raceInPast: 'Tanggal race harus setelah hari ini.',
  raceTooFar: 'Tanggal race paling lambat 52 minggu setelah tanggal mulai program.',
  badWorkout: 'Program latihan baru harus berupa jarak atau durasi, misalnya 10k atau 45 menit.',
  badPace: "Rentang pace latihan baru tidak valid, misalnya 5'30 - 6'00.",
} as const;

const RECOVERY_TITLE = 'Recovery Run';

export function isLogged(run: Pick<Run, 'trainingdistance' | 'trainingtime'>): boolean {
  return (run.trainingdistance ?? null) !== null || (run.trainingtime ?? null) !== null;
}

/** The plan's runs a modification may change: AI-made (or the coach's, for a coach), not logged, dated today or later. */
export function modifiableRuns(plan: readonly Run[], today: IsoDay, actor: ChatActor = 'runner'): (Run & { day: IsoDay })[] {
  return plan
    .map((run) => ({ ...run, day: planDateToIso(run.date) ?? '' }))
    .filter((run) => run.day !== '' && run.day >= today && isEditableBy(run, actor) && !isLogged(run))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

const round05 = (km: number) => Math.round(km * 2) / 2;
const formatKm = (km: number) => (Number.isInteger(km) ? String(km) : km.toFixed(1));

/**
 * A program with its quantities scaled: "(8k)" ×0.8 → "(6.5k)" (0.5 km steps), repeats "6x800m"
 * → "5x800m" (the repeat's length stays), "(45 menit)" → "(35 menit)" (5-minute steps). Race
 * distances (HM, FM) are not scaled. Null when nothing in it can be.
 */
export function scaleProgram(program: string, factor: number): string | null {
  let changed = false;
  const scaled = program.replace(
    /(\d+)\s*([x×])\s*(?=\d)|(\d+(?:[.,]\d+)?)(\s*)(km|k)(?![a-z])|(\d+)(\s*)(menit|mnt|min)\b/gi,
    (whole, reps?: string, times?: string, km?: string, kmSpace?: string, kmUnit?: string, minutes?: string, minSpace?: string, minUnit?: string) => {
      changed = true;
      if (reps !== undefined) return `${Math.max(1, Math.round(Number(reps) * factor))}${times}`;
      if (km !== undefined) return `${formatKm(Math.max(0.5, round05(Number(km.replace(',', '.')) * factor)))}${kmSpace}${kmUnit}`;
      if (minutes !== undefined) return `${Math.max(5, Math.round((Number(minutes) * factor) / 5) * 5)}${minSpace}${minUnit}`;
      return whole;
    },
  );
  return changed && isValidProgram(scaled) ? scaled : null;
}

/** A gentle replacement's program: `factor` of the run, between 2 km and `capKm` (or 15–40 minutes). */
function easyProgram(program: string, factor: number, capKm: number): string {
  const km = plannedDistanceKm(program);
  if (km !== null && !/\b(HM|FM)\b/i.test(program)) return `(${formatKm(Math.min(capKm, Math.max(2, round05(km * factor))))}k)`;
  const minutes = /(\d+)\s*(?:menit|mnt|min)\b/i.exec(program);
  if (minutes) return `(${Math.min(40, Math.max(15, Math.round((Number(minutes[1]) * factor) / 5) * 5))} menit)`;
  return `(${formatKm(Math.min(capKm, 4))}k)`;
}

class Work {
  readonly runs: WorkRun[];
  readonly notes: string[] = [];
  private start: IsoDay | null = null;
  private end: IsoDay | null = null;
  private easyPaceCache: string | null | undefined;
  /** The form after a race change. */
  form: PlanForm | null;
  /** Days the runner asked runs onto, and whether a long run went there. */
  readonly chosenDays: { day: IsoDay; long: boolean }[] = [];

  constructor(
    private readonly input: ApplyInput,
    /** Every plan run with its ISO day (for conflicts with runs we may not change). */
    private readonly fixed: (Run & { day: IsoDay })[],
  ) {
    this.form = input.form;
    this.runs = modifiableRuns(input.plan, input.today, input.actor).map((run) => ({
      day: run.day,
      title: run.title,
      program: run.program,
      paceRange: run.paceRange,
      periodization: run.periodization,
    }));
  }

  get today(): IsoDay {
    return this.input.today;
  }

  touch(from: IsoDay, to: IsoDay = from) {
    const [a, b] = from <= to ? [from, to] : [to, from];
    if (this.start === null || a < this.start) this.start = a;
    if (this.end === null || b > this.end) this.end = b;
  }

  range(): { startDay: IsoDay; endDay: IsoDay } | null {
    return this.start && this.end ? { startDay: this.start, endDay: this.end } : null;
  }

  on(day: IsoDay): WorkRun[] {
    return this.runs.filter((run) => run.day === day);
  }

  inRange(start: IsoDay, end: IsoDay): WorkRun[] {
    return this.runs.filter((run) => run.day >= start && run.day <= end);
  }

  remove(run: WorkRun) {
    this.runs.splice(this.runs.indexOf(run), 1);
  }

  /** The easy pace: the runner's easy zone (form), else the plan's own easy runs, else this run slowed. */
  easyPace(run: WorkRun): string {
    if (this.easyPaceCache === undefined) {
      const form = this.input.form;
      if (form) this.easyPaceCache = formatPaceBand(trainingPaces(assessFitness(form).vdot).easy);
      else {
        const easy = this.input.plan.find((r) => r.generatedby === 'ai' && /easy|recovery/i.test(r.title) && parsePaceRange(r.paceRange));
        this.easyPaceCache = easy ? easy.paceRange : null;
      }
    }
    if (this.easyPaceCache) return this.easyPaceCache;
    if (!isSpecialRun(run.title)) return run.paceRange;
    const band = parsePaceRange(run.paceRange);
    if (!band) return run.paceRange;
    const fast = Math.min(MAX_PLAN_PACE - 30, Math.round(band[0] * 1.2));
    const slow = Math.min(MAX_PLAN_PACE, Math.max(fast + 15, Math.round(band[1] * 1.25)));
    return `${formatPlanPace(fast)} - ${formatPlanPace(slow)}`;
  }

  /** Turn a run into an easy recovery run of `factor` of its length (at most `capKm`). */
  soften(run: WorkRun, factor: number, capKm: number) {
    run.paceRange = this.easyPace(run);
    run.title = RECOVERY_TITLE;
    run.program = easyProgram(run.program, factor, capKm);
    this.touch(run.day);
  }

  /** Heavy runs we may not change on the same or adjacent days (user, coach, logged, past). */
  fixedHeavyNear(day: IsoDay): (Run & { day: IsoDay })[] {
    return this.fixed.filter((run) => Math.abs(daysBetween(run.day, day)) <= 1 && isSpecialRun(run.title));
  }

  output(): ApplyResult {
    const range = this.range();
    if (!range) throw new ModificationError(this.notes[0] ?? modifyMessages.nothing);
    const runs = this.inRange(range.startDay, range.endDay)
      .filter((run) => run.day >= this.today)
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.title.localeCompare(b.title)))
      .map(plannedRun);
    return { runs, ...range, notes: this.notes, form: this.form, checkForm: this.checkForm() };
  }

  private checkForm(): PlanForm | null {
    if (!this.form) return null;
    const days = new Set<WeekdayName>(this.form.hariLatihan);
    let hariLongRun = this.form.hariLongRun;
    for (const chosen of this.chosenDays) {
      const name = weekdayNames[weekdayIndex(chosen.day)]!;
      days.add(name);
      if (chosen.long) hariLongRun = name;
    }
    return { ...this.form, hariLatihan: weekdayNames.filter((d) => days.has(d)), hariLongRun };
  }
}

/** Runs the modification may not change: not the actor's to change, logged, or in the past. */
function fixedRuns(plan: readonly Run[], today: IsoDay, actor: ChatActor = 'runner'): (Run & { day: IsoDay })[] {
  return plan
    .map((run) => ({ ...run, day: planDateToIso(run.date) ?? '' }))
    .filter((run) => run.day !== '' && (!isEditableBy(run, actor) || isLogged(run) || run.day < today));
}

function move(work: Work, from: IsoDay, to: IsoDay, instruction: string) {
  if (from < work.today || to < work.today) throw new ModificationError(modifyMessages.pastDay);
  const candidates = work.on(from);
  if (candidates.length === 0) throw new ModificationError(modifyMessages.runNotFound(from));
  if (from === to) return;
  // The run the instruction names, else the heavy one (the one a runner means to move).
  const moving =
    candidates.find((run) => instruction.toLowerCase().includes(run.title.toLowerCase())) ?? candidates.find((run) => isSpecialRun(run.title)) ?? candidates[0]!;
  const displaced = work.on(to);
  moving.day = to;
  work.touch(from, to);
  work.chosenDays.push({ day: to, long: runType(moving.title) === 'endurance' });
  for (const run of displaced) work.chosenDays.push({ day: from, long: runType(run.title) === 'endurance' });
  for (const run of displaced) {
    run.day = from;
    work.notes.push(`${run.title} ${dayLabel(to)} ditukar ke ${dayLabel(from)}.`);
  }
  if (!isSpecialRun(moving.title)) return;
  // Two heavy runs must not sit on the same or adjacent days: the neighbour becomes an easy run.
  for (const neighbour of work.runs) {
    if (neighbour === moving || Math.abs(daysBetween(neighbour.day, to)) > 1 || !isSpecialRun(neighbour.title)) continue;
    const was = neighbour.title;
    work.soften(neighbour, 0.7, 8);
    work.notes.push(`${was} ${dayLabel(neighbour.day)} diganti menjadi ${RECOVERY_TITLE} agar tidak ada dua latihan berat berurutan.`);
  }
  // A heavy run swapped onto the vacated day gives way itself if it now sits next to another.
  for (const run of displaced) {
    if (!isSpecialRun(run.title)) continue;
    if (!work.runs.some((other) => other !== run && isSpecialRun(other.title) && Math.abs(daysBetween(other.day, run.day)) <= 1)) continue;
    const was = run.title;
    work.soften(run, 0.7, 8);
    work.notes.push(`${was} ${dayLabel(run.day)} diganti menjadi ${RECOVERY_TITLE} agar tidak ada dua latihan berat berurutan.`);
  }
  for (const fixed of work.fixedHeavyNear(to)) {
    work.notes.push(`Perhatian: ${moving.title} ${dayLabel(to)} berdekatan dengan ${fixed.title} ${dayLabel(fixed.day)} yang tidak dapat diubah oleh AI.`);
  }
}

function scaleVolume(work: Work, factor: number, start: IsoDay, end: IsoDay) {
  let changed = 0;
  for (const run of work.inRange(start, end)) {
    if (/race/i.test(run.title)) continue;
    const scaled = scaleProgram(run.program, factor);
    if (scaled && scaled !== run.program) {
      run.program = scaled;
      changed += 1;
    }
  }
  if (changed > 0) work.touch(start, end);
}

type RestReason = Extract<ModificationAction, { type: 'rest' }>['reason'];

/** How much of a run stays, and at most how long, per reason. */
const REST_RULES: Record<RestReason, { heavy: number; easy: number; capKm: number }> = {
  injury: { heavy: 0.5, easy: 0.5, capKm: 5 },
  illness: { heavy: 0.5, easy: 0.5, capKm: 5 },
  fatigue: { heavy: 0.6, easy: 0.7, capKm: 8 },
  busy: { heavy: 0.6, easy: 0.6, capKm: 10 },
  caution: { heavy: 0.5, easy: 0.6, capKm: 5 },
  restart: { heavy: 0.5, easy: 0.7, capKm: 6 },
};
/** Reasons after which every run is an easy recovery run, not only the heavy ones. */
const EASY_ONLY: ReadonlySet<RestReason> = new Set(['injury', 'illness', 'caution', 'restart']);

function rest(work: Work, reason: RestReason, start: IsoDay, end: IsoDay) {
  const runs = work.inRange(start, end);
  if (runs.length === 0) return;
  work.touch(start, end);
  const rule = REST_RULES[reason];
  for (const run of runs) {
    const heavy = isSpecialRun(run.title);
    if (reason === 'busy') {
      // Less time, same kind of training: shorter runs (a heavy run stays heavy).
      run.program = scaleProgram(run.program, rule.heavy) ?? run.program;
    } else if (heavy || EASY_ONLY.has(reason)) {
      work.soften(run, heavy ? rule.heavy : rule.easy, rule.capKm);
    } else {
      run.program = scaleProgram(run.program, rule.easy) ?? run.program;
    }
  }
}

/** A pause without dates of its own covers a week from today. */
export const PAUSE_DAYS = 7;

/** No running at all on these days: every run the actor may change is removed (the range still counts, so the save clears it). */
function pause(work: Work, start: IsoDay, end: IsoDay, reason: Extract<ModificationAction, { type: 'pause' }>['reason']) {
  for (const run of work.inRange(start, end)) work.remove(run);
  work.touch(start, end);
  // The preview says why its days are empty.
  if (reason === 'red-flag') work.notes.push(`Tanpa lari ${dayLabel(start)} s.d. ${dayLabel(end)}: latihan dijeda karena keluhan kesehatan. Mulai lagi setelah dokter menyatakan Anda aman berlari.`);
}

function setWorkout(work: Work, day: IsoDay, workout: NonNullable<Modification['new_workout']>) {
  if (day < work.today) throw new ModificationError(modifyMessages.pastDay);
  const program = wrapProgram(workout.program);
  if (!isValidProgram(program)) throw new ModificationError(modifyMessages.badWorkout);
  const pace = normalisePaceRange(workout.pacerange);
  if (pace === null) throw new ModificationError(modifyMessages.badPace);
  const existing = work.on(day);
  const periodization = existing[0]?.periodization ?? work.runs.find((run) => run.day > day)?.periodization ?? null;
  for (const run of existing) work.remove(run);
  work.runs.push({ day, title: workout.title, program, paceRange: pace, periodization });
  work.chosenDays.push({ day, long: runType(workout.title) === 'endurance' });
  work.touch(day);
}

function changeRace(work: Work, input: ApplyInput, action: Extract<ModificationAction, { type: 'race' }>) {
  const form = work.form;
  if (!form) throw new ModificationError(modifyMessages.needsForm);
  const distance = action.raceDistance ?? form.kategoriTargetRace ?? null;
  const raceDate = action.raceDate ?? form.tanggalRace ?? null;
  const raceDay = raceDate ? planDateToIso(raceDate) : null;
  if (!distance || !raceDay) throw new ModificationError(modifyMessages.raceIncomplete);
  if (raceDay <= input.today) throw new ModificationError(modifyMessages.raceInPast);
  let targetWaktu = action.targetTime ?? (distance === form.kategoriTargetRace ? form.targetWaktu : null) ?? null;
  if (!targetWaktu || (hmsToSeconds(targetWaktu) ?? 0) <= 0) {
    // No target given for a new distance: aim at what the runner's fitness predicts.
    targetWaktu = secondsToHms(assessFitness(form).predictions[distance]);
  }
  const changed: PlanForm = { ...form, targetLatihan: 'Race Selanjutnya', tanggalRace: isoToPlanDate(raceDay), kategoriTargetRace: distance, targetWaktu };
  const span = planSpan(changed);
  if (daysBetween(span.startDay, raceDay) > 52 * 7) throw new ModificationError(modifyMessages.raceTooFar);
  const rangeStart = span.startDay > input.today ? span.startDay : input.today;
  const history = input.plan
    .filter((run) => run.generatedby === 'ai' && (planDateToIso(run.date) ?? '') < rangeStart)
    .map(asPlannedRun);
  work.form = changed;
  const rebuilt = rebuildRange(changed, span, { startDay: rangeStart, endDay: raceDay }, {}, history);
  // The old plan's runs from the range start on give way, also those after a race moved earlier.
  const lastOld = work.runs.reduce((last, run) => (run.day > last ? run.day : last), raceDay);
  for (const run of work.inRange(rangeStart, lastOld)) work.remove(run);
  for (const run of rebuilt) {
    const day = planDateToIso(run.date);
    if (!day || day < rangeStart) continue;
    work.runs.push({ day, title: run.title, program: run.program, paceRange: run.paceRange, periodization: run.periodization });
  }
  work.touch(rangeStart, lastOld);
  work.notes.push(`Program dari ${dayLabel(rangeStart)} sampai race ${dayLabel(raceDay)} (${distance}, target ${targetWaktu}) disusun ulang.`);
}

/** A modification's days: its own dates (not before today), else the reason's default. */
function modificationRange(mod: Modification, today: IsoDay, fallback: { start: IsoDay; end: IsoDay }): { start: IsoDay; end: IsoDay } {
  const start = mod.startDate ? planDateToIso(mod.startDate) : mod.date ? planDateToIso(mod.date) : null;
  const end = mod.endDate ? planDateToIso(mod.endDate) : mod.date ? planDateToIso(mod.date) : null;
  const range = start && end ? { start, end } : fallback;
  return { start: range.start < today ? today : range.start, end: range.end };
}

/** An LLM's modification may come as text only: read it as the chat reads a runner's message. */
function actionsOf(mod: Modification, input: ApplyInput): Modification[] {
  if (mod.action || mod.new_workout) return [mod];
  const reading = interpretRequest({ text: mod.instruction, history: [], plan: input.plan, form: input.form, today: input.today, actor: input.actor });
  if (reading.status !== 'complete') throw new ModificationError(reading.question);
  // Dates the LLM gave win over the defaults of the reading.
  return reading.modifications.map((m) => ({ ...m, startDate: mod.startDate ?? m.startDate, endDate: mod.endDate ?? m.endDate }));
}

/** The new AI runs for the union of the modifications' ranges, plus notes. */
export function applyModifications(input: ApplyInput): ApplyResult {
  const work = new Work(input, fixedRuns(input.plan, input.today, input.actor));
  const failures: string[] = [];
  for (const original of input.modifications) {
    try {
      for (const mod of actionsOf(original, input)) applyOne(work, input, mod);
    } catch (error) {
      if (!(error instanceof ModificationError)) throw error;
      failures.push(error.message);
    }
  }
  if (!work.range()) throw new ModificationError(failures[0] ?? modifyMessages.nothing);
  work.notes.push(...failures);
  return work.output();
}

function applyOne(work: Work, input: ApplyInput, mod: Modification) {
  const today = input.today;
  const action = mod.action;
  if (!action) {
    const day = mod.date ? planDateToIso(mod.date) : null;
    if (!day || !mod.new_workout) throw new ModificationError(modifyMessages.nothing);
    setWorkout(work, day, mod.new_workout);
    return;
  }
  switch (action.type) {
    case 'move':
      move(work, planDateToIso(action.from)!, planDateToIso(action.to)!, mod.instruction);
      return;
    case 'volume': {
      const range = modificationRange(mod, today, { start: today, end: addDays(today, 6) });
      scaleVolume(work, action.factor, range.start, range.end);
      return;
    }
    case 'rest': {
      const range = modificationRange(mod, today, restRange(action.reason, today));
      rest(work, action.reason, range.start, range.end);
      return;
    }
    case 'pause': {
      const range = modificationRange(mod, today, { start: today, end: addDays(today, PAUSE_DAYS - 1) });
      pause(work, range.start, range.end, action.reason);
      return;
    }
    case 'race':
      changeRace(work, input, action);
      return;
  }
}
