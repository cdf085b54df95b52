/**
 * The checker every plan passes before a runner sees it, whoever wrote it (the engine, an LLM, a
 * chat change, the two-weekly re-evaluation): the rules of ./rules.ts on typed workouts. An
 * adapter's strings are read once (engine/workout.ts `readWorkout`); the engine's workouts are
 * checked as they are. `repairPlan` fixes what can be fixed without changing the plan's intent;
 * the service rebuilds with the engine what cannot.
 */
import type { PlanForm, PlannedRun, RaceDistance } from '../contract';
import { addDays, daysBetween, isoToPlanDate, startOfWeek, weekdayIndex, type IsoDay } from '../../shared/wire-date';
import { runColor } from '../../training-plan/run-types';
import { advanceLoad, historyFrom, planContext, qualityWork, taperStart, zoneForKind, type Context, type HistoryRun, type LoadState, type PlanSpan } from '../engine/plan';
import { formatPaceBand, racePaceBand, type PaceBand } from '../engine/paces';
import { isHard, isQuality, kindOfTitle, readWorkout, renderWorkout, workKm, workoutTitle, type Workout, type WorkoutKind } from '../engine/workout';
import {
  allowedRunKm,
  AT_PEAK_SHARE,
  FITNESS_LONG_RUN_MAX,
  floorHalf,
  GROWTH_MIN_WEEKS,
  intervalLimitKm,
  LONG_RUN_MAX_MINUTES,
  LONG_RUN_MINUTES_SLACK,
  LONG_RUN_PEAK,
  LONG_SHARE_MIN_RUNS,
  MAX_LOADING_STREAK,
  MAX_OTHER_RUN_KM,
  MAX_QUALITY_PER_WEEK,
  MAX_RUNS_PER_WEEK,
  MIN_PLAN_GROWTH,
  MIN_RUN_KM,
  raceKm,
  racePrograms,
  steadyLimitKm,
  TAPER_MAX_SHARE,
  TAPER_MIN_RUNS,
  TAPER_MIN_SHARE,
  taperShortMaxKm,
  thresholdLimitKm,
  WEEK_GOAL,
  WEEKLY_GROWTH,
} from './rules';

export interface SafetyViolation {
  rule: SafetyRule;
  /** DD-MM-YYYY of the run or week concerned, when one is. */
  date?: string;
  message: string;
}

/** The rules, by id (the log, the tests and the evaluation name them). */
export const safetyRules = [
  'date',
  'span',
  'training-day',
  'duplicate-day',
  'long-run-day',
  'title',
  'structure',
  'program',
  'pace',
  'pace-too-fast',
  'color',
  'generatedby',
  'run-growth',
  'run-length',
  'runs-per-week',
  'weekly-growth',
  'cutback',
  'plan-growth',
  'long-run-longest',
  'long-run-share',
  'long-run-duration',
  'long-run-peak',
  'quality-count',
  'quality-volume',
  'hard-adjacent',
  'taper',
  'race-day',
] as const;
export type SafetyRule = (typeof safetyRules)[number];

/**
 * 'plan': a whole plan (createplan, a race change, the re-evaluation's rebuild) — every rule.
 * 'change': a runner's change of a range (move, lighter, rest) — every rule that keeps a plan from
 * being too much; the rules that ask for enough (growth, the peak long run, a full taper) are the
 * plan's, and resting more is always allowed.
 */
export type CheckScope = 'plan' | 'change';

/** A run as history may carry it. */
export type RunLike = Pick<PlannedRun, 'date' | 'title' | 'program'>;

/** Rounding slack: plans are written in 0.5 km steps. */
const EPS = 0.05;
/** Pace slack in seconds per km: a second or two of rounding is not a faster workout. */
const PACE_SLACK = 3;

const round1 = (n: number) => Math.round(n * 10) / 10;
const mid = (band: PaceBand) => (band.fast + band.slow) / 2;
const byDay = <T extends { day: IsoDay }>(a: T, b: T) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

