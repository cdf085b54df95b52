import type { FitnessSummary, PlanForm, PlannedRun } from '../ai-coach/contract';
import type { IsoDay } from '../shared/wire-date';

export interface PlanSpan {
  startDay: IsoDay;
  endDay: IsoDay;
}

export interface WeekSummary {
  /** Monday of the week (ISO). */
  weekStart: IsoDay;
  phase: 'Base' | 'Build' | 'Taper';
  plannedKm: number;
  longRunKm: number;
  recovery: boolean;
}

export interface BuiltPlan {
  runs: PlannedRun[];
  weeks: WeekSummary[];
  fitness: FitnessSummary;
  /** Short Indonesian notes for the runner (e.g. why the plan is gentler). */
  notes: string[];
}

/** How a re-planned range differs from the plan as first built (chat, re-evaluation). */
export interface PlanAdjustment {
  /** Multiply the range's volume (0.3–1.5). */
  volumeFactor?: number;
  /** Only easy/recovery runs in the range (illness, injury). */
  easyOnly?: boolean;
  /** Days to leave empty. */
  restDays?: IsoDay[];
}

// SCAFFOLD (the engine helper implements).
/** The plan's first and last day: the start date, and the race day or start + 27 days. */
export function planSpan(_form: PlanForm): PlanSpan {
  throw new Error('not implemented');
}
export function buildPlan(_form: PlanForm, _span: PlanSpan = planSpan(_form)): BuiltPlan {
  throw new Error('not implemented');
}
/**
 * The plan's runs for `range` only (inside `span`), built as buildPlan would build them, adjusted,
 * continuing from `history` (runs before the range: their volume is the base to grow from).
 */
export function rebuildRange(_form: PlanForm, _span: PlanSpan, _range: PlanSpan, _adjust: PlanAdjustment, _history: readonly PlannedRun[]): PlannedRun[] {
  throw new Error('not implemented');
}
