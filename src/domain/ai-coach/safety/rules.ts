/**
 * The safety rules the engine builds by and the checker enforces, in one place so the two cannot
 * drift apart. Distances in km, days as ISO days.
 */
import { raceDistanceKm, type PlanForm, type PlannedRun, type RaceDistance, weekdayNames } from '../contract';
import { parseDuration } from '../../training-plan/pace';
import { plannedDistanceKm } from '../../training-plan/training-program';
import { planDateToIso, startOfWeek, type IsoDay } from '../../shared/wire-date';

/** A run as the rules read it (history may carry only these fields). */
export type RunLike = Pick<PlannedRun, 'date' | 'title' | 'program'>;

/** Weekly volume may rise by this share over the highest week before it… */
export const WEEKLY_GROWTH = 0.1;
/** …or by this many km, whichever is larger (small weeks). */
export const WEEKLY_GROWTH_KM = 3;
/** A run may be at most this share longer than the longest run before it… */
export const LONG_RUN_GROWTH = 0.1;
/** …or this many km longer, whichever is larger. */
export const LONG_RUN_GROWTH_KM = 2;
/** The long run's share of its week, when the week has at least LONG_SHARE_MIN_RUNS runs. */
export const LONG_RUN_SHARE = 0.35;
/**
 * With one or two runs in a week a share cap makes no sense (one run is 100 %): such weeks are
 * held by the absolute rules instead (growth over the longest run before, MAX_RUN_KM).
 */
export const LONG_SHARE_MIN_RUNS = 3;
/** No training run (the race excepted) longer than this: a marathon plan needs no more. */
export const MAX_RUN_KM = 35;
/** The shortest long run we count as the runner's "longest before" when they report less. */
export const MIN_LONGEST_BASELINE_KM = 4;
/** Taper: the 7 days before a half or full marathon hold at most this share of the peak week… */
export const TAPER_LAST_WEEK_SHARE = 0.8;
/** …and for a full marathon the 7 days before those at most this share. */
export const TAPER_SECOND_WEEK_SHARE = 0.9;

/** The weekly volume a plan starts from when the runner reports little or none. */
export const MIN_START_WEEK_KM: Record<PlanForm['kemampuanLari'], number> = { Pemula: 8, Menengah: 10, Mahir: 12 };

export const racePrograms: Record<RaceDistance, string> = { '5K': '(5k)', '10K': '(10k)', 'Half Marathon': '(HM)', 'Full Marathon': '(FM)' };

export function isRaceGoal(form: Pick<PlanForm, 'targetLatihan' | 'tanggalRace' | 'kategoriTargetRace'>): boolean {
  return form.targetLatihan === 'Race Selanjutnya' && !!form.tanggalRace && !!form.kategoriTargetRace;
}

export function raceDay(form: Pick<PlanForm, 'targetLatihan' | 'tanggalRace' | 'kategoriTargetRace'>): IsoDay | null {
  return isRaceGoal(form) ? planDateToIso(form.tanggalRace!) : null;
}

/** An injury history or a beginner: slower growth, fewer hard sessions. */
export function isGentle(form: Pick<PlanForm, 'riwayatCidera' | 'kemampuanLari'>): boolean {
  return form.kemampuanLari === 'Pemula' || form.riwayatCidera.trim() !== '';
}

/** Training days as weekday indices (0 = Monday), sorted. */
export function trainingDayIndices(form: Pick<PlanForm, 'hariLatihan'>): number[] {
  return form.hariLatihan.map((d) => weekdayNames.indexOf(d)).sort((a, b) => a - b);
}

export function longRunDayIndex(form: Pick<PlanForm, 'hariLongRun'>): number {
  return weekdayNames.indexOf(form.hariLongRun);
}

/** The week the runner says they run now, raised to a safe minimum for their ability. */
export function weeklyBaseline(form: Pick<PlanForm, 'jarakMingguan' | 'kemampuanLari'>): number {
  return Math.max(form.jarakMingguan, MIN_START_WEEK_KM[form.kemampuanLari]);
}

export function longestRunBaseline(form: Pick<PlanForm, 'lariTerjauh'>): number {
  return Math.max(form.lariTerjauh, MIN_LONGEST_BASELINE_KM);
}

/** The most a week may hold after a highest previous week of `highest` km. */
export function allowedWeekKm(highest: number): number {
  return Math.max(highest * (1 + WEEKLY_GROWTH), highest + WEEKLY_GROWTH_KM);
}

/** The longest a run may be after a longest previous run of `longest` km. */
export function allowedRunKm(longest: number): number {
  return Math.min(MAX_RUN_KM, Math.max(longest * (1 + LONG_RUN_GROWTH), longest + LONG_RUN_GROWTH_KM));
}

/**
 * A run's distance in km from its program: the written distance, or a written duration at
 * `easyPace` (seconds per km); null when the program says neither.
 */
export function runKm(program: string, easyPace: number): number | null {
  const km = plannedDistanceKm(program);
  if (km !== null) return km;
  const text = program.toLowerCase();
  let seconds = 0;
  for (const m of text.matchAll(/(\d+(?:[.,]\d+)?)\s*(jam|j|h|hr|hrs|menit|mnt|min|mins|minutes?)(?![a-z])/g)) {
    const value = Number(m[1]!.replace(',', '.'));
    seconds += /^(jam|j|h|hr|hrs)$/.test(m[2]!) ? value * 3600 : value * 60;
  }
  const clock = /(\d{1,2}:\d{2}(?::\d{2})?)/.exec(text);
  if (seconds === 0 && clock) seconds = parseDuration(clock[1]!) ?? 0;
  return seconds > 0 ? Math.round((seconds / easyPace) * 10) / 10 : null;
}

export function raceKm(distance: RaceDistance): number {
  return raceDistanceKm[distance];
}

/** The Monday of the week holding a wire date, or null when the date is not one. */
export function weekOf(date: string): IsoDay | null {
  const iso = planDateToIso(date);
  return iso && startOfWeek(iso);
}