/** The band a kind must not be faster than. */
function zoneBand(ctx: Context, kind: WorkoutKind): PaceBand {
  const zone = zoneForKind(kind);
  if (zone === 'race') return racePaceBand(ctx.fitness.predictions[ctx.distance ?? '5K'], raceKm(ctx.distance ?? '5K'));
  return ctx.paces[zone];
}

interface Entry {
  day: IsoDay;
  kind: WorkoutKind;
  km: number;
  /** The plan's own workout (history entries have none). */
  workout: Workout | null;
}

/** Every rule on typed workouts (the engine's, or an adapter's read by `readWorkouts`). */
export function checkWorkouts(
  workouts: readonly Workout[],
  form: PlanForm,
  span: PlanSpan,
  history: readonly HistoryRun[] = [],
  scope: CheckScope = 'plan',
  ctx: Context = planContext(form, span),
): SafetyViolation[] {
  const out: SafetyViolation[] = [];
  const v = (rule: SafetyRule, message: string, day?: IsoDay) => out.push(day ? { rule, date: isoToPlanDate(day), message } : { rule, message });
  const plan = [...workouts].sort(byDay);
  const hist = history.filter((h) => !plan.some((w) => w.day === h.day)).sort(byDay);
  const all: Entry[] = [...hist.map((h) => ({ ...h, workout: null })), ...plan.map((w) => ({ day: w.day, kind: w.kind, km: w.kind === 'race' ? 0 : w.km, workout: w }))].sort(byDay);
  const days = new Set(ctx.days);
  const weekKm = weekTotals(all);

  // Each run on its own.
  const seen = new Set<IsoDay>();
  let longest = ctx.baselineLong;
  const histBefore = (day: IsoDay) => hist.filter((h) => h.day < day && h.kind !== 'race');
  for (const w of plan) {
    if (w.day < span.startDay || w.day > span.endDay) v('span', 'Lari berada di luar rentang tanggal program.', w.day);
    const isRace = w.kind === 'race' && w.day === ctx.race;
    if (!days.has(weekdayIndex(w.day)) && !isRace) v('training-day', 'Lari dijadwalkan di luar hari latihan yang dipilih.', w.day);
    if (seen.has(w.day)) v('duplicate-day', 'Dua lari dijadwalkan di hari yang sama.', w.day);
    seen.add(w.day);
    if (w.kind === 'long' && weekdayIndex(w.day) !== ctx.longDay) v('long-run-day', 'Long run tidak berada di hari long run yang dipilih.', w.day);
    if (w.pace.fast < zoneBand(ctx, w.kind).fast - PACE_SLACK) {
      v('pace-too-fast', w.kind === 'race' ? 'Pace race lebih cepat dari perkiraan kemampuan Anda.' : `Pace ${workoutTitle(w)} lebih cepat dari zona latihannya untuk kebugaran Anda.`, w.day);
    }
    if (w.kind === 'race') continue;
    longest = Math.max(longest, ...histBefore(w.day).map((h) => h.km));
    if (w.km > allowedRunKm(longest) + EPS) v('run-growth', `Lari ${round1(w.km)} km terlalu jauh dibanding lari terjauh sebelumnya (${round1(longest)} km).`, w.day);
    longest = Math.max(longest, w.km);
    if (w.km < MIN_RUN_KM - EPS) v('run-length', `Lari ${round1(w.km)} km terlalu pendek untuk dijadwalkan.`, w.day);
    if (w.kind === 'long') {
      const max = ctx.distance ? LONG_RUN_PEAK[ctx.distance].max : FITNESS_LONG_RUN_MAX;
      if (w.km > max + EPS) v('long-run-peak', `Long run ${round1(w.km)} km melebihi ${max} km untuk target ini.`, w.day);
      const minutes = (w.km * ctx.easyPace) / 60;
      if (minutes > LONG_RUN_MAX_MINUTES + LONG_RUN_MINUTES_SLACK) v('long-run-duration', `Long run ${round1(w.km)} km memakan sekitar ${Math.round(minutes)} menit dengan pace santai Anda, lebih dari 3 jam.`, w.day);
    } else if (w.km > MAX_OTHER_RUN_KM[ctx.ability] + EPS) {
      v('run-length', `Lari ${round1(w.km)} km terlalu panjang untuk lari selain long run (maksimal ${MAX_OTHER_RUN_KM[ctx.ability]} km).`, w.day);
    }
    if (isQuality(w.kind)) checkQuality(ctx, w, weekKm.get(startOfWeek(w.day)) ?? 0, v);
  }

  checkWeeks(ctx, plan, all, weekKm, scope, v);

  // Hard days never on the same or adjacent days.
  const hard = all.filter((e) => isHard(e.kind));
  for (let i = 1; i < hard.length; i++) {
    const [a, b] = [hard[i - 1]!, hard[i]!];
    if ((a.workout || b.workout) && daysBetween(a.day, b.day) <= 1) {
      v('hard-adjacent', 'Dua latihan berat berada di hari yang sama atau berurutan.', (b.workout ? b : a).day);
    }
  }

  checkRace(ctx, span, plan, all, weekKm, scope, v);
  return out;
}

