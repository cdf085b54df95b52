/**
 * The rules a plan a running coach would sign keeps (issue 25 §2), in one place: the engine builds
 * by them, the checker holds every plan (the engine's, an LLM's, a chat change, the two-weekly
 * re-evaluation) to them, and the feasibility check asks whether they can reach a goal in time.
 * Distances in km, paces in seconds per km, days as ISO days.
 */
import { raceDistanceKm, weekdayNames, type PlanForm, type RaceDistance } from '../contract';
import { planDateToIso, type IsoDay } from '../../shared/wire-date';

export type Ability = PlanForm['kemampuanLari'];

// ---- Weekly volume ----
/** A loading week holds at most this much more than the loading week before it. */
export const WEEKLY_GROWTH = 0.1;
/** The engine's own step: under the rule, so a fortnight done well (the re-evaluation) has room to add. */
export const ENGINE_WEEKLY_GROWTH = 0.08;
/** The engine's step for beginners and injury histories: slower, never flat. */
export const GENTLE_WEEKLY_GROWTH = 0.07;
/** A week at most this share of the previous loading week is a cut-back week. */
export const CUTBACK_SHARE = 0.9;
/** The engine's cut-back: this share of the previous loading week. */
export const ENGINE_CUTBACK = 0.78;
/** At most this many loading weeks in a row: a cut-back week every 3rd–4th week. */
export const MAX_LOADING_STREAK = 3;
/** The engine's streak for beginners and injury histories (a cut-back every 3rd week). */
export const GENTLE_LOADING_STREAK = 2;
/** A plan of this many weeks before its taper must grow… */
export const GROWTH_MIN_WEEKS = 8;
/** …its biggest week at least this much over where the runner starts… */
export const MIN_PLAN_GROWTH = 0.05;
/** …unless the first week already holds this share of the peak the goal needs. */
export const AT_PEAK_SHARE = 0.9;

/** Where a plan starts when the runner reports little or nothing: 3 short runs. */
export const MIN_START_WEEK_KM: Record<Ability, number> = { Pemula: 6, Menengah: 10, Mahir: 12 };
/** The shortest "longest run" we start from (a runner who reports none can run 3 km with walk breaks). */
export const MIN_LONGEST_BASELINE_KM = 3;

// ---- Runs ----
/** The shortest run worth a day in the calendar. */
export const MIN_RUN_KM = 2;
/** Runs per week: beginners keep rest days. */
export const MAX_RUNS_PER_WEEK: Record<Ability, number> = { Pemula: 5, Menengah: 6, Mahir: 7 };
/** The longest run other than the long run (a quality session counts its warm-up and cool-down). */
export const MAX_OTHER_RUN_KM: Record<Ability, number> = { Pemula: 12, Menengah: 16, Mahir: 20 };
/** A run may be at most this share longer than the longest run before it… */
export const RUN_GROWTH = 0.1;
/** …or this many km longer, whichever is larger. */
export const RUN_GROWTH_KM = 2;

// ---- The long run ----
/** The long run's share of its week (weeks of LONG_SHARE_MIN_RUNS runs or more). */
export const LONG_RUN_SHARE = 0.35;
export const BEGINNER_LONG_RUN_SHARE = 0.4;
/** With fewer runs a share means nothing (one run is 100 %): the absolute rules hold those weeks. */
export const LONG_SHARE_MIN_RUNS = 3;
/** The long run at easy pace lasts at most about 3 hours. */
export const LONG_RUN_MAX_MINUTES = 180;
/** The checker's "about": a few minutes of rounding. */
export const LONG_RUN_MINUTES_SLACK = 6;

/** How far the long run builds before the taper, per goal: [least a coach accepts, most]. */
export const LONG_RUN_PEAK: Record<RaceDistance, { min: number; max: number }> = {
  // 5K/10K: no distance-specific minimum beyond being able to cover most of the race.
  '5K': { min: 3, max: 16 },
  '10K': { min: 6, max: 20 },
  'Half Marathon': { min: 16, max: 22 },
  'Full Marathon': { min: 28, max: 35 },
};
/** What the engine aims for, per ability (within LONG_RUN_PEAK). */
export const LONG_RUN_GOAL: Record<RaceDistance, Record<Ability, number>> = {
  '5K': { Pemula: 7, Menengah: 11, Mahir: 14 },
  '10K': { Pemula: 11, Menengah: 15, Mahir: 18 },
  'Half Marathon': { Pemula: 16, Menengah: 19, Mahir: 21 },
  'Full Marathon': { Pemula: 28, Menengah: 30, Mahir: 32 },
};
/** The weekly volume the engine aims for, per goal and ability (raised when the long run needs more). */
export const WEEK_GOAL: Record<RaceDistance, Record<Ability, number>> = {
  '5K': { Pemula: 18, Menengah: 32, Mahir: 50 },
  '10K': { Pemula: 25, Menengah: 40, Mahir: 60 },
  'Half Marathon': { Pemula: 40, Menengah: 52, Mahir: 65 },
  'Full Marathon': { Pemula: 70, Menengah: 85, Mahir: 95 },
};
/** A fitness programme's long run stays at most this long. */
export const FITNESS_LONG_RUN_MAX = 21;

// ---- Quality sessions (Daniels) ----
/** Threshold work per session: at most the larger of this share of the week… */
export const THRESHOLD_WEEK_SHARE = 0.1;
/** …and this many minutes. */
export const THRESHOLD_MINUTES = 20;
/** Interval work per session: at most the smaller of this share of the week… */
export const INTERVAL_WEEK_SHARE = 0.08;
/** …and this many km. */
export const INTERVAL_MAX_KM = 10;
/** Marathon-pace (steady) work per session: at most the larger of this share of the week… */
export const STEADY_WEEK_SHARE = 0.2;
/** …and this many minutes, and never more than STEADY_MAX_KM. */
export const STEADY_MINUTES = 30;
export const STEADY_MAX_KM = 18;
/** Hard sessions (quality) per week besides the long run. */
export const MAX_QUALITY_PER_WEEK = 2;
export const GENTLE_MAX_QUALITY_PER_WEEK = 1;

