/**
 * The week-by-week reading of a generated plan for 'Hasil Program AI': each Monday-to-Sunday week
 * of the programme with its phase, planned kilometres and runs.
 */
import type { PlannedRun } from '../../../domain/ai-coach/contract';
import { addDays, daysBetween, planDateToIso, startOfWeek, type IsoDay } from '../../../domain/shared/wire-date';
import { isRunLocked, periodizationValues } from '../../../domain/training-plan/training-plan';
import { plannedDistanceKm } from '../../../domain/training-plan/training-program';

export type Phase = (typeof periodizationValues)[number];

export interface SummaryRun {
  day: IsoDay;
  run: PlannedRun;
  /** Planned km from the program, null when it names none (a run by time). */
  km: number | null;
  /** Once saved, the paywall will lock it (an AI run dated after the runner's access end). */
  locked: boolean;
}

export interface WeekSummary {
  /** 1 for the week holding the start date. */
  number: number;
  /** The week's days inside the programme (the first and last weeks may be short). */
  from: IsoDay;
  to: IsoDay;
  /** The phase most of its runs carry. */
  phase: Phase | null;
  km: number;
  runs: SummaryRun[];
  /** How many of its runs will be locked once saved (0 in a coach's view: nothing locks there). */
  lockedRuns: number;
}

export interface PlanSummary {
  weeks: WeekSummary[];
  totalKm: number;
  /** The biggest week's km (the bars' scale). */
  maxWeekKm: number;
  runCount: number;
}

const round1 = (km: number) => Math.round(km * 10) / 10;

function mainPhase(runs: readonly SummaryRun[]): Phase | null {
  const counts = new Map<Phase, number>();
  for (const { run } of runs) if (run.periodization) counts.set(run.periodization, (counts.get(run.periodization) ?? 0) + 1);
  let best: Phase | null = null;
  for (const phase of periodizationValues) if ((counts.get(phase) ?? 0) > (best ? counts.get(best)! : 0)) best = phase;
  return best;
}

/** The plan's own rule (isRunLocked), with an unreadable date locked as the plan reads it. */
function willLock(run: PlannedRun, day: IsoDay | null, accessEnd: IsoDay): boolean {
  return day === null ? run.generatedby === 'ai' : isRunLocked({ generatedby: run.generatedby, day }, accessEnd);
}

/**
 * Groups a draft's runs by week from its start date to its end date (runs outside are ignored).
 * With the runner's `accessEnd` (the last day their trial or subscription covers), each run and
 * week also says what the paywall will lock once the plan is saved; without it nothing locks.
 */
export function summarizePlan(
  plan: { trainingPlan: readonly PlannedRun[]; startDate: string; endDate: string },
  { accessEnd = null }: { accessEnd?: IsoDay | null } = {},
): PlanSummary {
  const start = planDateToIso(plan.startDate);
  const end = planDateToIso(plan.endDate);
  if (!start || !end || end < start) return { weeks: [], totalKm: 0, maxWeekKm: 0, runCount: 0 };
  const dated = plan.trainingPlan
    .flatMap((run) => {
      const day = planDateToIso(run.date);
      return day && day >= start && day <= end ? [{ day, run, km: plannedDistanceKm(run.program), locked: accessEnd !== null && willLock(run, day, accessEnd) }] : [];
    })
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));

  const firstMonday = startOfWeek(start);
  const weekCount = Math.floor(daysBetween(firstMonday, end) / 7) + 1;
  const weeks: WeekSummary[] = Array.from({ length: weekCount }, (_, i) => {
    const monday = addDays(firstMonday, i * 7);
    const from = monday < start ? start : monday;
    const sunday = addDays(monday, 6);
    const to = sunday > end ? end : sunday;
    const runs = dated.filter((r) => r.day >= from && r.day <= to);
    return {
      number: i + 1,
      from,
      to,
      phase: mainPhase(runs),
      km: round1(runs.reduce((sum, r) => sum + (r.km ?? 0), 0)),
      runs,
      lockedRuns: runs.filter((r) => r.locked).length,
    };
  });
  return {
    weeks,
    totalKm: round1(weeks.reduce((sum, w) => sum + w.km, 0)),
    maxWeekKm: Math.max(0, ...weeks.map((w) => w.km)),
    runCount: dated.length,
  };
}

/**
 * How many of a draft's runs the paywall will lock once saved: the plan's own rule (isRunLocked, AI
 * runs dated after the owner's access end), and an unreadable date locked as the plan reads it.
 */
export function lockedRunCount(runs: readonly PlannedRun[], accessEnd: IsoDay): number {
  return runs.filter((run) => willLock(run, planDateToIso(run.date), accessEnd)).length;
}

/** Whether a week of the preview stays open, locks in part (the access end falls inside it) or locks whole. */
export type WeekLock = 'open' | 'partial' | 'locked';

export function weekLock(week: Pick<WeekSummary, 'runs' | 'lockedRuns' | 'from'>, accessEnd: IsoDay | null): WeekLock {
  if (week.lockedRuns > 0) return week.lockedRuns === week.runs.length ? 'locked' : 'partial';
  // A rest week after the access end is past it all the same.
  return accessEnd !== null && week.runs.length === 0 && week.from > accessEnd ? 'locked' : 'open';
}

/** 'Minggu 3–10', 'Minggu 9': the weeks holding runs that will lock (they follow one another: the lock is a date). */
export function lockedWeeksLabel(weeks: readonly WeekSummary[]): string | null {
  const numbers = weeks.filter((w) => w.lockedRuns > 0).map((w) => w.number);
  if (numbers.length === 0) return null;
  const first = numbers[0]!;
  const last = numbers[numbers.length - 1]!;
  return first === last ? `Minggu ${first}` : `Minggu ${first}–${last}`;
}

/** The day the calendar should open on after Simpan: the draft's first run (its start date when it has none). */
export function firstPlanDay(plan: { trainingPlan: readonly PlannedRun[]; startDate: string }): IsoDay | null {
  const days = plan.trainingPlan.map((run) => planDateToIso(run.date)).filter((day): day is IsoDay => day !== null);
  if (days.length === 0) return planDateToIso(plan.startDate);
  return days.reduce((a, b) => (b < a ? b : a));
}