type Report = (rule: SafetyRule, message: string, day?: IsoDay) => void;

function weekTotals(all: readonly Entry[]): Map<IsoDay, number> {
  const weeks = new Map<IsoDay, number>();
  for (const e of all) if (e.kind !== 'race') weeks.set(startOfWeek(e.day), (weeks.get(startOfWeek(e.day)) ?? 0) + e.km);
  return weeks;
}

/** The most a quality session's fast part may hold in a week of `week` km (Daniels). */
function qualityLimitKm(w: Workout, week: number): number {
  return w.kind === 'tempo' ? thresholdLimitKm(week, mid(w.pace)) : w.kind === 'interval' ? intervalLimitKm(week) : steadyLimitKm(week, mid(w.pace));
}

/** A quality session: its fast part within Daniels' limits for its week, with room to warm up. */
function checkQuality(ctx: Context, w: Workout, week: number, v: Report): void {
  const fast = workKm(w.work, w.pace);
  const limit = qualityLimitKm(w, week);
  const name = w.kind === 'tempo' ? 'threshold' : w.kind === 'interval' ? 'interval' : 'marathon pace';
  if (fast > limit + EPS) v('quality-volume', `${workoutTitle(w)}: ${round1(fast)} km di pace ${name} melebihi batas ${round1(limit)} km untuk minggu ${round1(week)} km.`, w.day);
  if (fast + 1.5 > w.km + EPS) v('quality-volume', `${workoutTitle(w)} tidak menyisakan pemanasan dan pendinginan dalam ${round1(w.km)} km.`, w.day);
}

