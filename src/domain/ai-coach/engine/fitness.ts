import { raceDistanceKm, raceDistances, secondsToHms, hmsToSeconds, type FitnessSummary, type PlanForm, type RaceDistance } from '../contract';

/** How fit the runner is: VDOT from the best personal best (Daniels–Gilbert), or a conservative estimate. */
export interface FitnessAssessment {
  vdot: number;
  source: 'personal-best' | 'estimate';
  /** Predicted race times in seconds (Riegel from the best performance, or from the VDOT). */
  predictions: Record<RaceDistance, number>;
}

/** VDOTs outside this range are typos or beyond any table (Daniels' tables run 30–85). */
export const MIN_VDOT = 20;
export const MAX_VDOT = 85;
const RIEGEL_EXPONENT = 1.06;

const clampVdot = (vdot: number) => Math.min(MAX_VDOT, Math.max(MIN_VDOT, vdot));

/** Oxygen cost (ml/kg/min) of running at `v` metres per minute (Daniels–Gilbert). */
export function vo2AtVelocity(v: number): number {
  return -4.6 + 0.182258 * v + 0.000104 * v * v;
}

/** The velocity (m/min) whose oxygen cost is `vo2`: the positive root of the cost quadratic. */
export function velocityAtVo2(vo2: number): number {
  const a = 0.000104;
  const b = 0.182258;
  const c = -4.6 - vo2;
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

/** The fraction of VO2max a runner can hold for `minutes` (Daniels–Gilbert). */
export function fractionOfMax(minutes: number): number {
  return 0.8 + 0.1894393 * Math.exp(-0.012778 * minutes) + 0.2989558 * Math.exp(-0.1932605 * minutes);
}

export function vdotFromPerformance(distanceMeters: number, seconds: number): number {
  const minutes = seconds / 60;
  return vo2AtVelocity(distanceMeters / minutes) / fractionOfMax(minutes);
}

/** Riegel: T2 = T1 · (D2/D1)^1.06. */
export function riegelSeconds(t1Seconds: number, d1Meters: number, d2Meters: number): number {
  return t1Seconds * Math.pow(d2Meters / d1Meters, RIEGEL_EXPONENT);
}

/** The race time over `distanceMeters` that a runner of `vdot` should run (VDOT falls as time grows, so bisect). */
export function secondsForVdot(vdot: number, distanceMeters: number): number {
  let fast = 60;
  let slow = 24 * 3600;
  for (let i = 0; i < 60; i++) {
    const mid = (fast + slow) / 2;
    if (vdotFromPerformance(distanceMeters, mid) > vdot) fast = mid;
    else slow = mid;
  }
  return (fast + slow) / 2;
}

const abilityVdot: Record<PlanForm['kemampuanLari'], { base: number; cap: number }> = {
  Pemula: { base: 30, cap: 36 },
  Menengah: { base: 37, cap: 45 },
  Mahir: { base: 44, cap: 54 },
};
const experienceBonus: Record<PlanForm['runningExperience'], number> = {
  '< 6 Bulan': -2,
  '6-12 Bulan': 0,
  '1-3 Tahun': 1,
  '3+ Tahun': 2,
};

/**
 * Without a personal best: a deliberately low VDOT from ability, experience and weekly distance,
 * capped per ability (training too easy is safe, too hard is not); a little lower past 40.
 */
export function estimateVdot(form: Pick<PlanForm, 'kemampuanLari' | 'runningExperience' | 'jarakMingguan' | 'umur'>): number {
  const { base, cap } = abilityVdot[form.kemampuanLari];
  const volumeBonus = Math.min(6, form.jarakMingguan / 10);
  const ageMalus = Math.min(5, Math.max(0, form.umur - 40) * 0.15);
  return clampVdot(Math.min(cap, base + experienceBonus[form.runningExperience] + volumeBonus) - ageMalus);
}

const metres = (distance: RaceDistance) => raceDistanceKm[distance] * 1000;

export function assessFitness(form: Pick<PlanForm, 'personalBests' | 'kemampuanLari' | 'runningExperience' | 'jarakMingguan' | 'umur'>): FitnessAssessment {
  let best: { metres: number; seconds: number; vdot: number } | null = null;
  for (const pb of form.personalBests) {
    const seconds = hmsToSeconds(pb.time);
    if (!seconds) continue;
    const vdot = vdotFromPerformance(metres(pb.distance), seconds);
    if (!best || vdot > best.vdot) best = { metres: metres(pb.distance), seconds, vdot };
  }
  if (best && Number.isFinite(best.vdot)) {
    const from = best;
    const vdot = clampVdot(from.vdot);
    // Riegel from the performance itself, unless the VDOT had to be clamped (then the PB is not believable).
    const predict = (d: RaceDistance) => (vdot === from.vdot ? riegelSeconds(from.seconds, from.metres, metres(d)) : secondsForVdot(vdot, metres(d)));
    return { vdot, source: 'personal-best', predictions: mapDistances(predict) };
  }
  const vdot = estimateVdot(form);
  return { vdot, source: 'estimate', predictions: mapDistances((d) => secondsForVdot(vdot, metres(d))) };
}

function mapDistances(fn: (d: RaceDistance) => number): Record<RaceDistance, number> {
  return Object.fromEntries(raceDistances.map((d) => [d, Math.round(fn(d))])) as Record<RaceDistance, number>;
}

/** The contract's FitnessSummary: VDOT to 0.1, predictions as hh:mm:ss. */
export function fitnessSummary(assessment: FitnessAssessment): FitnessSummary {
  return {
    vdot: Math.round(assessment.vdot * 10) / 10,
    source: assessment.source,
    predictions: raceDistances.map((distance) => ({ distance, time: secondsToHms(assessment.predictions[distance]) })),
  };
}
