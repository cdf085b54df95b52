/**
 * The two-weekly re-evaluation (issue 11 §6): how the last two weeks went against the plan, and
 * what that means for the next two — lighter after missed or very hard weeks, a little more after
 * good ones, otherwise as planned. Pure: the server job reads the runs and applies the decision
 * through the engine (rebuildRange) and the safety checker.
 */
import type { EvaluationDecision, EvaluationSummary } from '../contract';
import type { IsoDay } from '../../shared/wire-date';
import { parsePaceRange } from '../../training-plan/pace';
import { heartRateZone, scoreRun, type ScoredRun } from '../../training-plan/scoring';
import { plannedDistanceKm } from '../../training-plan/training-program';
import type { GeneratedBy } from '../../training-plan/training-plan';

/** A run of the window as stored: what was planned and what was logged (null until logged). */
export interface FortnightRun extends ScoredRun {
  day: IsoDay;
  generatedby: GeneratedBy;
}

export interface FortnightInput {
  runs: readonly FortnightRun[];
  /** The two weeks looked at, inclusive. */
  windowStart: IsoDay;
  windowEnd: IsoDay;
  /** Runs on or after today are not judged (they may still be run). */
  today: IsoDay;
}

export type FortnightEvaluation = EvaluationSummary;

/** Below this share of planned runs done, the next two weeks get lighter. */
export const LIGHTER_BELOW_COMPLETION = 0.6;
/** Below this share, much lighter: the runner has nearly stopped. */
export const MUCH_LIGHTER_BELOW_COMPLETION = 0.3;
/** At least this share done (and on target) lets the plan progress. */
export const PROGRESS_FROM_COMPLETION = 0.8;
export const PROGRESS_MIN_DISTANCE_SCORE = 8;
export const PROGRESS_MIN_PACE_SCORE = 7;
/** Too few planned runs say nothing about progress. */
export const PROGRESS_MIN_PLANNED = 3;
export const VOLUME_FACTORS: Record<EvaluationDecision, number> & { muchLighter: number } = {
  lighter: 0.85,
  muchLighter: 0.75,
  hold: 1,
  // Up to the 10 % weekly rise (the engine and the checker cap it there): runs are whole km, so a
  // smaller factor is mostly rounded away on small weeks.
  progress: 1.1,
};

// A logged run is "very hard" when it shows strain beyond these margins.
/** Average HR above the top of the run type's zone by more than 3 %. */
const HR_ABOVE_ZONE = 1.03;
/** Pace slower than the slow end of the planned range by more than 10 %. */
const PACE_TOO_SLOW = 1.1;
/** Distance more than 25 % over the plan. */
const DISTANCE_TOO_LONG = 1.25;
/** Weeks count as very hard when at least this share of the logged runs (and two of them) strained. */
const VERY_HARD_SHARE = 0.4;
const PROGRESS_MAX_HARD_SHARE = 0.25;

const isLogged = (run: FortnightRun) => (run.trainingdistance ?? 0) > 0 && (run.trainingtime ?? 0) > 0;
const average = (values: (number | null)[]) => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
};
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Which strain signals one logged run shows. */
function strainOf(run: FortnightRun) {
  const km = run.trainingdistance!;
  const pace = run.trainingtime! / km;
  const zone = heartRateZone(run.title);
  const range = parsePaceRange(run.paceRange);
  const planned = plannedDistanceKm(run.program);
  return {
    hrAboveZone: zone !== null && run.traininghr !== null && run.traininghr > zone[1] * HR_ABOVE_ZONE,
    paceTooSlow: range !== null && pace > range[1] * PACE_TOO_SLOW,
    tooLong: planned !== null && planned > 0 && km > planned * DISTANCE_TOO_LONG,
  };
}

/**
 * The planned runs are the plan's (the AI's and a coach's) in the window before today; runs the
 * runner added and logged count as extra kilometres, not towards completion. Scores are the
 * spec §5 scores (0–10) averaged over the logged planned runs that have them.
 */