function checkWeeks(ctx: Context, plan: readonly Workout[], all: readonly Entry[], weekKm: Map<IsoDay, number>, scope: CheckScope, v: Report): void {
  const planWeeks = new Set(plan.map((w) => startOfWeek(w.day)));
  const taperFrom = taperStart(ctx.race, ctx.distance);
  const state: LoadState = { prevLoad: ctx.baselineWeek, streak: 0 };
  const firstWeek = startOfWeek(ctx.span.startDay);
  const loadingWeeks: { week: IsoDay; km: number }[] = [];
  // Every calendar week from the first with a run: a week without runs is a cut-back too.
  const known = [...weekKm.keys()].sort();
  const calendar: IsoDay[] = [];
  for (let week = known[0]; week !== undefined && week <= known.at(-1)!; week = addDays(week, 7)) calendar.push(week);
  for (const week of calendar) {
    const km = weekKm.get(week) ?? 0;
    const mine = planWeeks.has(week);
    const beforeTaper = !taperFrom || addDays(week, 6) < taperFrom;
    if (mine && km > state.prevLoad * (1 + WEEKLY_GROWTH) + EPS) {
      v('weekly-growth', `Volume minggu ${isoToPlanDate(week)} (${round1(km)} km) naik lebih dari 10% dari minggu pembebanan sebelumnya (${round1(state.prevLoad)} km).`, week);
    }
    const { loading } = advanceLoad(state, km);
    if (loading && beforeTaper && week >= firstWeek) loadingWeeks.push({ week, km });
    if (mine && beforeTaper && state.streak > MAX_LOADING_STREAK) {
      v('cutback', `Minggu ${isoToPlanDate(week)} adalah minggu pembebanan ke-${state.streak} berturut-turut; perlu minggu pemulihan setiap minggu ke-3 atau ke-4.`, week);
    }

    const entries = all.filter((e) => startOfWeek(e.day) === week && e.kind !== 'race' && e.km > 0);
    if (!mine) continue;
    if (entries.length > MAX_RUNS_PER_WEEK[ctx.ability]) v('runs-per-week', `${entries.length} lari dalam seminggu terlalu banyak (maksimal ${MAX_RUNS_PER_WEEK[ctx.ability]}); perlu hari istirahat.`, week);
    const longs = entries.filter((e) => e.kind === 'long');
    if (longs.length > 1) v('long-run-longest', 'Lebih dari satu long run dalam seminggu.', week);
    if (entries.length >= LONG_SHARE_MIN_RUNS) {
      for (const long of longs) {
        if (!long.workout) continue;
        if (entries.some((e) => e !== long && e.km >= long.km - EPS)) v('long-run-longest', `Long run ${round1(long.km)} km bukan lari terpanjang di minggunya.`, long.day);
        if (long.km > ctx.share * km + EPS) v('long-run-share', `Long run ${round1(long.km)} km lebih dari ${Math.round(ctx.share * 100)}% volume minggunya (${round1(km)} km).`, long.day);
      }
    }
    const quality = entries.filter((e) => isQuality(e.kind));
    if (quality.length > MAX_QUALITY_PER_WEEK) v('quality-count', `${quality.length} sesi berat dalam seminggu (maksimal ${MAX_QUALITY_PER_WEEK} selain long run).`, week);
  }

  // A long plan grows (beginners and injury histories more slowly, but never flat).
  const distance = ctx.distance;
  if (scope === 'plan' && distance && taperFrom) {
    const buildWeeks = Math.floor(daysBetween(ctx.span.startDay, taperFrom) / 7);
    const firstFull = [...weekKm.entries()].filter(([week]) => week >= ctx.span.startDay && addDays(week, 6) < taperFrom).sort(([a], [b]) => (a < b ? -1 : 1))[0];
    if (buildWeeks >= GROWTH_MIN_WEEKS && firstFull) {
      // Growth from where the runner is: their own week, or the plan's first full week if lower.
      const start = Math.min(firstFull[1], ctx.baselineWeek);
      const build = [...weekKm.entries()].filter(([week]) => week >= ctx.span.startDay && addDays(week, 6) < taperFrom).map(([, km]) => km);
      const top = Math.max(0, ...build);
      // A runner already at the volume the race usually peaks at need not run more, only better.
      const typicalPeak = Math.max(WEEK_GOAL[distance][ctx.ability], (ctx.requiredLong ?? 0) / ctx.share);
      if (start < AT_PEAK_SHARE * typicalPeak && top < (1 + MIN_PLAN_GROWTH) * start - EPS) {
        v('plan-growth', `Program ${buildWeeks} minggu tidak berkembang: minggu terberat ${round1(top)} km dibanding ${round1(start)} km di minggu pertama.`);
      }
    }
  }
}

