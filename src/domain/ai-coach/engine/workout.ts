/**
 * A planned run as the coach reasons on it (DESIGN.md §1.7): its kind, day, whole distance, the
 * structure of its fast part and that part's pace. The engine builds these and the checker judges
 * them; `title`, `program` and `paceRange` are written from them at the very end. An adapter's
 * plan (strings) is read into them once, at the edge, by `readWorkout`.
 */
import type { PlannedRun, RaceDistance } from '../contract';
import { isoToPlanDate, planDateToIso, type IsoDay } from '../../shared/wire-date';
import { normalisePaceRange, parseDuration, parsePaceRange } from '../../training-plan/pace';
import { runType } from '../../training-plan/run-types';
import { isValidProgram, plannedDistanceKm } from '../../training-plan/training-program';
import { formatPaceBand, type PaceBand } from './paces';
import { plannedRun } from './planned-run';

export const workoutKinds = ['easy', 'recovery', 'long', 'steady', 'tempo', 'interval', 'race'] as const;
export type WorkoutKind = (typeof workoutKinds)[number];
export type Phase = 'Base' | 'Build' | 'Taper';

/** The fast part of a quality session: `reps` × a distance (km) or a duration (minutes). */
export interface WorkBlock {
  reps: number;
  km?: number;
  minutes?: number;
}

export interface Workout {
  day: IsoDay;
  kind: WorkoutKind;
  /** The whole run, warm-up and cool-down included (km, 0.5 km steps); the race distance for a race. */
  km: number;
  /** Quality sessions only: what is run at `pace`. */
  work: WorkBlock | null;
  /** The pace of the fast part (quality), of the race, or of the whole run (easy, long). */
  pace: PaceBand;
  phase: Phase | null;
  /** A few 20-second strides at the end of an easy run. */
  strides: boolean;
  /** Race Day only. */
  race?: RaceDistance;
}

export const QUALITY_KINDS: readonly WorkoutKind[] = ['steady', 'tempo', 'interval'];
export const isQuality = (kind: WorkoutKind) => QUALITY_KINDS.includes(kind);
/** Hard days (never two on the same or adjacent days): quality, long runs and the race. */
export const isHard = (kind: WorkoutKind) => isQuality(kind) || kind === 'long' || kind === 'race';

/** The km of the fast part, a duration converted at the pace band's middle. */
export function workKm(work: WorkBlock | null, pace: PaceBand): number {
  if (!work) return 0;
  if (work.km !== undefined) return work.reps * work.km;
  return (work.reps * (work.minutes ?? 0) * 60) / ((pace.fast + pace.slow) / 2);
}

/** The minutes of the fast part, a distance converted at the pace band's middle. */
export function workMinutes(work: WorkBlock | null, pace: PaceBand): number {
  if (!work) return 0;
  if (work.minutes !== undefined) return work.reps * work.minutes;
  return (work.reps * (work.km ?? 0) * ((pace.fast + pace.slow) / 2)) / 60;
}

// ---- Writing ----

const decimal = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');
/** "10", "6.5" in a program (the stored format parses a dot or a comma). */
const programKm = (n: number) => String(Math.round(n * 10) / 10);

/** "3 × 1,6 km", "5 × 1000 m" (intervals in metres), "20 menit", "2 × 10 menit", "8 km". */
export function describeWork(work: WorkBlock, inMetres = false): string {
  const size = work.minutes !== undefined ? `${decimal(work.minutes)} menit` : inMetres ? `${Math.round(work.km! * 1000)} m` : `${decimal(work.km!)} km`;
  return work.reps === 1 ? size : `${work.reps} × ${size}`;
}

const titles: Record<Exclude<WorkoutKind, 'steady' | 'tempo' | 'interval'>, string> = {
  easy: 'Easy Run',
  recovery: 'Recovery Run',
  long: 'Endurance Long Run',
  race: 'Race Day',
};
const qualityNames: Record<'steady' | 'tempo' | 'interval', string> = { steady: 'Steady', tempo: 'Tempo', interval: 'Interval' };

export function workoutTitle(w: Pick<Workout, 'kind' | 'work' | 'strides'>): string {
  if (w.kind === 'steady' || w.kind === 'tempo' || w.kind === 'interval') return `${qualityNames[w.kind]} ${describeWork(w.work!, w.kind === 'interval')}`;
  if (w.kind === 'easy' && w.strides) return 'Easy Run + Strides';
  return titles[w.kind];
}

const racePrograms: Record<RaceDistance, string> = { '5K': '(5k)', '10K': '(10k)', 'Half Marathon': '(HM)', 'Full Marathon': '(FM)' };

