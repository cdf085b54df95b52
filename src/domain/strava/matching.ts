/**
 * Which planned run a synced Strava activity fills (issue 15 §2). Pure: the server feeds it the
 * runner's runs of the activity's day and stores what it decides.
 *
 * - The activity's day is its start on the product's clock (Asia/Jakarta): a 05:30 WIB run that
 *   Strava stamps 22:30 UTC the evening before belongs to the morning it was run.
 * - Candidates: that day's runs that are not locked (paywall) and whose result is not the runner's
 *   own — a result typed or kept by the runner is never overwritten, and a run another activity
 *   already filled stays that activity's (a second run of the day becomes unplanned).
 * - Of the candidates, the closest by planned distance (read from the program as the scores read it,
 *   `plannedDistanceKm`); runs whose program names no distance come after those that do; ties keep
 *   the plan's order (the earlier run first). None → the activity is unplanned (null).
 */
import { jakartaToday, type IsoDay } from '../shared/wire-date';
import { plannedDistanceKm } from '../training-plan/training-program';
import type { ResultSource } from './strava';

/** The Jakarta day an activity started on: the day it is matched on and shown at. */
export function activityDay(startedAt: Date): IsoDay {
  return jakartaToday(startedAt);
}

export interface MatchCandidate {
  id: string;
  day: IsoDay;
  program: string | null;
  /** Locked by the paywall for its owner: neither shown nor written. */
  locked: boolean;
  /** Whether the run has a logged result (distance or time). */
  hasResult: boolean;
  resultSource: ResultSource | null;
  /** The Strava activity that filled this run, if any. */
  filledBy: string | null;
}

export interface MatchableActivity {
  activityId: string;
  day: IsoDay;
  distanceKm: number;
}

/**
 * Whether the activity may fill this run: not locked, and either without a result or holding the
 * result this same activity filled before. A result with no source predates Strava and was typed.
 */
export function canFill(run: MatchCandidate, activityId: string): boolean {
  if (run.locked) return false;
  if (!run.hasResult) return true;
  return run.resultSource === 'strava' && run.filledBy === activityId;
}

/** The id of the run the activity fills, or null: unplanned. `runs` in plan order. */
export function matchActivity(activity: MatchableActivity, runs: readonly MatchCandidate[]): string | null {
  let best: { id: string; gap: number } | null = null;
  for (const run of runs) {
    if (run.day !== activity.day || !canFill(run, activity.activityId)) continue;
    const planned = plannedDistanceKm(run.program);
    const gap = planned === null ? Number.POSITIVE_INFINITY : Math.abs(planned - activity.distanceKm);
    if (best === null || gap < best.gap) best = { id: run.id, gap };
  }
  return best?.id ?? null;
}
