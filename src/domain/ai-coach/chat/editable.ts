import type { ChatActor } from '../contract';
import type { Run } from '../../training-plan/contract';

/**
 * Whose runs the actor may change: a runner the AI's only; a connected coach also their own, since
 * the save of a coach's draft replaces the range's AI and coach runs (decision 025) and the draft
 * must therefore hold the coach's unchanged runs too.
 */
export function isEditableBy(run: Pick<Run, 'generatedby'>, actor: ChatActor = 'runner'): boolean {
  return run.generatedby === 'ai' || (actor === 'coach' && run.generatedby === 'coach');
}
