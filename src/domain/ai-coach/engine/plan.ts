/**
 * The built-in coach's plan builder: periodised plans a running coach would sign (issue 25 §2).
 * Weeks grow at most 10 % over the previous loading week (7 % for beginners and injury histories)
 * with a cut-back week every 3rd–4th week; the long run is the longest run of its week, within its
 * share of the week and about 3 hours, and builds to the race's peak; quality sessions are
 * structured and within Daniels' limits; the last 7 days taper. It reasons on typed workouts
 * (./workout.ts) and writes the spec's strings only at the end. Pure.
 */
import { FITNESS_PROGRAMME_DAYS, hmsToSeconds, type FitnessSummary, type PlanForm, type PlannedRun, type RaceDistance } from '../contract';
import { addDays, daysBetween, planDateToIso, startOfWeek, type IsoDay } from '../../shared/wire-date';
import { assessFitness, fitnessSummary, type FitnessAssessment } from './fitness';
import { racePaceBand, trainingPaces, type PaceBand, type PaceZone } from './paces';
import {
  allowedRunKm,
  CUTBACK_SHARE,
  ENGINE_CUTBACK,
  FITNESS_LONG_RUN_MAX,
  floorHalf,
  GENTLE_LOADING_STREAK,
  GENTLE_MAX_QUALITY_PER_WEEK,
  ENGINE_WEEKLY_GROWTH,
  GENTLE_WEEKLY_GROWTH,
  intervalLimitKm,
  isGentle,
  LONG_RUN_GOAL,
  LONG_RUN_PEAK,
  LONG_SHARE_MIN_RUNS,
  longestRunBaseline,
  longRunDayIndex,
  longRunShare,
  longRunTimeCapKm,
  MAX_LOADING_STREAK,
  MAX_OTHER_RUN_KM,
  MAX_QUALITY_PER_WEEK,
  MAX_RUNS_PER_WEEK,
  MIN_RUN_KM,
  raceDay,
  raceKm,
  requiredLongRunKm,
  steadyLimitKm,
  TAPER_DAYS,
  TAPER_MAX_SHARE,
  TAPER_MIN_RUNS,
  TAPER_MIN_SHARE,
  taperShortMaxKm,
  thresholdLimitKm,
  trainingDayIndices,
  WEEK_GOAL,
  weeklyBaseline,
  WEEKLY_GROWTH,
  type Ability,
} from '../safety/rules';
import { isHard, isQuality, kindOfTitle, programKmOf, renderWorkout, workKm, type Phase, type WorkBlock, type Workout, type WorkoutKind } from './workout';

/** The day before a race: a short shake-out (a little more only when the week has few runs). */
const DAY_BEFORE_RACE_KM = 3;
/** The most a plan grows a runner's week to, per ability. */
const MAX_WEEK_GOAL: Record<Ability, number> = { Pemula: 45, Menengah: 90, Mahir: 150 };

export interface PlanSpan {
  startDay: IsoDay;
  endDay: IsoDay;
}

export interface WeekSummary {
  /** Monday of the week (ISO). */
  weekStart: IsoDay;
  phase: Phase;
  plannedKm: number;
  longRunKm: number;
  recovery: boolean;
}

export interface BuiltPlan {
  runs: PlannedRun[];
  workouts: Workout[];
  weeks: WeekSummary[];
  fitness: FitnessSummary;
  /** Short Indonesian notes for the runner (e.g. why the plan is gentler). */
  notes: string[];
  /** The longest long run before the taper (history included). */
  peakLongKm: number;
  /** The long run the race needs before its taper (null for a fitness programme). */
  requiredLongKm: number | null;
  /** Whether the plan keeps every rule a full plan must (peak long run, taper): false means the goal is out of reach. */
  complete: boolean;
  /** Why not, when not (Indonesian, for the refusal). */
  shortfall: string | null;
}

/** How a re-planned range differs from the plan as first built (chat, re-evaluation). */
export interface PlanAdjustment {
  /** Multiply the range's volume (0.3–1.5); the weekly growth rule still caps it. */
  volumeFactor?: number;
  /** Only easy runs in the range (illness, injury); a Race Day stays. */
  easyOnly?: boolean;
  /** Days to leave empty. */
  restDays?: IsoDay[];
}

/** The titles the engine writes for the non-quality kinds (quality titles carry their structure). */
export const engineTitles = {
  easy: 'Easy Run',
  recovery: 'Recovery Run',
  strides: 'Easy Run + Strides',
  long: 'Endurance Long Run',
  race: 'Race Day',
} as const;

/** The pace zone a kind is run at ('race' for Race Day). */
export function zoneForKind(kind: WorkoutKind): PaceZone | 'race' {
  switch (kind) {
    case 'steady':
      return 'marathon';
    case 'tempo':
      return 'threshold';
    case 'interval':
      return 'interval';
    case 'race':
      return 'race';
    default:
      return 'easy';
  }
}

/** The pace zone of a run's title (adapters' runs, chat changes). */
export function zoneForTitle(title: string): PaceZone | 'race' {
  return zoneForKind(kindOfTitle(title) ?? 'easy');
}

/** The plan's first and last day: the start date, and the race day or start + 27 days. */
export function planSpan(form: PlanForm): PlanSpan {
  const startDay = planDateToIso(form.tanggalMulai);
  if (!startDay) throw new Error(`invalid tanggalMulai: ${form.tanggalMulai}`);
  const race = raceDay(form);
  if (race) return { startDay, endDay: race < startDay ? startDay : race };
  return { startDay, endDay: addDays(startDay, FITNESS_PROGRAMME_DAYS - 1) };
}