function checkRace(ctx: Context, span: PlanSpan, plan: readonly Workout[], all: readonly Entry[], weekKm: Map<IsoDay, number>, scope: CheckScope, v: Report): void {
  const distance = ctx.distance;
  const race = ctx.race;
  if (!race || !distance) {
    for (const w of plan) if (w.kind === 'race') v('race-day', 'Program kebugaran tidak memiliki Race Day.', w.day);
    return;
  }
  const onRace = plan.filter((w) => w.day === race && w.kind === 'race');
  if (scope === 'plan' && race >= span.startDay && race <= span.endDay && onRace.length !== 1) v('race-day', "Harus ada tepat satu 'Race Day' di tanggal race.", race);
  for (const w of plan) if (w.kind === 'race' && w.day !== race) v('race-day', 'Race Day hanya boleh di tanggal race.', w.day);
  for (const w of onRace) if (w.race && w.race !== distance) v('race-day', `Program Race Day harus ${racePrograms[distance]}.`, w.day);

  // The peak long run before the taper (a whole plan).
  const taperFrom = taperStart(race, distance)!;
  if (scope === 'plan' && ctx.requiredLong !== null && span.startDay <= ctx.span.startDay) {
    const buildDays = daysBetween(ctx.span.startDay, taperFrom);
    const peak = Math.max(0, ...all.filter((e) => e.kind === 'long' && e.day < taperFrom).map((e) => e.km));
    const reached = buildDays < 7 ? ctx.form.lariTerjauh >= ctx.requiredLong : peak >= ctx.requiredLong - EPS;
    if (!reached) v('long-run-peak', `Long run hanya mencapai ${round1(peak)} km sebelum tapering; ${distance} membutuhkan minimal ${round1(ctx.requiredLong)} km.`);
  }

  // The taper: the 7 days before the race 20–60 % below the peak week, with at least 2 short runs.
  const first = addDays(race, -7);
  const planTouches = plan.some((w) => w.day >= first && w.day < race);
  if (!planTouches && scope === 'change') return;
  const peak = Math.max(ctx.baselineWeek, ...weekKm.values());
  const window = all.filter((e) => e.day >= first && e.day < race && e.kind !== 'race');
  const total = window.reduce((s, e) => s + e.km, 0);
  if (total > TAPER_MAX_SHARE * peak + EPS) v('taper', `Tujuh hari sebelum race (${round1(total)} km) harus minimal 20% lebih ringan dari minggu terberat (${round1(peak)} km).`, first);
  if (scope !== 'plan' || first < ctx.span.startDay || span.endDay < race) return;
  if (total < TAPER_MIN_SHARE * peak - EPS) v('taper', `Tujuh hari sebelum race (${round1(total)} km) terlalu ringan: paling banyak 60% di bawah minggu terberat (${round1(peak)} km).`, first);
  const longestLong = Math.max(ctx.baselineLong, ...all.filter((e) => e.kind === 'long').map((e) => e.km));
  const short = window.filter((e) => e.kind !== 'long' && e.km <= taperShortMaxKm(longestLong, distance) + EPS);
  if (short.length < TAPER_MIN_RUNS) v('taper', 'Tujuh hari sebelum race harus berisi minimal 2 lari pendek agar tetap segar.', first);
}

/** An adapter's runs read as workouts once; what cannot be read becomes a violation. */
export function readWorkouts(runs: readonly PlannedRun[], ctx: Context, out: SafetyViolation[]): Workout[] {
  const workouts: Workout[] = [];
  for (const run of runs) {
    const read = readWorkout(run, ctx.easyPace, ctx.distance);
    if (!read.ok) {
      out.push({ rule: read.problem, date: run.date, message: read.message });
      continue;
    }
    if (run.generatedby !== 'ai') out.push({ rule: 'generatedby', date: run.date, message: "generatedby harus 'ai'." });
    if (run.color !== runColor(run.title)) out.push({ rule: 'color', date: run.date, message: 'Warna tidak sesuai dengan jenis latihan.' });
    workouts.push(read.workout);
  }
  return workouts;
}

/** Every rule a plan must keep before a runner sees it (issue 25 §2), whoever wrote it. */
export function checkPlan(
  runs: readonly PlannedRun[],
  form: PlanForm,
  span: PlanSpan,
  history: readonly RunLike[] = [],
  scope: CheckScope = 'plan',
): SafetyViolation[] {
  const ctx = planContext(form, span);
  const out: SafetyViolation[] = [];
  const workouts = readWorkouts(runs, ctx, out);
  return [...out, ...checkWorkouts(workouts, form, span, historyFrom(history, ctx.easyPace), scope, ctx)];
}

// ---- Repair ----

