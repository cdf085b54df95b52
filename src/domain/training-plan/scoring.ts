/**
 * The three 0-10 scores of a logged run and their total (spec §5).
 * Rules the spec leaves open are decided here and tested: a distance below plan scores
 * 10 × ratio; a missing plan figure gives no score (null), and the total still divides by 3.
 */
import { parsePaceRange } from './pace';
import { runType, type RunType } from './run-types';
import { plannedDistanceKm } from './training-program';

export const MAX_HEART_RATE = 195;
export const MAX_SCORE = 10;

const clamp = (value: number) => Math.min(MAX_SCORE, Math.max(0, value));

/** Floating-point slack at the 105 % bound: 43.218 / 41.16 computes as 1.0500000000000003. */
const RATIO_EPSILON = 1e-9;

/** 10 for 100-105 % of plan; above that −20 per unit of ratio (−2 per extra 10 %); below, 10 × ratio. */
export function distanceScore(actualKm: number, plannedKm: number): number | null {
  if (!(plannedKm > 0) || !(actualKm >= 0)) return null;
  const ratio = actualKm / plannedKm;
  if (ratio >= 1 && ratio <= 1.05 + RATIO_EPSILON) return MAX_SCORE;
  if (ratio > 1.05) return clamp(MAX_SCORE - 20 * (ratio - 1.05));
  return clamp(MAX_SCORE * ratio);
}

/** 10 inside the planned pace range; outside it falls at twice the relative deviation from the nearest bound. */
export function paceScore(paceSecondsPerKm: number, range: [number, number]): number | null {
  const [fast, slow] = range;
  if (!(paceSecondsPerKm > 0) || !(fast > 0)) return null;
  if (paceSecondsPerKm >= fast && paceSecondsPerKm <= slow) return MAX_SCORE;
  const bound = paceSecondsPerKm < fast ? fast : slow;
  const deviation = Math.abs(paceSecondsPerKm - bound) / bound;
  return clamp(MAX_SCORE * (1 - 2 * deviation));
}

/** Heart-rate zones as fractions of max HR, by workout type; other types have no zone. */
export const heartRateZones: Partial<Record<RunType, [number, number]>> = {
  recovery: [0.6, 0.7],
  endurance: [0.7, 0.8],
  steady: [0.7, 0.9],
  tempo: [0.7, 0.9],
  interval: [0.7, 0.9],
  race: [0.8, 1.0],
};

export function heartRateZone(title: string, maxHeartRate = MAX_HEART_RATE): [number, number] | null {
  const zone = heartRateZones[runType(title)];
  return zone ? [zone[0] * maxHeartRate, zone[1] * maxHeartRate] : null;
}

/** 10 inside the zone; outside it falls by the relative deviation from the nearest bound. */
export function heartRateScore(averageHr: number, zone: [number, number]): number | null {
  if (!(averageHr > 0)) return null;
  const [low, high] = zone;
  if (averageHr >= low && averageHr <= high) return MAX_SCORE;
  const bound = averageHr < low ? low : high;
  return clamp(MAX_SCORE * (1 - Math.abs(averageHr - bound) / bound));
}

export interface ScoredRun {
  title: string;
  program: string | null;
  paceRange: string | null;
  trainingdistance: number | null;
  trainingtime: number | null;
  traininghr: number | null;
}

export interface RunScores {
  distance: number | null;
  pace: number | null;
  heartRate: number | null;
  /** Sum of the available scores divided by 3; null when no score is available. */
  total: number | null;
}

export function scoreRun(run: ScoredRun): RunScores {
  const { trainingdistance: km, trainingtime: seconds, traininghr: hr } = run;
  const planned = plannedDistanceKm(run.program);
  const range = parsePaceRange(run.paceRange);
  const zone = heartRateZone(run.title);
  const pace = km && seconds && km > 0 && seconds > 0 ? seconds / km : null;

  const distance = km !== null && km > 0 && planned ? distanceScore(km, planned) : null;
  const paceValue = pace !== null && range ? paceScore(pace, range) : null;
  const heartRate = hr !== null && hr > 0 && zone ? heartRateScore(hr, zone) : null;
  const available = [distance, paceValue, heartRate].filter((s): s is number => s !== null);
  const total = available.length ? available.reduce((a, b) => a + b, 0) / 3 : null;
  return { distance, pace: paceValue, heartRate, total };
}

/** Scores are shown with one decimal, e.g. "8,5"; '-' when not available. */
export function formatScore(score: number | null): string {
  if (score === null) return '-';
  return (Math.round(score * 10) / 10).toLocaleString('id-ID', { maximumFractionDigits: 1 });
}
