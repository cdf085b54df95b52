import { addDays, type IsoDay } from '../shared/wire-date';

/** Workout types the calendar colours by, matched in the title in this order (spec §5). */
export const runTypes = ['recovery', 'endurance', 'steady', 'tempo', 'interval', 'race'] as const;
export type RunType = (typeof runTypes)[number] | 'other';

const typePatterns: [Exclude<RunType, 'other'>, RegExp][] = [
  ['recovery', /recovery/i],
  ['endurance', /endurance/i],
  ['steady', /steady/i],
  ['tempo', /tempo/i],
  ['interval', /interval/i],
  ['race', /race\s*day/i],
];

export function runType(title: string): RunType {
  return typePatterns.find(([, pattern]) => pattern.test(title))?.[0] ?? 'other';
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

export const runTypeLabels: Record<RunType, string> = {
  recovery: 'Recovery',
  endurance: 'Endurance',
  steady: 'Steady',
  tempo: 'Tempo',
  interval: 'Interval',
  race: 'Race day',
  other: 'Lainnya',
};

export function runColor(title: string): string {
  return runTypeColors[runType(title)];
}

const SPECIAL_WORDS = /tempo|steady|fartlek|endurance|interval|speed|long|race/i;

/** Heavy workouts: two of them must not fall on the same or adjacent days. */
export function isSpecialRun(title: string): boolean {
  return SPECIAL_WORDS.test(title);
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
export function specialRunConflict(runs: readonly DatedRun[], moving: Pick<DatedRun, '_id' | 'title'>, targetDay: IsoDay): DatedRun | null {
  if (!isSpecialRun(moving.title)) return null;
  const near = new Set([addDays(targetDay, -1), targetDay, addDays(targetDay, 1)]);
  return runs.find((r) => r._id !== moving._id && near.has(r.day) && isSpecialRun(r.title)) ?? null;
}

export const HEAVY_CONFLICT_TITLE = 'Anda akan menempatkan 2 aktivitas berat secara berurutan';
export const HEAVY_CONFLICT_QUESTION = 'Apakah anda yakin ingin melanjutkan?';