const priority = (kind: WorkoutKind) => (kind === 'race' ? 3 : kind === 'long' ? 2 : isQuality(kind) ? 1 : 0);

/**
 * The candidate repaired so that checkPlan finds nothing, or null when it cannot be: unknown or
 * unstructured sessions become easy runs, paces follow the runner's zones, runs off the training
 * days go, clashing hard days soften, and distances come down to the limits. Nothing is made
 * harder or longer, so a repaired plan may fail the rules that ask for enough; then it is null.
 */
export function repairPlan(
  runs: readonly PlannedRun[],
  form: PlanForm,
  span: PlanSpan,
  history: readonly RunLike[] = [],
  scope: CheckScope = 'plan',
): { runs: PlannedRun[]; fixes: string[] } | null {
  const ctx = planContext(form, span);
  const hist = historyFrom(history, ctx.easyPace);
  const fixes: string[] = [];
  const easy = (w: Workout, why: string) => {
    w.kind = 'easy';
    w.work = null;
    w.strides = false;
    w.pace = ctx.paces.easy;
    fixes.push(`${isoToPlanDate(w.day)}: ${why}, diganti Easy Run.`);
  };

  // 1. Each run on its own.
  const byDate = new Map<IsoDay, Workout>();
  for (const run of runs) {
    let read = readWorkout(run, ctx.easyPace, ctx.distance);
    if (!read.ok && read.problem === 'pace') {
      read = readWorkout({ ...run, paceRange: formatPaceBand(zoneBand(ctx, kindOfTitle(run.title) ?? 'easy')) }, ctx.easyPace, ctx.distance);
      if (read.ok) fixes.push(`${run.date}: pace disesuaikan dengan kebugaran.`);
    }
    if (!read.ok && (read.problem === 'title' || read.problem === 'structure')) {
      read = readWorkout({ ...run, title: 'Easy Run', paceRange: formatPaceBand(ctx.paces.easy) }, ctx.easyPace, ctx.distance);
      if (read.ok) fixes.push(`${run.date}: "${run.title}" diganti Easy Run.`);
    }
    if (!read.ok) {
      fixes.push(`${run.date}: ${read.message} Dihapus.`);
      continue;
    }
    const w = read.workout;
    if (run.generatedby !== 'ai') fixes.push(`${run.date}: generatedby diganti 'ai'.`);
    if (run.color !== runColor(run.title)) fixes.push(`${run.date}: warna disesuaikan dengan jenis latihan.`);
    if (w.day < span.startDay || w.day > span.endDay) {
      fixes.push(`${run.date}: di luar rentang program, dihapus.`);
      continue;
    }
    if (w.kind === 'race' && w.day !== ctx.race) easy(w, 'Race Day di luar tanggal race');
    if (w.kind === 'race' && ctx.distance) w.race = ctx.distance;
    if (w.kind !== 'race' && !ctx.days.includes(weekdayIndex(w.day))) {
      fixes.push(`${run.date}: bukan hari latihan, dihapus.`);
      continue;
    }
    if (w.kind === 'long' && weekdayIndex(w.day) !== ctx.longDay) easy(w, 'long run di luar hari long run');
    const band = zoneBand(ctx, w.kind);
    if (w.pace.fast < band.fast - PACE_SLACK) {
      w.pace = band;
      fixes.push(`${run.date}: pace disesuaikan dengan kebugaran.`);
    }
    const existing = byDate.get(w.day);
    if (existing && priority(existing.kind) >= priority(w.kind)) {
      fixes.push(`${run.date}: lari kedua di hari yang sama dihapus.`);
      continue;
    }
    byDate.set(w.day, w);
  }
  if (scope === 'plan' && ctx.race && ctx.distance && ctx.race >= span.startDay && ctx.race <= span.endDay && byDate.get(ctx.race)?.kind !== 'race') {
    byDate.set(ctx.race, { day: ctx.race, kind: 'race', km: raceKm(ctx.distance), work: null, pace: zoneBand(ctx, 'race'), phase: 'Taper', strides: false, race: ctx.distance });
    fixes.push(`${isoToPlanDate(ctx.race)}: Race Day ditambahkan di tanggal race.`);
  }
  let work = [...byDate.values()].sort(byDay);

  // 2. Hard days apart: the race, then long runs, then the rest in date order; the others soften.
  const hardDays = new Set(hist.filter((h) => isHard(h.kind)).map((h) => h.day));
  for (const w of [...work].sort((a, b) => priority(b.kind) - priority(a.kind) || byDay(a, b))) {
    if (!isHard(w.kind)) continue;
    const clash = hardDays.has(w.day) || hardDays.has(addDays(w.day, -1)) || hardDays.has(addDays(w.day, 1));
    if (clash && w.kind !== 'race') easy(w, 'latihan berat berurutan');
    else hardDays.add(w.day);
  }

  // 3. Distances, in rounds, down only.
  for (let round = 0; round < 6; round++) {
    const violations = checkWorkouts(work, form, span, hist, scope, ctx);
    if (violations.length === 0) break;
    const rules = new Set(violations.map((x) => x.rule));
    capRuns(ctx, work, hist, fixes);
    if (rules.has('weekly-growth') || rules.has('cutback') || rules.has('taper')) capWeeks(ctx, work, hist, fixes);
    capLongRuns(ctx, work, hist, fixes);
    capQuality(ctx, work, hist, fixes, easy);
    work = work.filter((w) => w.kind === 'race' || w.km >= MIN_RUN_KM);
  }
  // What still breaks a long-run or session rule: that run becomes an easy run.
  for (const v of checkWorkouts(work, form, span, hist, scope, ctx)) {
    if (!v.date || !['long-run-share', 'long-run-longest', 'quality-volume', 'hard-adjacent', 'long-run-duration'].includes(v.rule)) continue;
    const w = work.find((x) => isoToPlanDate(x.day) === v.date);
    if (w && w.kind !== 'race') easy(w, v.message.replace(/\.$/, ''));
  }
  return checkWorkouts(work, form, span, hist, scope, ctx).length === 0 ? { runs: work.map(renderWorkout), fixes } : null;
}

