/**
 * Whether a goal can be reached safely in the time the runner gives it, and the inputs that
 * contradict each other (issue 25 §3). Placeholder until the engine's rules land: everything passes.
 */
import type { PlanForm, PlanRefusal } from '../contract';
import type { IsoDay } from '../../shared/wire-date';

export type GoalVerdict = { ok: true; notes: string[] } | { ok: false; refusal: PlanRefusal };

export function assessGoal(_form: PlanForm, _today: IsoDay): GoalVerdict {
  return { ok: true, notes: [] };
}
