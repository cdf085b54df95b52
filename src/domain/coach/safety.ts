import type { PlanForm, PlannedRun } from '../ai-coach/contract';
import type { PlanSpan } from './plan';

export interface SafetyViolation {
  rule: string;
  /** DD-MM-YYYY of the run concerned, when one is. */
  date?: string;
  message: string;
}

// SCAFFOLD (the engine helper implements).
/** Every rule a plan must keep before a runner sees it (issue 11 §1), whoever wrote it. */
export function checkPlan(_runs: readonly PlannedRun[], _form: PlanForm, _span: PlanSpan, _history?: readonly PlannedRun[]): SafetyViolation[] {
  throw new Error('not implemented');
}
/** The candidate repaired so that checkPlan finds nothing, or null when it cannot be. */
export function repairPlan(
  _runs: readonly PlannedRun[],
  _form: PlanForm,
  _span: PlanSpan,
  _history?: readonly PlannedRun[],
): { runs: PlannedRun[]; fixes: string[] } | null {
  throw new Error('not implemented');
}