function setKm(w: Workout, km: number, fixes: string[], why: string) {
  const next = Math.max(0, floorHalf(km));
  if (next >= w.km) return;
  w.km = next;
  fixes.push(`${isoToPlanDate(w.day)}: ${why} (${next} km).`);
}

function capRuns(ctx: Context, work: Workout[], hist: readonly HistoryRun[], fixes: string[]) {
  let longest = ctx.baselineLong;
  const all = [...hist.map((h) => ({ day: h.day, km: h.km, w: null as Workout | null })), ...work.map((w) => ({ day: w.day, km: w.km, w }))].sort(byDay);
  for (const e of all) {
    if (e.w && e.w.kind !== 'race') {
      let cap = allowedRunKm(longest);
      if (e.w.kind === 'long') cap = Math.min(cap, ctx.distance ? LONG_RUN_PEAK[ctx.distance].max : FITNESS_LONG_RUN_MAX, (LONG_RUN_MAX_MINUTES * 60) / ctx.easyPace);
      else cap = Math.min(cap, MAX_OTHER_RUN_KM[ctx.ability]);
      if (e.w.km > cap + EPS) setKm(e.w, cap, fixes, 'jarak dibatasi');
      longest = Math.max(longest, e.w.km);
    } else if (!e.w) longest = Math.max(longest, e.km);
  }
}

function weekOf(work: readonly Workout[], hist: readonly HistoryRun[], week: IsoDay) {
  const mine = work.filter((w) => startOfWeek(w.day) === week && w.kind !== 'race');
  const fixed = hist.filter((h) => startOfWeek(h.day) === week && h.kind !== 'race').reduce((s, h) => s + h.km, 0);
  return { mine, fixed, total: fixed + mine.reduce((s, w) => s + w.km, 0) };
}