/** The stored run (spec §3): title from the kind and structure, the whole distance, the fast part's pace. */
export function renderWorkout(w: Workout): PlannedRun {
  const program = w.kind === 'race' && w.race ? racePrograms[w.race] : `(${programKm(w.km)}k)`;
  return plannedRun({ day: w.day, title: workoutTitle(w), program, paceRange: formatPaceBand(w.pace), periodization: w.phase ?? undefined });
}

// ---- Reading (an adapter's strings, once) ----

export type ReadProblem = 'date' | 'title' | 'structure' | 'program' | 'pace';

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const UNIT = String.raw`(km|k|m|meter|menit|mnt|min|mins|minutes?)`;
const REPEATS = new RegExp(String.raw`(\d+)\s*[x×]\s*${NUMBER}\s*${UNIT}(?![a-z])`, 'i');
const SINGLE = new RegExp(String.raw`${NUMBER}\s*${UNIT}(?![a-z])`, 'i');

function block(reps: number, amount: string, unit: string): WorkBlock | null {
  const value = Number(amount.replace(',', '.'));
  if (!Number.isFinite(value) || value <= 0 || reps < 1 || reps > 50) return null;
  const u = unit.toLowerCase();
  if (u === 'km' || u === 'k') return { reps, km: value };
  if (u === 'm' || u === 'meter') return { reps, km: value / 1000 };
  return { reps, minutes: value };
}

/** The structure a title states ("Tempo 3 × 1,6 km", "Interval 5x1000m", "Tempo 20 menit"), or null. */
export function readWorkBlock(title: string): WorkBlock | null {
  const repeats = REPEATS.exec(title);
  if (repeats) return block(Number(repeats[1]), repeats[2]!, repeats[3]!);
  const single = SINGLE.exec(title);
  return single ? block(1, single[1]!, single[2]!) : null;
}

export function kindOfTitle(title: string): WorkoutKind | null {
  switch (runType(title)) {
    case 'recovery':
      return /recovery|pemulihan/i.test(title) ? 'recovery' : 'easy';
    case 'endurance':
      return 'long';
    case 'steady':
      return 'steady';
    case 'tempo':
      return 'tempo';
    case 'interval':
      return 'interval';
    case 'race':
      return 'race';
    default:
      return null;
  }
}

/** A program's whole distance: the written km, or a written duration at `easyPace`; null when neither. */
export function programKmOf(program: string, easyPace: number): number | null {
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

export type ReadResult = { ok: true; workout: Workout } | { ok: false; problem: ReadProblem; message: string };

/**
 * An adapter's run as a Workout. `easyPace` converts a duration program to km. A quality title
 * without its structure, a title of no known kind, an unreadable program or pace are problems.
 */
export function readWorkout(run: Pick<PlannedRun, 'date' | 'title' | 'program' | 'paceRange' | 'periodization'>, easyPace: number, raceDistance: RaceDistance | null): ReadResult {
  const day = planDateToIso(run.date);
  if (!day) return { ok: false, problem: 'date', message: `Tanggal "${run.date}" bukan tanggal DD-MM-YYYY yang valid.` };
  const kind = kindOfTitle(run.title);
  if (!kind) return { ok: false, problem: 'title', message: `Judul "${run.title}" tidak memakai jenis latihan yang dikenal (Easy, Recovery, Long Run, Steady, Tempo, Interval, Race Day).` };
  const work = isQuality(kind) ? readWorkBlock(run.title) : null;
  if (isQuality(kind) && !work) return { ok: false, problem: 'structure', message: `Sesi "${run.title}" tidak menyebut strukturnya (misalnya 'Tempo 3 × 1,6 km', 'Tempo 20 menit', 'Interval 5 × 1000 m').` };
  const km = kind === 'race' ? (raceDistance ? plannedDistanceKm(racePrograms[raceDistance]) : plannedDistanceKm(run.program)) : programKmOf(run.program, easyPace);
  if (!isValidProgram(run.program) || run.program.trim() === '' || km === null || km <= 0) {
    return { ok: false, problem: 'program', message: `Program "${run.program}" tidak menyebut jarak atau durasi yang valid.` };
  }
  const normalised = normalisePaceRange(run.paceRange);
  const band = normalised ? parsePaceRange(normalised) : null;
  if (!band) return { ok: false, problem: 'pace', message: `Pace "${run.paceRange}" tidak valid.` };
  return {
    ok: true,
    workout: {
      day,
      kind,
      km,
      work,
      pace: { fast: band[0], slow: band[1] },
      phase: run.periodization ?? null,
      strides: kind === 'easy' && /strides?/i.test(run.title),
      ...(kind === 'race' && raceDistance ? { race: raceDistance } : {}),
    },
  };
}

/** DD-MM-YYYY of a workout, for messages. */
export const workoutDate = (w: Pick<Workout, 'day'>) => isoToPlanDate(w.day);
