/**
 * The plan as weeks, for 'Ringkasan program' (its phases and weekly volume) and the week view's
 * title: Monday-first weeks from the plan's first run to its last, with planned km (the weekly
 * chart's reading of each program, a half marathon counts 21) and realised km (logged distances).
 */
import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { addDays, daysBetween, isoToLocalDate, startOfWeek, type IsoDay } from '../../../../domain/shared/wire-date';
import { periodizationValues } from '../../../../domain/training-plan/training-plan';
import { plannedChartKm } from '../../../../domain/training-plan/training-program';
import type { DayRun } from './calendar-model';

export type Phase = (typeof periodizationValues)[number];

export interface ProgramWeek {
  /** 1-based, counted from the plan's first week. */
  number: number;
  /** Monday. */
  start: IsoDay;
  /** Sunday. */
  end: IsoDay;
  /** The phase most of the week's runs carry (the earliest phase on a tie); null when none says. */
  phase: Phase | null;
  plannedKm: number;
  doneKm: number;
  runCount: number;
  /** Of `runCount`, the locked AI runs (planned, but without program or km to show). */
  lockedCount: number;
  isCurrent: boolean;
}

/** A plan longer than this many weeks is shown from its last weeks up to here (two years). */
export const MAX_PROGRAM_WEEKS = 104;

const round = (km: number) => Math.round(km * 10) / 10;

export function programWeeks(runs: readonly DayRun[], today: IsoDay): ProgramWeek[] {
  if (runs.length === 0) return [];
  const days = runs.map((r) => r.day).sort();
  let first = startOfWeek(days[0]!);
  const last = startOfWeek(days[days.length - 1]!);
  const count = daysBetween(first, last) / 7 + 1;
  if (count > MAX_PROGRAM_WEEKS) first = addDays(last, -7 * (MAX_PROGRAM_WEEKS - 1));
  const weeks = Array.from({ length: Math.min(count, MAX_PROGRAM_WEEKS) }, (_, i) => {
    const start = addDays(first, 7 * i);
    return { start, end: addDays(start, 6), plannedKm: 0, doneKm: 0, runCount: 0, lockedCount: 0, phases: new Map<Phase, number>() };
  });
  const currentWeek = startOfWeek(today);
  for (const { run, day } of runs) {
    const index = daysBetween(first, startOfWeek(day)) / 7;
    const week = weeks[index];
    if (!week) continue;
    week.runCount += 1;
    // A locked run comes without program, result or phase: it counts as a locked run, adds no km.
    if (run.locked) {
      week.lockedCount += 1;
      continue;
    }
    week.plannedKm += plannedChartKm(run.program);
    week.doneKm += run.trainingdistance ?? 0;
    if (run.periodization) week.phases.set(run.periodization, (week.phases.get(run.periodization) ?? 0) + 1);
  }
  return weeks.map(({ phases, ...week }, i) => {
    let phase: Phase | null = null;
    for (const p of periodizationValues) if ((phases.get(p) ?? 0) > (phase ? phases.get(phase)! : 0)) phase = p;
    return {
      ...week,
      number: i + 1 + (count > MAX_PROGRAM_WEEKS ? count - MAX_PROGRAM_WEEKS : 0),
      phase,
      plannedKm: round(week.plannedKm),
      doneKm: round(week.doneKm),
      isCurrent: week.start === currentWeek,
    };
  });
}

/** A week whose every run is locked: its phase is not the runner's to see, the band says 'Terkunci'. */
export const isLockedWeek = (week: Pick<ProgramWeek, 'runCount' | 'lockedCount'>) => week.lockedCount > 0 && week.lockedCount === week.runCount;

/** Weeks of the same phase side by side (and locked weeks apart), for the phase band under the chart. */
export function phaseSpans(weeks: readonly ProgramWeek[]): { phase: Phase | null; locked: boolean; from: number; length: number }[] {
  const spans: { phase: Phase | null; locked: boolean; from: number; length: number }[] = [];
  weeks.forEach((week, i) => {
    const locked = week.phase === null && isLockedWeek(week);
    const lastSpan = spans[spans.length - 1];
    if (lastSpan && lastSpan.phase === week.phase && lastSpan.locked === locked) lastSpan.length += 1;
    else spans.push({ phase: week.phase, locked, from: i, length: 1 });
  });
  return spans;
}

/** '23 – 29 Nov 2026', '30 Nov – 6 Des 2026', '28 Des 2026 – 3 Jan 2027'. */
export function weekRangeLabel(start: IsoDay): string {
  const end = addDays(start, 6);
  const a = isoToLocalDate(start);
  const b = isoToLocalDate(end);
  const endText = format(b, 'd MMM yyyy', { locale: id });
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${format(a, 'd MMM yyyy', { locale: id })} – ${endText}`;
  if (start.slice(0, 7) !== end.slice(0, 7)) return `${format(a, 'd MMM', { locale: id })} – ${endText}`;
  return `${format(a, 'd', { locale: id })} – ${endText}`;
}

/** Kilometres the Indonesian way: '32', '18,5'. */
export const formatKm = (km: number) => km.toLocaleString('id-ID', { maximumFractionDigits: 1 });
