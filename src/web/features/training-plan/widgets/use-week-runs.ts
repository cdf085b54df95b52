/**
 * The dashboard's week: Monday to Sunday of the current Jakarta week, loaded in one request
 * (GET /api/training-plans/range), summarised for the weekly chart and filtered for today's runs.
 */
import { WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES } from '../../../../domain/training-plan/month-grid';
import { planDateToIso, weekDays, type IsoDay } from '../../../../domain/shared/wire-date';
import type { PlanRun } from '../../../../domain/training-plan/contract';
import { plannedChartKm } from '../../../../domain/training-plan/training-program';
import { usePlanRange } from '../training-plan-api';

export interface WeekDaySummary {
  day: IsoDay;
  /** 'Sen' … 'Min' (chart axis). */
  label: string;
  /** 'Senin' … 'Minggu' (the chart's text alternative). */
  name: string;
  plannedKm: number;
  actualKm: number;
}

export interface WeekSummary {
  days: WeekDaySummary[];
  plannedKm: number;
  actualKm: number;
  runCount: number;
}

const round = (km: number) => Math.round(km * 100) / 100;

/** Runs dated on `day` (runs whose date cannot be read are left out). */
export function runsOfDay(runs: readonly PlanRun[], day: IsoDay): PlanRun[] {
  return runs.filter((run) => planDateToIso(run.date) === day);
}

/**
 * Planned km per day from each run's program (a half marathon counts 21) and realised km from logged
 * distances. A locked run comes without its program or result, so it adds nothing to either.
 */
export function summariseWeek(runs: readonly PlanRun[], today: IsoDay): WeekSummary {
  const days = weekDays(today).map((day, i) => {
    const ofDay = runsOfDay(runs, day);
    return {
      day,
      label: WEEKDAY_SHORT_NAMES[i]!,
      name: WEEKDAY_NAMES[i]!,
      plannedKm: round(ofDay.reduce((sum, run) => sum + (run.locked ? 0 : plannedChartKm(run.program)), 0)),
      actualKm: round(ofDay.reduce((sum, run) => sum + (run.locked ? 0 : (run.trainingdistance ?? 0)), 0)),
    };
  });
  return {
    days,
    plannedKm: round(days.reduce((sum, d) => sum + d.plannedKm, 0)),
    actualKm: round(days.reduce((sum, d) => sum + d.actualKm, 0)),
    runCount: days.reduce((n, d) => n + runsOfDay(runs, d.day).length, 0),
  };
}

/** One query for both widgets. */
export function useWeekRuns(today: IsoDay) {
  const days = weekDays(today);
  const query = usePlanRange(days[0]!, days[6]!);
  const runs = query.data?.trainingPlan ?? [];
  return {
    status: query.status,
    refetch: () => void query.refetch(),
    planId: query.data?._id ?? null,
    week: summariseWeek(runs, today),
    todayRuns: runsOfDay(runs, today),
  };
}