/** Everything the builder derives from the form once. */
export interface Context {
  form: PlanForm;
  span: PlanSpan;
  fitness: FitnessAssessment;
  paces: Record<PaceZone, PaceBand>;
  /** The middle of the easy band: the pace long runs are timed at. */
  easyPace: number;
  race: IsoDay | null;
  distance: RaceDistance | null;
  ability: Ability;
  gentle: boolean;
  injured: boolean;
  days: number[];
  longDay: number;
  /** Non-long training days, most spread out from the long run first: the order days are filled in. */
  dayOrder: number[];
  maxRuns: number;
  share: number;
  otherCap: number;
  baselineWeek: number;
  baselineLong: number;
  weekGoal: number;
  longGoal: number;
  requiredLong: number | null;
  growth: number;
  streakMax: number;
}

export function planContext(form: PlanForm, span: PlanSpan): Context {
  const fitness = assessFitness(form);
  const paces = trainingPaces(fitness.vdot);
  const easyPace = (paces.easy.fast + paces.easy.slow) / 2;
  const race = raceDay(form);
  const distance = race ? form.kategoriTargetRace! : null;
  const ability = form.kemampuanLari;
  const gentle = isGentle(form);
  const days = trainingDayIndices(form);
  const longDay = longRunDayIndex(form);
  const share = longRunShare(ability);
  const timeCap = longRunTimeCapKm(easyPace);
  const baselineWeek = weeklyBaseline(form);
  const baselineLong = longestRunBaseline(form);
  let longGoal: number;
  let weekGoal: number;
  if (distance) {
    // A runner who already runs longer keeps that ability (within the race's peak).
    longGoal = Math.min(Math.max(LONG_RUN_GOAL[distance][ability], baselineLong * 1.2), LONG_RUN_PEAK[distance].max, timeCap);
    // Enough volume to carry the long run within its share, and more than the runner runs now.
    weekGoal = Math.max(WEEK_GOAL[distance][ability], longGoal / share, Math.min(baselineWeek * 1.25, MAX_WEEK_GOAL[ability]), baselineWeek);
  } else {
    const focus = form.kebugaranFocus ?? 'Jaga Kebugaran Umum';
    const grow = focus === 'Tambah Jarak Lari' ? 1.3 : 1.15;
    weekGoal = baselineWeek * grow;
    longGoal = Math.min(FITNESS_LONG_RUN_MAX, timeCap, focus === 'Tambah Jarak Lari' ? Math.max(baselineLong + 4, 8) : Math.max(baselineLong, 6));
  }
  return {
    form,
    span,
    fitness,
    paces,
    easyPace,
    race,
    distance,
    ability,
    gentle,
    injured: form.riwayatCidera.trim() !== '',
    days,
    longDay,
    dayOrder: spreadOrder(days, longDay),
    maxRuns: MAX_RUNS_PER_WEEK[ability],
    share,
    otherCap: MAX_OTHER_RUN_KM[ability],
    baselineWeek,
    baselineLong,
    weekGoal,
    longGoal,
    requiredLong: distance ? requiredLongRunKm(distance, easyPace) : null,
    growth: gentle ? GENTLE_WEEKLY_GROWTH : ENGINE_WEEKLY_GROWTH,
    streakMax: gentle ? GENTLE_LOADING_STREAK : MAX_LOADING_STREAK,
  };
}

/** Greedy: each next day is the one farthest (around the week) from the days already chosen. */
function spreadOrder(days: readonly number[], longDay: number): number[] {
  const chosen = [longDay];
  const rest = days.filter((d) => d !== longDay);
  const order: number[] = [];
  const gap = (a: number, b: number) => Math.min((a - b + 7) % 7, (b - a + 7) % 7);
  while (rest.length > 0) {
    let best = 0;
    let bestGap = -1;
    rest.forEach((d, i) => {
      const g = Math.min(...chosen.map((c) => gap(c, d)));
      if (g > bestGap) {
        best = i;
        bestGap = g;
      }
    });
    const [day] = rest.splice(best, 1);
    chosen.push(day!);
    order.push(day!);
  }
  return order;
}

/** A run before the rebuilt range, as the builder continues from it. */
export interface HistoryRun {
  day: IsoDay;
  kind: WorkoutKind;
  km: number;
}

/** Stored runs (any maker) read as history: their day, kind and distance. */
export function historyFrom(runs: readonly Pick<PlannedRun, 'date' | 'title' | 'program'>[], easyPace: number): HistoryRun[] {
  const out: HistoryRun[] = [];
  for (const run of runs) {
    const day = planDateToIso(run.date);
    if (!day) continue;
    const kind = kindOfTitle(run.title) ?? 'easy';
    out.push({ day, kind, km: kind === 'race' ? 0 : (programKmOf(run.program, easyPace) ?? 0) });
  }
  return out;
}

/** The volume state the weekly rules follow, the engine and the checker alike. */
export interface LoadState {
  /** The last loading week's km (the runner's own week before the plan). */
  prevLoad: number;
  /** Loading weeks in a row. */
  streak: number;
}

/** One week's km through the state: loading (more than a cut-back) or a cut-back. */
export function advanceLoad(state: LoadState, km: number): { loading: boolean } {
  if (km > CUTBACK_SHARE * state.prevLoad) {
    state.prevLoad = km;
    state.streak += 1;
    return { loading: true };
  }
  state.streak = 0;
  return { loading: false };
}

/** The first day of the taper (null without a race). */
export function taperStart(race: IsoDay | null, distance: RaceDistance | null): IsoDay | null {
  return race && distance ? addDays(race, -TAPER_DAYS[distance]) : null;
}

