import type { Modification, PlanForm, PlannedRun } from '../ai-coach/contract';
import type { IsoDay } from '../shared/wire-date';
import type { Run } from '../training-plan/contract';

export class ModificationError extends Error {}

// SCAFFOLD (the chat helper implements).
export function applyModifications(_input: { form: PlanForm | null; plan: Run[]; modifications: Modification[]; today: IsoDay }): {
  runs: PlannedRun[];
  startDay: IsoDay;
  endDay: IsoDay;
  notes: string[];
} {
  throw new Error('not implemented');
}
