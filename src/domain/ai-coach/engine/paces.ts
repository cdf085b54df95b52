import { formatPlanPace, MAX_PLAN_PACE, MIN_PLAN_PACE } from '../../training-plan/pace';
import { velocityAtVo2 } from './fitness';

/** Training zones (Daniels): easy/recovery, marathon/steady, threshold/tempo, interval, repetition. */
export const paceZones = ['easy', 'marathon', 'threshold', 'interval', 'repetition'] as const;
export type PaceZone = (typeof paceZones)[number];
/** A pace range in seconds per km: `fast` ≤ `slow`. */
export interface PaceBand {
  fast: number;
  slow: number;
}

/**
 * Daniels' intensities as fractions of VO2max (repetition as a fraction of vVO2max's speed). The
 * easy band is the middle of his 59–74 %, which matches his tables' E paces.
 */
const vo2Fractions: Record<Exclude<PaceZone, 'repetition'>, [fast: number, slow: number]> = {
  easy: [0.72, 0.62],
  marathon: [0.84, 0.79],
  threshold: [0.88, 0.84],
  interval: [1.0, 0.95],
};
const REPETITION_SPEED: [fast: number, slow: number] = [1.08, 1.04];

const clampPace = (seconds: number) => Math.min(MAX_PLAN_PACE, Math.max(MIN_PLAN_PACE, Math.round(seconds)));
/** Seconds per km at `metresPerMinute`. */
const paceAt = (metresPerMinute: number) => clampPace(60000 / metresPerMinute);

export function trainingPaces(vdot: number): Record<PaceZone, PaceBand> {
  const band = ([fast, slow]: [number, number]): PaceBand => ({ fast: paceAt(velocityAtVo2(fast * vdot)), slow: paceAt(velocityAtVo2(slow * vdot)) });
  const vMax = velocityAtVo2(vdot);
  return {
    easy: band(vo2Fractions.easy),
    marathon: band(vo2Fractions.marathon),
    threshold: band(vo2Fractions.threshold),
    interval: band(vo2Fractions.interval),
    repetition: { fast: paceAt(vMax * REPETITION_SPEED[0]), slow: paceAt(vMax * REPETITION_SPEED[1]) },
  };
}

/** A race pace band around a predicted time: a few seconds either side of the even pace. */
export function racePaceBand(seconds: number, km: number): PaceBand {
  const pace = seconds / km;
  return { fast: clampPace(pace - 5), slow: clampPace(pace + 5) };
}

/** The spec's paceRange text "m'ss - m'ss" (fast first). */
export function formatPaceBand(band: PaceBand): string {
  const fast = clampPace(Math.min(band.fast, band.slow));
  const slow = clampPace(Math.max(band.fast, band.slow));
  return fast === slow ? formatPlanPace(fast) : `${formatPlanPace(fast)} - ${formatPlanPace(slow)}`;
}