/** A run's share of its normal size in the taper, by days before the race. */
function taperFactor(distance: RaceDistance, daysBefore: number): number {
  switch (distance) {
    case 'Full Marathon':
      return daysBefore <= 7 ? 0.55 : daysBefore <= 14 ? 0.7 : 0.85;
    case 'Half Marathon':
      return daysBefore <= 7 ? 0.6 : 0.8;
    default:
      return 0.65;
  }
}

interface Slot {
  day: IsoDay;
  weekday: number;
  kind: WorkoutKind;
  km: number;
}

/** The paces of a kind for this runner ('race': around the predicted race time). */
function paceOf(ctx: Context, kind: WorkoutKind): PaceBand {
  const zone = zoneForKind(kind);
  if (zone === 'race') return racePaceBand(ctx.fitness.predictions[ctx.distance!], raceKm(ctx.distance!));
  return ctx.paces[zone];
}

const mid = (band: PaceBand) => (band.fast + band.slow) / 2;

/**
 * The fast part of a quality session of `km` in a week of `weekKm`, within Daniels' limits and
 * leaving at least 2 km of warm-up and cool-down; null when the session would be too small to
 * be worth it (the run is then an easy run with strides).
 */
export function qualityWork(ctx: Context, kind: WorkoutKind, km: number, weekKm: number): WorkBlock | null {
  const room = km - 2;
  if (kind === 'tempo') {
    const pace = mid(ctx.paces.threshold);
    const limit = Math.min(thresholdLimitKm(weekKm, ctx.paces.threshold.slow), room);
    const minutes = (limit * pace) / 60;
    if (ctx.gentle || limit < 3.2) {
      const m = Math.min(20, Math.floor(minutes / 5) * 5);
      if (m < 10) return null;
      // Beginners and injury histories: the same minutes in 5-minute pieces (2 × 10, 3 × 5, 2 × 5).
      if (!ctx.gentle) return { reps: 1, minutes: m };
      return m === 20 ? { reps: 2, minutes: 10 } : { reps: m / 5, minutes: 5 };
    }
    const rep = 1.6;
    // Cruise intervals: 1 minute of jogging between reps fits in the warm-up's room.
    const reps = Math.min(6, Math.floor((limit - 0.2) / (rep + 0.2)));
    return reps >= 2 ? { reps, km: rep } : { reps: 1, minutes: Math.min(20, Math.floor(minutes / 5) * 5) };
  }
  if (kind === 'interval') {
    const limit = Math.min(intervalLimitKm(weekKm), room / 1.5);
    const sizes = ctx.ability === 'Mahir' ? [1, 0.8, 0.4] : ctx.ability === 'Menengah' ? [0.8, 0.4] : [0.4];
    for (const rep of sizes) {
      const reps = Math.min(rep >= 1 ? 6 : rep >= 0.8 ? 8 : 10, Math.floor(limit / rep + 1e-9));
      if (reps >= 4) return { reps, km: rep };
    }
    return null;
  }
  if (kind === 'steady') {
    const limit = Math.min(steadyLimitKm(weekKm, ctx.paces.marathon.slow), room);
    const steady = Math.floor(limit);
    return steady >= 3 ? { reps: 1, km: steady } : null;
  }
  return null;
}

/** Quality sessions a week wants, most wanted first. */
function qualityKinds(ctx: Context, phase: Phase, weekIndex: number): WorkoutKind[] {
  const noIntervals = ctx.injured || (ctx.ability === 'Pemula' && weekIndex < 6);
  let kinds: WorkoutKind[];
  if (!ctx.distance) {
    const focus = ctx.form.kebugaranFocus ?? 'Jaga Kebugaran Umum';
    kinds = focus === 'Tingkatkan Kecepatan Dasar' ? ['interval', 'tempo'] : focus === 'Tambah Jarak Lari' ? ['steady'] : ['tempo', 'steady'];
  } else if (phase === 'Taper') kinds = ctx.distance === 'Full Marathon' || ctx.distance === 'Half Marathon' ? ['steady', 'tempo'] : ['tempo', 'interval'];
  else if (phase === 'Base') kinds = ctx.ability === 'Pemula' ? ['tempo'] : ['steady', 'tempo'];
  else if (ctx.distance === '5K' || ctx.distance === '10K') kinds = ['interval', 'tempo'];
  else if (ctx.distance === 'Half Marathon') kinds = weekIndex % 2 === 0 ? ['tempo', 'interval'] : ['tempo', 'steady'];
  else kinds = weekIndex % 2 === 0 ? ['tempo', 'steady'] : ['steady', 'interval'];
  if (noIntervals) kinds = kinds.map((k) => (k === 'interval' ? 'tempo' : k));
  return [...new Set(kinds)];
}

function qualityCount(ctx: Context, phase: Phase, cutback: boolean, runs: number, weekIndex: number): number {
  if (runs <= 2) return 0;
  if (ctx.ability === 'Pemula' && weekIndex < 2) return 0;
  let q = runs === 3 || ctx.gentle ? GENTLE_MAX_QUALITY_PER_WEEK : MAX_QUALITY_PER_WEEK;
  if (phase === 'Base' && ctx.ability !== 'Mahir') q = Math.min(q, 1);
  if (phase === 'Taper' || cutback) q = Math.min(q, 1);
  return q;
}

interface Generated {
  workouts: Workout[];
  weeks: WeekSummary[];
}

/**
 * Builds the plan week by week. Only days in `range` get runs; `history` (runs before the range)
 * carries the load state, the longest run and the hard days the plan continues from.
 */