export function evaluateFortnight({ runs, windowStart, windowEnd, today }: FortnightInput): FortnightEvaluation {
  const inWindow = runs.filter((run) => run.day >= windowStart && run.day <= windowEnd && run.day < today);
  const planned = inWindow.filter((run) => run.generatedby !== 'user');
  const done = planned.filter(isLogged);
  const extra = inWindow.filter((run) => run.generatedby === 'user' && isLogged(run));
  const scores = done.map(scoreRun);
  const strains = done.map(strainOf);
  const hardness = {
    hrAboveZone: strains.filter((s) => s.hrAboveZone).length,
    paceTooSlow: strains.filter((s) => s.paceTooSlow).length,
    tooLong: strains.filter((s) => s.tooLong).length,
  };
  const hardRuns = strains.filter((s) => s.hrAboveZone || s.paceTooSlow || s.tooLong).length;
  const completion = planned.length ? done.length / planned.length : 0;
  const distanceScore = average(scores.map((s) => s.distance));
  const paceScore = average(scores.map((s) => s.pace));
  const heartRateScore = average(scores.map((s) => s.heartRate));
  const veryHard = hardRuns >= 2 && hardRuns / done.length >= VERY_HARD_SHARE;

  const reasons: string[] = [];
  let decision: EvaluationDecision = 'hold';
  let volumeFactor = VOLUME_FACTORS.hold;
  if (planned.length === 0) {
    reasons.push('Tidak ada latihan terjadwal dalam 2 minggu terakhir.');
  } else if (completion < LIGHTER_BELOW_COMPLETION) {
    decision = 'lighter';
    volumeFactor = completion < MUCH_LIGHTER_BELOW_COMPLETION ? VOLUME_FACTORS.muchLighter : VOLUME_FACTORS.lighter;
    reasons.push(`Hanya ${done.length} dari ${planned.length} latihan selesai.`);
  } else if (veryHard) {
    decision = 'lighter';
    volumeFactor = VOLUME_FACTORS.lighter;
    reasons.push(`${hardRuns} dari ${done.length} latihan terasa sangat berat.`);
  } else if (
    planned.length >= PROGRESS_MIN_PLANNED &&
    completion >= PROGRESS_FROM_COMPLETION &&
    (distanceScore ?? 0) >= PROGRESS_MIN_DISTANCE_SCORE &&
    (paceScore === null || paceScore >= PROGRESS_MIN_PACE_SCORE) &&
    hardRuns / done.length < PROGRESS_MAX_HARD_SHARE
  ) {
    decision = 'progress';
    volumeFactor = VOLUME_FACTORS.progress;
    reasons.push(`${done.length} dari ${planned.length} latihan selesai dengan jarak dan pace sesuai target.`);
  } else {
    if (planned.length < PROGRESS_MIN_PLANNED) reasons.push('Latihan terjadwal terlalu sedikit untuk menaikkan volume.');
    if (completion < PROGRESS_FROM_COMPLETION) reasons.push(`${done.length} dari ${planned.length} latihan selesai.`);
    if (distanceScore !== null && distanceScore < PROGRESS_MIN_DISTANCE_SCORE) reasons.push('Jarak belum sesuai rencana.');
    if (paceScore !== null && paceScore < PROGRESS_MIN_PACE_SCORE) reasons.push('Pace belum sesuai target.');
    if (hardRuns > 0) reasons.push(`${hardRuns} latihan terasa berat.`);
  }

  const km = (list: FortnightRun[], value: (run: FortnightRun) => number | null) => round2(list.reduce((sum, run) => sum + (value(run) ?? 0), 0));
  return {
    planned: planned.length,
    completed: done.length,
    completion: round2(completion),
    plannedKm: km(planned, (run) => plannedDistanceKm(run.program)),
    loggedKm: km(done, (run) => run.trainingdistance),
    extraRuns: extra.length,
    extraKm: km(extra, (run) => run.trainingdistance),
    distanceScore: round1(distanceScore),
    paceScore: round1(paceScore),
    heartRateScore: round1(heartRateScore),
    hardRuns,
    hardness,
    decision,
    volumeFactor,
    reasons,
  };
}

/** The strain seen most often, in the runner's words. */
function strainWords(hardness: FortnightEvaluation['hardness']): string {
  const words: [number, string][] = [
    [hardness.hrAboveZone, 'detak jantung di atas zona'],
    [hardness.paceTooSlow, 'pace jauh lebih lambat dari target'],
    [hardness.tooLong, 'jarak jauh melebihi rencana'],
  ];
  return words.sort((a, b) => b[0] - a[0])[0]![1];
}

const percent = (from: number, to: number) => `${Math.round((Math.abs(to - from) / from) * 100)}%`;
const kmText = (km: number) => `${Math.round(km * 10) / 10} km`.replace('.', ',');

/**
 * The short note shown on the calendar (at most two sentences, Indonesian). With the next two
 * weeks' planned km before and after the change, it says what changed by how much.
 */
export function evaluationNote(
  result: Pick<FortnightEvaluation, 'planned' | 'completed' | 'hardRuns' | 'hardness' | 'decision' | 'volumeFactor' | 'nextKmBefore' | 'nextKmAfter'>,
): string {
  const { planned, completed, decision, nextKmBefore: before, nextKmAfter: after } = result;
  const counted = `${completed} dari ${planned} latihan selesai`;
  const known = before !== undefined && after !== undefined && before > 0;
  const change = known ? ` dari ${kmText(before)} menjadi ${kmText(after)}` : '';
  if (planned === 0) return 'Evaluasi 2 minggu: tidak ada latihan terjadwal yang bisa dinilai. Program 2 minggu ke depan tetap sesuai rencana.';
  if (decision === 'progress') {
    if (known && after <= before) {
      return `Evaluasi 2 minggu: ${counted} dengan jarak dan pace sesuai target. Volume 2 minggu ke depan sudah di batas kenaikan yang aman, jadi tetap sesuai rencana.`;
    }
    const by = known ? ` (+${percent(before, after)})` : '';
    return `Evaluasi 2 minggu: ${counted} dengan jarak dan pace sesuai target. Volume 2 minggu ke depan dinaikkan sedikit${change}${by}.`;
  }
  if (decision === 'lighter' && completed / planned < LIGHTER_BELOW_COMPLETION) {
    return `Evaluasi 2 minggu: hanya ${counted}. Program 2 minggu ke depan dibuat lebih ringan${change} agar kamu bisa kembali konsisten.`;
  }
  if (decision === 'lighter') {
    return `Evaluasi 2 minggu: ${counted}, tetapi ${result.hardRuns} terasa sangat berat (${strainWords(result.hardness)}). Volume 2 minggu ke depan dikurangi${change} agar tubuhmu sempat pulih.`;
  }
  return `Evaluasi 2 minggu: ${counted}. Program 2 minggu ke depan tetap sesuai rencana; selesaikan latihan sesuai target agar volume bisa dinaikkan bertahap.`;
}