// ---- Taper ----
/** The 7 days before the race hold 20–60 % less than the peak week… */
export const TAPER_MIN_SHARE = 0.4;
export const TAPER_MAX_SHARE = 0.8;
/** …and at least this many short runs. */
export const TAPER_MIN_RUNS = 2;
/** A short run in the taper: at most this share of the plan's longest long run. */
export const TAPER_SHORT_SHARE = 0.6;
/** The longest run that still counts as short in the taper: 60 % of the plan's longest long run, or the race itself up to 8 km. */
export function taperShortMaxKm(longestLong: number, distance: RaceDistance): number {
  return floorHalf(Math.max(TAPER_SHORT_SHARE * longestLong, Math.min(raceDistanceKm[distance], 8)));
}
/** Days of taper before each race. */
export const TAPER_DAYS: Record<RaceDistance, number> = { '5K': 7, '10K': 7, 'Half Marathon': 14, 'Full Marathon': 21 };

// ---- Goals ----
/** The youngest age we plan a race distance for (under it a coach picks a shorter race). */
export const MIN_AGE: Record<RaceDistance, number> = { '5K': 10, '10K': 12, 'Half Marathon': 16, 'Full Marathon': 18 };

export const racePrograms: Record<RaceDistance, string> = { '5K': '(5k)', '10K': '(10k)', 'Half Marathon': '(HM)', 'Full Marathon': '(FM)' };

export function isRaceGoal(form: Pick<PlanForm, 'targetLatihan' | 'tanggalRace' | 'kategoriTargetRace'>): boolean {
  return form.targetLatihan === 'Race Selanjutnya' && !!form.tanggalRace && !!form.kategoriTargetRace;
}

export function raceDay(form: Pick<PlanForm, 'targetLatihan' | 'tanggalRace' | 'kategoriTargetRace'>): IsoDay | null {
  return isRaceGoal(form) ? planDateToIso(form.tanggalRace!) : null;
}

export function raceKm(distance: RaceDistance): number {
  return raceDistanceKm[distance];
}

/** An injury history or a beginner: slower growth, fewer hard sessions. */
export function isGentle(form: Pick<PlanForm, 'riwayatCidera' | 'kemampuanLari'>): boolean {
  return form.kemampuanLari === 'Pemula' || form.riwayatCidera.trim() !== '';
}

export function longRunShare(ability: Ability): number {
  return ability === 'Pemula' ? BEGINNER_LONG_RUN_SHARE : LONG_RUN_SHARE;
}

/** Training days as weekday indices (0 = Monday), sorted. */
export function trainingDayIndices(form: Pick<PlanForm, 'hariLatihan'>): number[] {
  return form.hariLatihan.map((d) => weekdayNames.indexOf(d)).sort((a, b) => a - b);
}

export function longRunDayIndex(form: Pick<PlanForm, 'hariLongRun'>): number {
  return weekdayNames.indexOf(form.hariLongRun);
}

/** The week the plan grows from: what the runner runs now, raised to a safe minimum for their ability. */
export function weeklyBaseline(form: Pick<PlanForm, 'jarakMingguan' | 'kemampuanLari'>): number {
  return Math.max(form.jarakMingguan, MIN_START_WEEK_KM[form.kemampuanLari]);
}

export function longestRunBaseline(form: Pick<PlanForm, 'lariTerjauh'>): number {
  return Math.max(form.lariTerjauh, MIN_LONGEST_BASELINE_KM);
}

/** The most a loading week may hold after a loading week of `previous` km. */
export function allowedWeekKm(previous: number): number {
  return previous * (1 + WEEKLY_GROWTH);
}

/** The longest a run may be after a longest previous run of `longest` km. */
export function allowedRunKm(longest: number): number {
  return Math.max(longest * (1 + RUN_GROWTH), longest + RUN_GROWTH_KM);
}

/** The longest long run an easy pace (s/km, the easy band's middle) allows in about 3 hours. */
export function longRunTimeCapKm(easyPace: number): number {
  return Math.floor(((LONG_RUN_MAX_MINUTES * 60) / easyPace) * 2) / 2;
}

/** The long run a race needs before its taper, for a runner of this easy pace. */
export function requiredLongRunKm(distance: RaceDistance, easyPace: number): number {
  return Math.min(LONG_RUN_PEAK[distance].min, longRunTimeCapKm(easyPace));
}

/**
 * The most a threshold session may hold, in km, in a week of `weekKm`; `pace` converts the 20
 * minutes (the checker uses the band's middle, the engine its slow end to stay inside).
 */
export function thresholdLimitKm(weekKm: number, pace: number): number {
  return Math.max(THRESHOLD_WEEK_SHARE * weekKm, (THRESHOLD_MINUTES * 60) / pace);
}

export function intervalLimitKm(weekKm: number): number {
  return Math.min(INTERVAL_WEEK_SHARE * weekKm, INTERVAL_MAX_KM);
}

export function steadyLimitKm(weekKm: number, pace: number): number {
  return Math.min(STEADY_MAX_KM, Math.max(STEADY_WEEK_SHARE * weekKm, (STEADY_MINUTES * 60) / pace));
}

/** Distances in the plan's 0.5 km steps, rounded down (a plan never rounds a run up past a limit). */
export function floorHalf(km: number): number {
  return Math.floor(km * 2 + 1e-9) / 2;
}