function generate(ctx: Context, range: PlanSpan, history: readonly HistoryRun[], adjust: PlanAdjustment): Generated {
  const { span } = ctx;
  const first = startOfWeek(span.startDay);
  const weekCount = daysBetween(first, startOfWeek(span.endDay)) / 7 + 1;
  const rest = new Set(adjust.restDays ?? []);
  const factor = adjust.volumeFactor ?? 1;
  const from = range.startDay > span.startDay ? range.startDay : span.startDay;
  const to = range.endDay < span.endDay ? range.endDay : span.endDay;
  const taperFrom = taperStart(ctx.race, ctx.distance);

  const state: LoadState = { prevLoad: ctx.baselineWeek, streak: 0 };
  let longest = ctx.baselineLong;
  let lastLong = ctx.baselineLong;
  let peakLoad = ctx.baselineWeek;
  /** The last loading week's long run and others, the pattern the taper scales down. */
  let peakPattern: { long: number; other: number } = { long: Math.min(ctx.baselineLong, ctx.longGoal), other: Math.min(ctx.otherCap, ctx.baselineWeek / 3) };
  const hardDays = new Set(history.filter((h) => isHard(h.kind)).map((h) => h.day));
  if (ctx.race) hardDays.add(ctx.race);

  const workouts: Workout[] = [];
  const weeks: WeekSummary[] = [];
  for (let w = 0; w < weekCount; w++) {
    const weekStart = addDays(first, w * 7);
    const weekEnd = addDays(weekStart, 6);
    const histRuns = history.filter((h) => h.day >= weekStart && h.day <= weekEnd && h.kind !== 'race');
    const histKm = histRuns.reduce((s, h) => s + h.km, 0);
    const inTaper = taperFrom !== null && weekEnd >= taperFrom;
    const phase: Phase = inTaper ? 'Taper' : phaseOf(ctx, w, weekCount);

    // Whole weeks before the range: the runner's own history moves the state.
    if (weekEnd < from) {
      for (const h of histRuns) longest = Math.max(longest, h.km);
      const long = histRuns.filter((h) => h.kind === 'long').reduce((m, h) => Math.max(m, h.km), 0);
      if (long > 0) lastLong = long;
      if (weekStart >= span.startDay || histKm > 0) {
        if (advanceLoad(state, histKm).loading && !inTaper) peakLoad = Math.max(peakLoad, histKm);
      }
      continue;
    }

    const cutback = !inTaper && state.streak >= ctx.streakMax;
    const hold = Math.max(ctx.weekGoal, state.prevLoad);
    // At least half a km more (a plan's step), never more than the rule's 10 %.
    // Beginners' slower rate matters once weeks are real; under 15 km a 10 % step is half a km.
    const rate = state.prevLoad < 15 ? WEEKLY_GROWTH : ctx.growth;
    const grown = Math.min(state.prevLoad * (1 + WEEKLY_GROWTH), Math.max(state.prevLoad * (1 + rate), state.prevLoad + 0.5));
    let target = cutback ? state.prevLoad * ENGINE_CUTBACK : Math.min(grown, hold);
    if (inTaper) target = Math.min(peakLoad, state.prevLoad);
    // More volume (a good fortnight) never undoes a cut-back week or the taper.
    target = Math.min(target * (cutback || inTaper ? Math.min(1, factor) : factor), state.prevLoad * (1 + WEEKLY_GROWTH) - 0.05);

    const usable = (d: number) => {
      const day = addDays(weekStart, d);
      return day >= from && day <= to && day >= span.startDay && !rest.has(day) && !(ctx.race && day >= ctx.race) && !histRuns.some((h) => h.day === day);
    };
    const minRun = ctx.ability === 'Pemula' ? MIN_RUN_KM : 3;
    const budget = Math.max(0, target - histKm);
    let longCap = Math.min(ctx.longGoal, growLong(ctx, longest));
    if (cutback) longCap = Math.min(longCap, lastLong * 0.8);
    const baseCap = Math.min(ctx.otherCap, growLong(ctx, longest));
    // The number of runs that carries the most of the week's budget within the rules (ties: more, shorter runs).
    const bestLayout = (weekBudget: number) => {
      let best: Layout | null = null;
      for (let n = 1; n <= Math.min(ctx.days.length, ctx.maxRuns - histRuns.length); n++) {
        const days = [ctx.longDay, ...ctx.dayOrder].slice(0, n).filter(usable);
        const layout = layoutWeek(ctx, days, weekBudget, longCap, baseCap, minRun, histRuns.length, histKm, !adjust.easyOnly);
        if (layout && (!best || layout.total >= best.total - 1e-9)) best = layout;
      }
      return best;
    };
    let best = bestLayout(budget);
    // Half-km runs leave gaps (3 runs: the long run longest and within its share): when the step
    // falls in one and the week cannot grow, the next size that fits within the 10 % rule.
    const wantsGrowth = !cutback && !inTaper && target > state.prevLoad + 0.25 && factor >= 1;
    let weekBudget = budget;
    if (wantsGrowth && (!best || histKm + best.total <= state.prevLoad + 1e-9)) {
      const widerBudget = Math.max(0, state.prevLoad * (1 + WEEKLY_GROWTH) - 0.05 - histKm);
      const wider = bestLayout(widerBudget);
      if (wider && (!best || wider.total > best.total)) [best, weekBudget] = [wider, widerBudget];
    }
    const slots: Slot[] = (best?.runs ?? []).map((r) => ({ day: addDays(weekStart, r.weekday), weekday: r.weekday, kind: r.long ? 'long' : 'easy', km: r.km }));
    const count = slots.length + histRuns.length;

    // The taper scales each day's run down from the peak pattern, by days before the race.
    if (inTaper && ctx.race && ctx.distance) {
      for (const s of slots) {
        const before = daysBetween(s.day, ctx.race);
        if (before > TAPER_DAYS[ctx.distance]) continue;
        const f = taperFactor(ctx.distance, before);
        if (s.kind === 'long' && before <= 3) {
          s.kind = 'easy';
          s.km = Math.min(s.km, ctx.otherCap);
        }
        s.km = s.kind === 'long' ? Math.min(s.km, peakPattern.long * f) : Math.min(peakPattern.other, ctx.otherCap) * f;
        // The day before the race: a short shake-out at most.
        if (before === 1) s.km = Math.min(s.km, DAY_BEFORE_RACE_KM);
      }
    }

    // Quality sessions on days apart from every hard day.
    const q = adjust.easyOnly ? 0 : qualityCount(ctx, phase, cutback, count, w);
    const kinds = qualityKinds(ctx, phase, w);
    let placed = 0;
    for (const s of [...slots].sort((a, b) => a.weekday - b.weekday)) {
      if (placed >= q || s.kind !== 'easy') continue;
      const near = [addDays(s.day, -1), s.day, addDays(s.day, 1)];
      if (near.some((d) => hardDays.has(d)) || slots.some((o) => o !== s && isHard(o.kind) && Math.abs(daysBetween(o.day, s.day)) <= 1)) continue;
      if (ctx.race && daysBetween(s.day, ctx.race) <= 2) continue;
      s.kind = kinds[placed % kinds.length]!;
      placed += 1;
    }

    // Whole half-km, within the budget; the long run stays the longest and within its share.
    for (const s of slots) s.km = floorHalf(s.km);
    fitWeek(ctx, slots, weekBudget, histKm, histRuns.length);

    const made: Workout[] = [];
    const weekKmNow = histKm + slots.filter((s) => s.km >= MIN_RUN_KM).reduce((t, s) => t + s.km, 0);
    let strides = !adjust.easyOnly && !ctx.injured && (ctx.distance === '5K' || ctx.distance === '10K' || ctx.form.kebugaranFocus === 'Tingkatkan Kecepatan Dasar');
    for (const s of slots) {
      if (s.km < MIN_RUN_KM) continue;
      let kind = s.kind;
      let work: WorkBlock | null = null;
      if (isQuality(kind)) {
        work = qualityWork(ctx, kind, s.km, weekKmNow);
        if (!work) kind = 'easy';
      }
      const withStrides = kind === 'easy' && strides && !(ctx.race && daysBetween(s.day, ctx.race) <= 2);
      if (withStrides) strides = false;
      made.push({ day: s.day, kind, km: s.km, work, pace: paceOf(ctx, kind), phase, strides: withStrides });
      if (isHard(kind)) hardDays.add(s.day);
    }
    if (ctx.race && ctx.distance && ctx.race >= weekStart && ctx.race <= weekEnd && ctx.race >= from && ctx.race <= to) {
      made.push({ day: ctx.race, kind: 'race', km: raceKm(ctx.distance), work: null, pace: paceOf(ctx, 'race'), phase: 'Taper', strides: false, race: ctx.distance });
    }

    const weekKm = histKm + made.filter((m) => m.kind !== 'race').reduce((t, m) => t + m.km, 0);
    const longRunKm = made.filter((m) => m.kind === 'long').reduce((t, m) => Math.max(t, m.km), 0);
    for (const m of made) if (m.kind !== 'race') longest = Math.max(longest, m.km);
    for (const h of histRuns) longest = Math.max(longest, h.km);
    if (longRunKm > 0) lastLong = longRunKm;
    const prevLoad = state.prevLoad;
    const { loading } = advanceLoad(state, weekKm);
    // A full week that cannot hold the runner's old volume on these days and rules starts the
    // count again from what it holds (the old volume no longer is the base to grow from).
    const fullWeek = weekStart >= span.startDay && weekEnd <= to && histRuns.length === 0;
    if (!loading && !cutback && !inTaper && fullWeek && factor >= 1 && weekKm < CUTBACK_SHARE * prevLoad) {
      state.prevLoad = weekKm;
      state.streak = 1;
    }
    if (loading && !inTaper) {
      peakLoad = Math.max(peakLoad, weekKm);
      const otherRuns = made.filter((m) => m.kind !== 'long' && m.kind !== 'race');
      if (longRunKm > 0) peakPattern = { long: longRunKm, other: otherRuns.length ? Math.max(...otherRuns.map((m) => m.km)) : peakPattern.other };
    }
    workouts.push(...made);
    weeks.push({ weekStart, phase, plannedKm: Math.round((weekKm - histKm + (made.some((m) => m.kind === 'race') ? raceKm(ctx.distance!) : 0)) * 10) / 10, longRunKm, recovery: !loading });
  }
  if (ctx.race && ctx.distance) fitFinalWeek(ctx, workouts, history, from, Math.max(peakLoad, ...weeksKm(workouts, history)));
  finalizeWeeks(ctx, workouts, history);
  workouts.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { workouts, weeks };
}