function scaleDown(targets: Workout[], budget: number, fixes: string[], why: string) {
  const total = targets.reduce((s, w) => s + w.km, 0);
  if (total <= budget + EPS || total === 0) return;
  const factor = Math.max(0, budget) / total;
  for (const w of targets) setKm(w, w.km * factor, fixes, why);
}

/** Weeks over the growth rule come down; a 4th loading week in a row becomes a cut-back; the taper's 7 days down to 80 %. */
function capWeeks(ctx: Context, work: Workout[], hist: readonly HistoryRun[], fixes: string[]) {
  const weeks = [...new Set([...hist.map((h) => startOfWeek(h.day)), ...work.map((w) => startOfWeek(w.day))])].sort();
  const state: LoadState = { prevLoad: ctx.baselineWeek, streak: 0 };
  const taperFrom = taperStart(ctx.race, ctx.distance);
  for (const week of weeks) {
    const { mine, fixed, total } = weekOf(work, hist, week);
    let allowed = state.prevLoad * (1 + WEEKLY_GROWTH);
    if (state.streak >= MAX_LOADING_STREAK && (!taperFrom || addDays(week, 6) < taperFrom)) allowed = state.prevLoad * 0.85;
    if (total > allowed + EPS) scaleDown(mine, allowed - fixed, fixes, 'volume minggu diturunkan');
    advanceLoad(state, weekOf(work, hist, week).total);
  }
  if (ctx.race) {
    const first = addDays(ctx.race, -7);
    const peak = Math.max(ctx.baselineWeek, ...weeks.filter((w) => addDays(w, 6) < first).map((w) => weekOf(work, hist, w).total));
    const inWindow = work.filter((w) => w.day >= first && w.day < ctx.race! && w.kind !== 'race');
    const fixed = hist.filter((h) => h.day >= first && h.day < ctx.race!).reduce((s, h) => s + h.km, 0);
    scaleDown(inWindow, TAPER_MAX_SHARE * peak - fixed, fixes, 'volume diturunkan untuk tapering');
  }
}

/** The long run within its share, and the longest of its week. */
function capLongRuns(ctx: Context, work: Workout[], hist: readonly HistoryRun[], fixes: string[]) {
  for (const long of work.filter((w) => w.kind === 'long')) {
    const { mine, fixed } = weekOf(work, hist, startOfWeek(long.day));
    const count = mine.length + hist.filter((h) => startOfWeek(h.day) === startOfWeek(long.day) && h.kind !== 'race').length;
    if (count < LONG_SHARE_MIN_RUNS) continue;
    const others = mine.filter((w) => w !== long);
    const othersKm = fixed + others.reduce((s, w) => s + w.km, 0);
    setKm(long, (ctx.share / (1 - ctx.share)) * othersKm, fixes, 'long run dibatasi sesuai porsinya dalam seminggu');
    for (const o of others) if (o.km >= long.km) setKm(o, long.km - 1, fixes, 'lari lain dibuat lebih pendek dari long run');
  }
}

/** A quality session's fast part down to its limits (rewritten by the engine's rules), or an easy run. */
function capQuality(ctx: Context, work: Workout[], hist: readonly HistoryRun[], fixes: string[], easy: (w: Workout, why: string) => void) {
  for (const w of work) {
    if (!isQuality(w.kind)) continue;
    const week = weekOf(work, hist, startOfWeek(w.day)).total;
    const fast = workKm(w.work, w.pace);
    const limit = qualityLimitKm(w, week);
    if (fast <= limit + EPS && fast + 1.5 <= w.km + EPS) continue;
    const rewritten = qualityWork(ctx, w.kind, w.km, week);
    if (rewritten) {
      w.work = rewritten;
      fixes.push(`${isoToPlanDate(w.day)}: porsi ${w.kind} disesuaikan menjadi ${workoutTitle(w)}.`);
    } else easy(w, 'sesi berat terlalu besar untuk minggunya');
  }
}

/** The race a form aims at, for messages. */
export function raceOf(form: PlanForm): RaceDistance | null {
  return form.targetLatihan === 'Race Selanjutnya' ? (form.kategoriTargetRace ?? null) : null;
}
