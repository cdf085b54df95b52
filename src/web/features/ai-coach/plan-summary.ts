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

/** Groups a draft's runs by week from its start date to its end date (runs outside are ignored). */
export function summarizePlan(plan: { trainingPlan: readonly PlannedRun[]; startDate: string; endDate: string }): PlanSummary {
  const start = planDateToIso(plan.startDate);
  const end = planDateToIso(plan.endDate);
  if (!start || !end || end < start) return { weeks: [], totalKm: 0, maxWeekKm: 0, runCount: 0 };
  const dated = plan.trainingPlan
    .flatMap((run) => {
      const day = planDateToIso(run.date);
      return day && day >= start && day <= end ? [{ day, run, km: plannedDistanceKm(run.program) }] : [];
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
    return { number: i + 1, from, to, phase: mainPhase(runs), km: round1(runs.reduce((sum, r) => sum + (r.km ?? 0), 0)), runs };
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
  return runs.filter((run) => {
    const day = planDateToIso(run.date);
    return day === null ? run.generatedby === 'ai' : isRunLocked({ generatedby: run.generatedby, day }, accessEnd);
  }).length;
}