/**
 * The last word on each week, after the taper reshaped some: a long run that is no longer the
 * longest run of its week or over its share becomes an easy run, and every quality session's fast
 * part is measured against the week it really sits in.
 */
function finalizeWeeks(ctx: Context, workouts: Workout[], history: readonly HistoryRun[]): void {
  const weekOf = (w: { day: IsoDay }) => startOfWeek(w.day);
  for (const week of new Set(workouts.map(weekOf))) {
    const mine = workouts.filter((w) => weekOf(w) === week && w.kind !== 'race');
    const hist = history.filter((h) => weekOf(h) === week && h.kind !== 'race');
    const total = mine.reduce((t, w) => t + w.km, 0) + hist.reduce((t, h) => t + h.km, 0);
    const count = mine.length + hist.length;
    for (const long of mine.filter((w) => w.kind === 'long')) {
      const others = [...mine.filter((w) => w !== long).map((w) => w.km), ...hist.map((h) => h.km)];
      if (count >= LONG_SHARE_MIN_RUNS && (others.some((km) => km >= long.km) || long.km > ctx.share * total + 1e-9)) {
        Object.assign(long, { kind: 'easy', work: null, pace: ctx.paces.easy, km: Math.min(long.km, ctx.otherCap) });
      }
    }
    for (const q of mine.filter((w) => isQuality(w.kind))) {
      const work = qualityWork(ctx, q.kind, q.km, total);
      if (!work) Object.assign(q, { kind: 'easy', work: null, pace: ctx.paces.easy });
      else if (workKm(work, q.pace) < workKm(q.work, q.pace)) q.work = work;
    }
  }
}

