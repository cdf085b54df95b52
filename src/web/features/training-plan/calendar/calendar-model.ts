/**
 * Pure helpers of the Kalender Latihan view: grouping runs by day, the upcoming list, moves
 * (what a drop means), keyboard steps between days and Indonesian date labels.
 */
import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { addDays, isoToLocalDate, planDateToIso, type IsoDay } from '../../../../domain/shared/wire-date';
import { specialRunConflict, type DatedRun } from '../../../../domain/training-plan/run-types';
import type { PlanRun, Run } from '../../../../domain/training-plan/contract';
import type { SubscriptionStatus } from '../../../../domain/subscriptions/subscription';

/**
 * A run with its ISO day (runs whose date cannot be read are left out of the calendar). The run is
 * whole, or the stub the server sends for a locked AI run: the server alone decides what is locked.
 */
export interface DayRun {
  run: PlanRun;
  day: IsoDay;
}

export function datedRuns(runs: readonly PlanRun[]): DayRun[] {
  return runs.flatMap((run) => {
    const day = planDateToIso(run.date);
    return day ? [{ run, day }] : [];
  });
}

/** Runs per ISO day, in plan order within a day. */
export function runsByDay(runs: readonly DayRun[]): Map<IsoDay, PlanRun[]> {
  const map = new Map<IsoDay, PlanRun[]>();
  for (const { run, day } of runs) {
    const list = map.get(day);
    if (list) list.push(run);
    else map.set(day, [run]);
  }
  return map;
}

/** 'Latihan mendatang': runs from `today` onward, by date (plan order within a day). */
export function upcomingRuns(runs: readonly DayRun[], today: IsoDay): DayRun[] {
  return runs
    .map((r, index) => ({ ...r, index }))
    .filter((r) => r.day >= today)
    .sort((a, b) => (a.day === b.day ? a.index - b.index : a.day < b.day ? -1 : 1))
    .map(({ run, day }) => ({ run, day }));
}

/** How many runs are open and how many locked, counted apart ('Latihan mendatang', 'Ringkasan program'). */
export function countRuns(runs: readonly { run: PlanRun }[]): { open: number; locked: number } {
  const locked = runs.filter(({ run }) => run.locked).length;
  return { open: runs.length - locked, locked };
}

/** '12 latihan · 28 terkunci', or '12 latihan' when nothing is locked. */
export function runCountLabel({ open, locked }: { open: number; locked: number }): string {
  return locked > 0 ? `${open} latihan · ${locked} terkunci` : `${open} latihan`;
}

/** Whose lock a tapped locked run explains: the runner's own (with their access end), or a coach's view of a runner's. */
export type LockViewer = { view: 'runner'; accessEnd: IsoDay | null; status: SubscriptionStatus } | { view: 'coach' };

/**
 * Why a locked run is locked, in one sentence (the rule is the server's: an AI run dated after the
 * plan owner's access end, or every AI run without access). The coach sees it about their runner.
 */
export function lockedRunReason(day: IsoDay, viewer: LockViewer): string {
  const when = longDayLabel(day);
  if (viewer.view === 'coach') return `Latihan dari AI Coach pada ${when} jatuh setelah langganan pelari berakhir, jadi isinya tertutup.`;
  if (viewer.accessEnd === null) return `Latihan dari AI Coach pada ${when} terkunci karena kamu belum memiliki langganan aktif.`;
  const what = viewer.status === 'trialing' ? 'uji coba gratismu' : 'langgananmu';
  return `Latihan dari AI Coach pada ${when} jatuh setelah ${what} berakhir (${format(isoToLocalDate(viewer.accessEnd), 'd MMMM yyyy', { locale: id })}).`;
}

/** A run's title for rules that read it (heavy runs); a locked run shows none. */
export const titleOf = (run: PlanRun): string => (run.locked ? '' : run.title);

/** 'Sen, 24 Nov'. */
export function shortDayLabel(iso: IsoDay): string {
  return format(isoToLocalDate(iso), 'EEE, d MMM', { locale: id });
}

/** 'Senin, 24 November 2026'. */
export function longDayLabel(iso: IsoDay): string {
  return format(isoToLocalDate(iso), 'EEEE, d MMMM yyyy', { locale: id });
}

export type MoveDecision =
  | { kind: 'ignore' }
  | { kind: 'move'; day: IsoDay }
  | { kind: 'confirm'; day: IsoDay; conflict: DatedRun };

/**
 * What dropping `moving` (now on `fromDay`) onto `targetDay` means (spec §4 Moving a run): the
 * same day or a day outside the displayed month does nothing; a heavy run next to another heavy
 * run asks first; anything else moves at once.
 */
export function decideMove(
  runs: readonly DayRun[],
  moving: Pick<Run, '_id' | 'title'>,
  fromDay: IsoDay,
  targetDay: IsoDay | null,
  displayedMonth: string,
  view: 'runner' | 'coach' = 'runner',
): MoveDecision {
  if (!targetDay || targetDay === fromDay || !targetDay.startsWith(`${displayedMonth}-`)) return { kind: 'ignore' };
  const conflict = specialRunConflict(
    runs.map(({ run, day }) => ({ _id: run._id, title: titleOf(run), day })),
    moving,
    targetDay,
    view,
  );
  return conflict ? { kind: 'confirm', day: targetDay, conflict } : { kind: 'move', day: targetDay };
}

/** 'YYYY-MM' of a displayed month. */
export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
const steps: Record<ArrowKey, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function isArrowKey(code: string): code is ArrowKey {
  return code in steps;
}

/** The day a keyboard drag moves to from `day`; it stays put at the edge of the displayed month. */
export function keyboardStep(day: IsoDay, key: ArrowKey, displayedMonth: string): IsoDay {
  const next = addDays(day, steps[key]);
  return next.startsWith(`${displayedMonth}-`) ? next : day;
}
