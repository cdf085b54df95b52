import { addDays, type IsoDay } from '../shared/wire-date';

/** Workout types the calendar colours by, matched in the title in this order (spec §5). */
export const runTypes = ['recovery', 'endurance', 'steady', 'tempo', 'interval', 'race'] as const;
export type RunType = (typeof runTypes)[number] | 'other';

/** The spec's own words, in the spec's order: a title naming one of them takes its colour. */
const specPatterns: [Exclude<RunType, 'other'>, RegExp][] = [
  ['recovery', /recovery/i],
  ['endurance', /endurance/i],
  ['steady', /steady/i],
  ['tempo', /tempo/i],
  ['interval', /interval/i],
  ['race', /race\s*day/i],
];

/**
 * The common names coaches and plans use for the same workouts (English and Indonesian), read only
 * when no spec word matched, hardest first: 'Easy Long Run' is a long run, 'Fartlek santai' a fartlek.
 */
const commonPatterns: [Exclude<RunType, 'other'>, RegExp][] = [
  ['interval', /speed|repetition|repeats?|\breps?\b|\bvo2|\d+\s*[x×]\s*\d+/i],
  ['tempo', /threshold|fartlek|\blt\b|ambang/i],
  ['steady', /marathon\s*pace|\bmp\b|progressive|progresif/i],
  ['endurance', /\blong\b|lari\s*(?:jauh|panjang)/i],
  ['recovery', /\beasy\b|pemulihan|santai|\bjog/i],
];

/** A run's workout type from its title (spec §5 colours, then the common names above); 'other' when none. */
export function runType(title: string): RunType {
  const match = (patterns: typeof specPatterns) => patterns.find(([, pattern]) => pattern.test(title))?.[0];
  return match(specPatterns) ?? match(commonPatterns) ?? 'other';
}

/** The stored `color` field: a background colour class, as the spec's clients read it. */
export const runTypeColors: Record<RunType, string> = {
  recovery: 'bg-blue-500',
  endurance: 'bg-green-500',
  steady: 'bg-yellow-500',
  tempo: 'bg-orange-500',
  interval: 'bg-red-500',
  race: 'bg-pink-700',
  other: 'bg-gray-500',
};

/** The legend's names: the runners' own (English) training words, Indonesian where they have one. */
export const runTypeLabels: Record<RunType, string> = {
  recovery: 'Easy / Recovery',
  endurance: 'Long run / Endurance',
  steady: 'Steady',
  tempo: 'Tempo',
  interval: 'Interval',
  race: 'Hari lomba',
  other: 'Lainnya',
};

export function runColor(title: string): string {
  return runTypeColors[runType(title)];
}

const SPECIAL_WORDS = /tempo|steady|fartlek|endurance|interval|speed|long|race/i;
/** The coach view's shorter list (spec §5): a coach plans steady and endurance runs next to others on purpose. */
const COACH_SPECIAL_WORDS = /tempo|interval|speed|long|race/i;

/** Whose rules the calendar follows: the runner's own, or a coach planning for a runner. */
export type PlanView = 'runner' | 'coach';

/** Heavy workouts: two of them must not fall on the same or adjacent days. */
export function isSpecialRun(title: string, view: PlanView = 'runner'): boolean {
  return (view === 'coach' ? COACH_SPECIAL_WORDS : SPECIAL_WORDS).test(title);
}

export interface DatedRun {
  _id: string;
  title: string;
  /** ISO day. */
  day: IsoDay;
}

/**
 * Would putting `moving` on `targetDay` place it on the same or an adjacent day as another heavy
 * run? Only heavy runs can conflict; the run itself is ignored where it now stands.
 */
export function specialRunConflict(
  runs: readonly DatedRun[],
  moving: Pick<DatedRun, '_id' | 'title'>,
  targetDay: IsoDay,
  view: PlanView = 'runner',
): DatedRun | null {
  if (!isSpecialRun(moving.title, view)) return null;
  const near = new Set([addDays(targetDay, -1), targetDay, addDays(targetDay, 1)]);
  return runs.find((r) => r._id !== moving._id && near.has(r.day) && isSpecialRun(r.title, view)) ?? null;
}

export const HEAVY_CONFLICT_TITLE = 'Anda akan menempatkan 2 aktivitas berat secara berurutan';
export const HEAVY_CONFLICT_QUESTION = 'Apakah anda yakin ingin melanjutkan?';