function phaseOf(ctx: Context, weekIndex: number, weekCount: number): Phase {
  if (ctx.distance) {
    const buildWeeks = weekCount - Math.ceil(TAPER_DAYS[ctx.distance] / 7);
    if (buildWeeks <= 3) return 'Base';
    return weekIndex < Math.max(1, Math.round(buildWeeks * 0.4)) ? 'Base' : 'Build';
  }
  const focus = ctx.form.kebugaranFocus ?? 'Jaga Kebugaran Umum';
  return weekIndex >= 2 && focus !== 'Jaga Kebugaran Umum' ? 'Build' : 'Base';
}

interface Layout {
  runs: { weekday: number; km: number; long: boolean }[];
  total: number;
}

/**
 * A week's runs on `days` (the long-run day first when it is one of them): the long run within
 * its goal, its growth and its share of the week, every other run shorter than it and at least
 * `minRun`, the km spread in half-km units. Null when the days cannot carry a valid week.
 */
function layoutWeek(ctx: Context, days: number[], budget: number, longCap: number, otherCap: number, minRun: number, historyRuns: number, historyKm: number, allowLong: boolean): Layout | null {
  if (days.length === 0) return null;
  const withLong = allowLong && days.includes(ctx.longDay);
  const others = days.filter((d) => !(withLong && d === ctx.longDay));
  const count = days.length + historyRuns;
  const shareOf = count >= LONG_SHARE_MIN_RUNS ? ctx.share : count === 2 ? 0.6 : 1;
  let long = withLong ? floorHalf(Math.min(longCap, shareOf * (budget + historyKm))) : 0;
  if (withLong && long < minRun) return null;
  for (let i = 0; i < 4; i++) {
    const cap = withLong ? Math.min(otherCap, long - 0.5) : otherCap;
    const otherTotal = floorHalf(Math.min(Math.max(0, budget - long), cap * others.length));
    if (others.length > 0 && otherTotal / others.length < minRun - 1e-9) {
      if (!withLong || others.length === 0) return null;
      return null;
    }
    // The long run's share of what the week really holds.
    if (withLong && count >= LONG_SHARE_MIN_RUNS) {
      const allowed = floorHalf((ctx.share / (1 - ctx.share)) * (otherTotal + historyKm));
      if (long > allowed) {
        long = allowed;
        if (long < minRun) return null;
        continue;
      }
    }
    const units = Math.round(otherTotal * 2);
    const order = ctx.dayOrder.filter((d) => others.includes(d));
    const runs = others.map((d) => {
      const i = order.indexOf(d);
      return { weekday: d, km: Math.min(cap, (Math.floor(units / others.length) + (i < units % others.length ? 1 : 0)) / 2), long: false };
    });
    if (withLong) runs.push({ weekday: ctx.longDay, km: long, long: true });
    runs.sort((a, b) => a.weekday - b.weekday);
    return { runs, total: runs.reduce((t, r) => t + r.km, 0) };
  }
  return null;
}

/** The engine's long-run step: the rule's limit, gentler for beginners and injuries. */
function growLong(ctx: Context, longest: number): number {
  return Math.min(allowedRunKm(longest), ctx.gentle ? Math.max(longest * 1.07, longest + 1.5) : Math.max(longest * 1.1, longest + 2));
}

/** Calendar-week km of the plan and its history (race left out). */
function weeksKm(workouts: readonly Workout[], history: readonly HistoryRun[]): number[] {
  const weeks = new Map<IsoDay, number>();
  for (const r of [...workouts, ...history]) if (r.kind !== 'race') weeks.set(startOfWeek(r.day), (weeks.get(startOfWeek(r.day)) ?? 0) + r.km);
  return [...weeks.values()];
}

/**
 * Trims a week to its budget (the biggest run that is not the long run first), then holds the
 * long run to its share of what the week really holds and keeps it the longest run.
 */
function fitWeek(ctx: Context, slots: Slot[], budget: number, historyKm: number, historyRuns: number): void {
  let total = slots.reduce((s, r) => s + r.km, 0);
  while (total > budget + 1e-9 && total > 0) {
    const sorted = slots.filter((r) => r.km > 0).sort((a, b) => Number(a.kind === 'long') - Number(b.kind === 'long') || b.km - a.km);
    const r = sorted[0]!;
    r.km = Math.max(0, r.km - 0.5);
    total -= 0.5;
  }
  const long = slots.find((r) => r.kind === 'long');
  if (!long) return;
  for (let i = 0; i < 3; i++) {
    const counted = slots.filter((r) => r.km >= MIN_RUN_KM);
    const others = counted.filter((r) => r !== long);
    if (counted.length + historyRuns >= LONG_SHARE_MIN_RUNS) {
      const othersKm = historyKm + others.reduce((s, r) => s + r.km, 0);
      long.km = Math.min(long.km, floorHalf((ctx.share / (1 - ctx.share)) * othersKm));
    }
    // The long run is longer than every other run of its week.
    for (const o of others) if (o.km >= long.km) o.km = floorHalf(long.km - 0.5);
  }
  if (long.km < MIN_RUN_KM) long.kind = 'easy';
}

