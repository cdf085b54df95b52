import type { PlanForm, RaceDistance } from '../ai-coach/contract';

/** How fit the runner is: VDOT from the best personal best (Daniels–Gilbert), or a conservative estimate. */
export interface FitnessAssessment {
  vdot: number;
  source: 'personal-best' | 'estimate';
  /** Predicted race times in seconds (Riegel from the best performance, or from the VDOT). */
  predictions: Record<RaceDistance, number>;
}

// SCAFFOLD (the engine helper implements): signatures the server and other modules rely on.
export function vdotFromPerformance(_distanceMeters: number, _seconds: number): number {
  throw new Error('not implemented');
}
export function riegelSeconds(_t1Seconds: number, _d1Meters: number, _d2Meters: number): number {
  throw new Error('not implemented');
}
export function assessFitness(_form: PlanForm): FitnessAssessment {
  throw new Error('not implemented');
}