/**
 * The 7 days before the race: 20–60 % below the peak week with at least 2 short runs. Adds short
 * easy runs on free training days when too few, and scales the window into its band.
 */
function fitFinalWeek(ctx: Context, workouts: Workout[], history: readonly HistoryRun[], from: IsoDay, peak: number): void {
  const race = ctx.race!;
  const first = addDays(race, -7);
  const inWindow = () => workouts.filter((w) => w.day >= first && w.day < race && w.kind !== 'race');
  // A window that began before the range (or the plan): only the ceiling is the engine's to keep.
  if (first < from || first < ctx.span.startDay) {
    const known = history.filter((h) => h.day >= first && h.day < race && h.kind !== 'race').reduce((s, h) => s + h.km, 0);
    for (let guard = 0; known + inWindow().reduce((s, w) => s + w.km, 0) > TAPER_MAX_SHARE * peak && guard < 400; guard++) {
      const biggest = inWindow().sort((a, b) => b.km - a.km)[0];
      if (!biggest) break;
      if (biggest.km - 0.5 < MIN_RUN_KM) workouts.splice(workouts.indexOf(biggest), 1);
      else biggest.km -= 0.5;
    }
    return;
  }
  const histKm = history.filter((h) => h.day >= first && h.day < race && h.kind !== 'race').reduce((s, h) => s + h.km, 0);
  const longestLong = Math.max(0, ...workouts.filter((w) => w.kind === 'long').map((w) => w.km));
  const shortMax = Math.max(MIN_RUN_KM, taperShortMaxKm(Math.max(longestLong, ctx.baselineLong), ctx.distance!));
  const easy = (day: IsoDay, km: number): Workout => ({ day, kind: 'easy', km, work: null, pace: ctx.paces.easy, phase: 'Taper', strides: false });
  const isShort = (w: Workout) => w.kind !== 'long' && w.km <= shortMax;

  // No long run in the last 7 days, and every run short: the legs come to the race fresh.
  for (const w of inWindow()) {
    if (w.kind === 'long') Object.assign(w, { kind: 'easy', work: null, pace: ctx.paces.easy });
    w.km = Math.min(w.km, shortMax, ctx.otherCap);
    if (w.work && workKm(w.work, w.pace) + 2 > w.km) Object.assign(w, { kind: 'easy', work: null, pace: ctx.paces.easy });
  }
  // At least two short runs: free training days nearest the middle of the window, not the eve of the race.
  const taken = new Set([...workouts.map((w) => w.day), ...history.map((h) => h.day)]);
  const free = Array.from({ length: 7 }, (_, i) => addDays(first, i))
    .filter((d) => d >= ctx.span.startDay && !taken.has(d) && ctx.days.includes((daysBetween(startOfWeek(d), d) + 7) % 7))
    .sort((a, b) => Math.abs(daysBetween(a, race) - 4) - Math.abs(daysBetween(b, race) - 4));
  while (inWindow().filter(isShort).length < TAPER_MIN_RUNS && free.length > 0) {
    const day = free.shift()!;
    workouts.push(easy(day, Math.min(shortMax, Math.max(MIN_RUN_KM, floorHalf(peak * 0.1)))));
  }
  // Into the band: down when over 80 % of the peak, up (short runs, within their cap) when under 40 %.
  const total = () => histKm + inWindow().reduce((s, w) => s + w.km, 0);
  const high = TAPER_MAX_SHARE * peak;
  const low = TAPER_MIN_SHARE * peak;
  for (let guard = 0; total() > high && guard < 400; guard++) {
    const biggest = inWindow().sort((a, b) => b.km - a.km)[0];
    if (!biggest || biggest.km <= MIN_RUN_KM) break;
    biggest.km -= 0.5;
    if (biggest.work && biggest.km < 2 + (biggest.work.km ?? 0) * biggest.work.reps) {
      biggest.kind = 'easy';
      biggest.work = null;
      biggest.pace = ctx.paces.easy;
    }
  }
  const target = (TAPER_MIN_SHARE + 0.05) * peak;
  for (let guard = 0; total() < target && guard < 400; guard++) {
    const grow = inWindow()
      .filter((w) => w.km + 0.5 <= Math.min(shortMax, ctx.otherCap, daysBetween(w.day, race) > 1 ? Infinity : DAY_BEFORE_RACE_KM + 2))
      .sort((a, b) => a.km - b.km)[0];
    if (!grow) break;
    grow.km += 0.5;
  }
  void low;
}

/** The plan's Indonesian notes: fitness, what makes it gentler, how quality sessions read. */
function notesFor(ctx: Context, span: PlanSpan): string[] {
  const { form, fitness } = ctx;
  const notes: string[] = [];
  const vdot = (Math.round(fitness.vdot * 10) / 10).toLocaleString('id-ID');
  notes.push(
    fitness.source === 'personal-best'
      ? `Kebugaran Anda setara VDOT ${vdot}, dihitung dari catatan waktu terbaik Anda; pace latihan mengikuti angka ini.`
      : `Belum ada catatan waktu terbaik, jadi kebugaran diperkirakan secara hati-hati (VDOT ${vdot}) dari kemampuan, pengalaman, dan jarak mingguan Anda.`,
  );
  notes.push(
    `Volume mingguan naik paling banyak ${Math.round(ctx.growth * 100)}% dari minggu pembebanan sebelumnya, dengan minggu pemulihan (volume lebih ringan) setiap minggu ke-${ctx.streakMax + 1}.`,
  );
  notes.push('Sesi Tempo, Interval, dan Steady sudah termasuk pemanasan dan pendinginan lari santai (minimal 1 km masing-masing); pace yang tertulis adalah pace bagian cepatnya.');
  if (ctx.injured) notes.push('Karena ada riwayat cedera, kenaikan volume dibuat lebih landai, sesi berat dikurangi, dan tidak ada latihan interval. Hentikan latihan bila nyeri muncul kembali.');
  if (form.kemampuanLari === 'Pemula') notes.push('Sebagai pelari pemula, program dimulai ringan dengan kenaikan bertahap dan paling banyak satu sesi berat per minggu. Boleh diselingi jalan kaki bila napas terlalu berat.');
  if (form.hariLatihan.length > ctx.maxRuns) notes.push(`Program memakai paling banyak ${ctx.maxRuns} hari lari per minggu agar tubuh punya waktu pulih; hari lainnya untuk istirahat atau latihan kekuatan ringan.`);
  if (form.jarakMingguan < weeklyBaseline(form)) notes.push(`Program dimulai dari sekitar ${weeklyBaseline(form)} km per minggu, volume aman untuk memulai.`);
  if (ctx.race && ctx.distance) {
    const weeksToRace = daysBetween(span.startDay, ctx.race) / 7;
    if (weeksToRace < 3) notes.push('Waktu menuju race singkat, jadi program berisi lari ringan untuk menjaga kesegaran sebelum race.');
    else notes.push('Volume diturunkan bertahap (tapering) menjelang race agar Anda segar di hari race.');
    const target = form.targetWaktu ? hmsToSeconds(form.targetWaktu) : null;
    if (target && target < fitness.predictions[ctx.distance] * 0.97) notes.push('Target waktu Anda lebih cepat dari perkiraan kemampuan saat ini; pace latihan tetap mengikuti kebugaran Anda sekarang agar aman.');
  }
  return notes;
}

function peakLongOf(ctx: Context, workouts: readonly Workout[], history: readonly HistoryRun[]): number {
  const before = taperStart(ctx.race, ctx.distance);
  const longs = [...workouts, ...history].filter((r) => r.kind === 'long' && (!before || r.day < before)).map((r) => r.km);
  return Math.max(0, ...longs);
}

function completeness(ctx: Context, workouts: readonly Workout[], history: readonly HistoryRun[]): { peakLongKm: number; complete: boolean; shortfall: string | null } {
  const peakLongKm = peakLongOf(ctx, workouts, history);
  if (!ctx.race || !ctx.distance || ctx.requiredLong === null) return { peakLongKm, complete: true, shortfall: null };
  const buildDays = daysBetween(ctx.span.startDay, taperStart(ctx.race, ctx.distance)!);
  // A race within the taper: the runner's own longest run is what they bring to it.
  const reached = buildDays < 7 ? ctx.form.lariTerjauh >= ctx.requiredLong : peakLongKm >= ctx.requiredLong - 1e-9;
  if (!reached) {
    return {
      peakLongKm,
      complete: false,
      shortfall: `long run hanya bisa naik aman sampai ${formatKm(Math.max(peakLongKm, Math.min(ctx.form.lariTerjauh, ctx.requiredLong)))} km sebelum tapering, padahal ${ctx.distance} membutuhkan long run minimal ${formatKm(ctx.requiredLong)} km`,
    };
  }
  const first = addDays(ctx.race, -7);
  if (first >= ctx.span.startDay) {
    const window = workouts.filter((w) => w.day >= first && w.day < ctx.race! && w.kind !== 'race');
    if (window.length < TAPER_MIN_RUNS) return { peakLongKm, complete: false, shortfall: 'hari latihan Anda terlalu sedikit untuk menjaga minimal 2 lari ringan di minggu terakhir sebelum race' };
  }
  return { peakLongKm, complete: true, shortfall: null };
}

const formatKm = (km: number) => (Math.round(km * 10) / 10).toLocaleString('id-ID');

export function buildPlan(form: PlanForm, span: PlanSpan = planSpan(form)): BuiltPlan {
  const ctx = planContext(form, span);
  const { workouts, weeks } = generate(ctx, span, [], {});
  const done = completeness(ctx, workouts, []);
  return {
    runs: workouts.map(renderWorkout),
    workouts,
    weeks,
    fitness: fitnessSummary(ctx.fitness),
    notes: notesFor(ctx, span),
    requiredLongKm: ctx.requiredLong,
    ...done,
  };
}

/**
 * The plan's runs for `range` only (inside `span`), built as buildPlan would build them, adjusted,
 * continuing from `history` (runs before the range: their volume is the base to grow from).
 */
export function rebuildRange(
  form: PlanForm,
  span: PlanSpan,
  range: PlanSpan,
  adjust: PlanAdjustment,
  history: readonly Pick<PlannedRun, 'date' | 'title' | 'program'>[],
): PlannedRun[] {
  return rebuildWorkouts(form, span, range, adjust, history).map(renderWorkout);
}

export function rebuildWorkouts(
  form: PlanForm,
  span: PlanSpan,
  range: PlanSpan,
  adjust: PlanAdjustment,
  history: readonly Pick<PlannedRun, 'date' | 'title' | 'program'>[],
): Workout[] {
  const ctx = planContext(form, span);
  const before = historyFrom(history, ctx.easyPace).filter((r) => r.day < range.startDay);
  return generate(ctx, range, before, adjust).workouts.filter((w) => w.day >= range.startDay && w.day <= range.endDay);
}
