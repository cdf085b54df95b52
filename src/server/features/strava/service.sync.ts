import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { activityDay, matchActivity, type MatchCandidate } from '../../../domain/strava/matching';
import { isRunSport, MANUAL_SYNC_DAYS, stravaMessages, type StravaActivityStatus } from '../../../domain/strava/strava';
import type { StravaActivityView, StravaEvent } from '../../../domain/strava/contract';
import { hasPremiumAccess, accessEndDay } from '../../../domain/subscriptions/subscription';
import { isoToPlanDate } from '../../../domain/shared/wire-date';
import { paceSecondsPerKm } from '../../../domain/training-plan/pace';
import { MAX_LOGGED_HEART_RATE, MAX_RUN_DISTANCE_KM, MAX_RUN_TIME_SECONDS, MIN_HEART_RATE } from '../../../domain/training-plan/training-plan';
import type { Run } from '../../../domain/training-plan/contract';
import { StravaRateLimited, StravaUnauthorized, type StravaActivity } from '../../adapters/strava/port';
import { notFound } from '../../app-error';
import type { StravaConfig } from '../../config';
import type { Db } from '../../db/client';
import { stravaAccounts, stravaActivities, type StravaActivityRow } from '../../db/schema/strava';
import { users, type UserRow } from '../../db/schema/users';
import { RetryAt, type JobRunner } from '../../jobs/runner';
import {
  addKeptRun,
  clearStravaResult,
  fillRunFromStrava,
  findRun,
  isUuid,
  rowIsLocked,
  runsOfDay,
  toRun,
  type SyncedResult,
} from '../training-plan/service';
import { takeAthleteShare } from './budget';
import { accessTokenFor, forgetStravaData, markSynced, userIdForAthlete, type StravaDeps } from './service';

/**
 * Strava sync (issue 15 §2): webhook events and 'Sinkronkan sekarang' become durable jobs that fetch
 * the runner's activities (through the shared budget), keep the run activities in
 * `strava_activities`, and fill the matched planned run's result with `source: 'strava'` — or leave
 * the activity 'unplanned' for the runner to keep or discard.
 *
 * Every job reads the activity's CURRENT state from Strava and applies it, so duplicates, retries
 * and events that arrive out of order converge on the same rows; each activity is applied in a
 * transaction holding the runner's account row, so two servers never apply one runner at once.
 * A spent budget (StravaRateLimited) puts the job back to the window's end without using up its
 * attempts (RetryAt); a revoked token means the link is gone: the runner's Strava data is forgotten.
 */

export const STRAVA_EVENT_JOB = 'strava.event';
export { STRAVA_SYNC_JOB } from './service';
const PAGE_SIZE = 100;
/** Enough pages for 30 days of a very busy athlete; a loop guard, not a limit anyone reaches. */
const MAX_PAGES = 50;


export interface SyncDeps extends StravaDeps {
  log?: FastifyBaseLogger;
}

const isPremium = (user: Pick<UserRow, 'subscriptionStatus' | 'currentPeriodEnd'>, now: Date) =>
  hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd }, now);

async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The job 'strava.pending' {userId}: one per athlete while events wait (issue 26 §7). */
export const STRAVA_PENDING_JOB = 'strava.pending';
/** Events of the next seconds join the same sync: Strava sends a create and its edits close together. */
export const PENDING_DELAY_MS = 10_000;
/** A wait older than this gets a new job (its job may have failed for good); a second job is harmless. */
const PENDING_STALE_MS = 60 * 60_000;
/** A new activity may have started well before its upload (a watch synced days later). */
const NEW_ACTIVITY_LOOKBACK_MS = 7 * 86_400_000;

export type WebhookOutcome = 'queued' | 'coalesced' | 'dropped' | 'foreign';

/**
 * The webhook's decision, made in the request without calling Strava (issue 15 §2, issue 26 §7):
 * - an event of another subscription (or without one, or while ours is not configured) is ignored:
 *   Strava signs nothing, the subscription id is what a forger has to guess first;
 * - an athlete no runner links, a non-deauthorizing athlete event, or an activity event of a runner
 *   without premium (automatic sync is premium, spec §9) is dropped;
 * - otherwise the runner's wait is widened to the span the event needs, and ONE job is queued when
 *   no wait was open: a thousand events for one athlete are one sync, listing what is new since
 *   the last one. The event's own activity id is never fetched, so a forged id costs nothing.
 */
export async function acceptStravaEvent(
  db: Db,
  jobs: Pick<JobRunner, 'enqueue'>,
  config: Pick<StravaConfig, 'webhookSubscriptionId'>,
  event: StravaEvent,
  now = new Date(),
): Promise<WebhookOutcome> {
  if (config.webhookSubscriptionId === null || event.subscription_id !== config.webhookSubscriptionId) return 'foreign';
  const userId = await userIdForAthlete(db, String(event.owner_id));
  if (!userId) return 'dropped';
  const deauthorized = event.object_type === 'athlete' && String(event.updates?.authorized) === 'false';
  if (event.object_type === 'athlete' && !deauthorized) return 'dropped';
  if (event.object_type === 'activity' && event.aspect_type !== 'delete') {
    const user = await findUser(db, userId);
    if (!user || !isPremium(user, now)) return 'dropped';
  }
  return markPending(db, jobs, userId, await spanStart(db, userId, event, now), now);
}

/**
 * Where the sync for an event starts listing: what is new since the last sync (with a week's room
 * for late uploads), or an update's or delete's activity that Derap keeps, from its start. A
 * deauthorization lists from now (an empty page; the call tells whether the token still works).
 * Never before the 30 days a manual sync covers.
 */
async function spanStart(db: Db, userId: string, event: StravaEvent, now: Date): Promise<Date> {
  if (event.object_type === 'athlete') return now;
  const [account] = await db.select({ lastSyncAt: stravaAccounts.lastSyncAt, connectedAt: stravaAccounts.connectedAt }).from(stravaAccounts).where(eq(stravaAccounts.userId, userId));
  const since = account?.lastSyncAt ?? account?.connectedAt ?? now;
  let from = Math.min(since.getTime(), now.getTime()) - NEW_ACTIVITY_LOOKBACK_MS;
  if (event.aspect_type !== 'create') {
    const [known] = await db
      .select({ startedAt: stravaActivities.startedAt })
      .from(stravaActivities)
      .where(and(eq(stravaActivities.userId, userId), eq(stravaActivities.activityId, String(event.object_id))));
    if (known) from = Math.min(from, known.startedAt.getTime() - 1_000);
  }
  return new Date(Math.max(from, now.getTime() - MANUAL_SYNC_DAYS * 86_400_000));
}

/**
 * Opens the runner's wait or widens the open one. Only the event that opens it (or replaces a stale
 * one) queues the job, so however many events come, one job waits per athlete (and at most one
 * more runs). Two statements, each a single-row update: the row lock serialises two servers, and
 * the one that loses the opening finds the wait open and widens it.
 */
export async function markPending(db: Db, jobs: Pick<JobRunner, 'enqueue'>, userId: string, from: Date, now = new Date()): Promise<WebhookOutcome> {
  const stale = new Date(now.getTime() - PENDING_STALE_MS);
  const widen = () =>
    db
      .update(stravaAccounts)
      .set({ pendingFrom: sql`least(${stravaAccounts.pendingFrom}, ${from.toISOString()}::timestamptz)` })
      .where(and(eq(stravaAccounts.userId, userId), isNotNull(stravaAccounts.pendingSince), gte(stravaAccounts.pendingSince, stale)))
      .returning({ userId: stravaAccounts.userId });
  if ((await widen()).length) return 'coalesced';
  const opened = await db
    .update(stravaAccounts)
    .set({ pendingFrom: sql`least(coalesce(${stravaAccounts.pendingFrom}, ${from.toISOString()}::timestamptz), ${from.toISOString()}::timestamptz)`, pendingSince: now })
    .where(and(eq(stravaAccounts.userId, userId), or(isNull(stravaAccounts.pendingSince), lt(stravaAccounts.pendingSince, stale))))
    .returning({ userId: stravaAccounts.userId });
  if (!opened.length) return (await widen()).length ? 'coalesced' : 'dropped';
  await jobs.enqueue(STRAVA_PENDING_JOB, { userId }, { key: `${userId}:${now.getTime()}`, runAt: new Date(now.getTime() + PENDING_DELAY_MS) });
  return 'queued';
}

/** Takes the runner's wait (the span to list), closing it: an event from now on opens a new one. */
async function claimPending(db: Db, userId: string): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ from: stravaAccounts.pendingFrom }).from(stravaAccounts).where(eq(stravaAccounts.userId, userId)).for('update');
    if (!row?.from) return null;
    await tx.update(stravaAccounts).set({ pendingFrom: null, pendingSince: null }).where(eq(stravaAccounts.userId, userId));
    return row.from;
  });
}

/** A sync that did not finish gives its span back to the wait (its job retries, or the next event's does). */
async function returnPending(db: Db, userId: string, from: Date, now: Date) {
  await db
    .update(stravaAccounts)
    .set({
      pendingFrom: sql`least(coalesce(${stravaAccounts.pendingFrom}, ${from.toISOString()}::timestamptz), ${from.toISOString()}::timestamptz)`,
      pendingSince: sql`coalesce(${stravaAccounts.pendingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(stravaAccounts.userId, userId));
}

/** Strava's refusals as the job runner understands them; a revoked link forgets the runner's data. */
async function withStrava<T>(deps: SyncDeps, userId: string, call: () => Promise<T>): Promise<T | 'gone'> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StravaRateLimited) throw new RetryAt(err.retryAt, 'Strava rate limit');
    if (err instanceof StravaUnauthorized) {
      deps.log?.info({ userId }, 'strava: the link is gone (revoked at Strava); forgetting its data');
      await forgetStravaData(deps.db, userId);
      return 'gone';
    }
    throw err;
  }
}

/**
 * The job 'strava.pending' {userId}: the runner's coalesced webhook events, as one listing of the
 * span they need (every activity read back from Strava with the runner's own token, so a forged
 * event changes nothing Strava does not confirm: a forged delete finds the activity still listed, a
 * forged deauthorization finds the token still working). A refused budget or a failure gives the
 * span back before the job waits or retries.
 */
export async function runStravaPending(deps: SyncDeps, userId: string, now = new Date()): Promise<void> {
  if (!isUuid(userId)) return;
  const from = await claimPending(deps.db, userId);
  if (!from) return;
  try {
    const user = await findUser(deps.db, userId);
    // Premium may have lapsed since: only a deletion or revocation check (a span from now) still runs.
    const span = user && isPremium(user, now) ? from : now;
    await syncSpan(deps, userId, span, now);
  } catch (err) {
    await returnPending(deps.db, userId, from, now);
    throw err;
  }
}

/**
 * The job 'strava.event' of the releases before issue 26 (one job per event): a row still queued
 * from then joins its runner's wait and runs it (the athlete's share still caps the reads).
 */
export async function runStravaEvent(deps: SyncDeps, raw: Record<string, unknown>, now = new Date()): Promise<void> {
  const userId = await userIdForAthlete(deps.db, String(raw.ownerId ?? ''));
  if (!userId) return;
  await returnPending(deps.db, userId, new Date(now.getTime() - NEW_ACTIVITY_LOOKBACK_MS), now);
  await runStravaPending(deps, userId, now);
}

/**
 * The job 'strava.sync' {userId} ('Sinkronkan sekarang', and the first sync after connecting): the
 * last 30 days, each run applied as a webhook's would be.
 */
export async function runStravaSync(deps: SyncDeps, userId: string, now = new Date()): Promise<void> {
  if (!isUuid(userId)) return;
  await syncSpan(deps, userId, new Date(now.getTime() - MANUAL_SYNC_DAYS * 86_400_000), now);
}

/**
 * The runner's activities that started after `after`, page by page until a short or empty page,
 * each applied; runs Derap kept from that span that Strava no longer lists were deleted there and
 * are removed here. Every read takes the runner's fair share first (budget.ts).
 */
async function syncSpan(deps: SyncDeps, userId: string, after: Date, now: Date): Promise<void> {
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await withStrava(deps, userId, async () => {
      await takeAthleteShare(deps.db, userId, deps.config.limits, now);
      return deps.strava.listActivities(await accessTokenFor(deps, userId, now), { after, page, perPage: PAGE_SIZE });
    });
    if (list === 'gone') return;
    for (const activity of list) {
      seen.add(activity.id);
      await applyActivity(deps.db, userId, activity, now);
    }
    // A short page is the last: Strava's next one would be empty (one read saved).
    if (list.length < PAGE_SIZE) {
      await removeUnlisted(deps.db, userId, after, seen, now);
      await markSynced(deps.db, userId, now);
      return;
    }
  }
  await markSynced(deps.db, userId, now);
}

/** Runs kept from the synced span that Strava did not list any more (deleted there). */
async function removeUnlisted(db: Db, userId: string, after: Date, seen: Set<string>, now: Date) {
  const rows = await db
    .select({ activityId: stravaActivities.activityId })
    .from(stravaActivities)
    .where(and(eq(stravaActivities.userId, userId), gt(stravaActivities.startedAt, after)));
  for (const row of rows) if (!seen.has(row.activityId)) await removeActivity(db, userId, row.activityId, now);
}

/** An activity's figures as Derap stores them; null when it cannot be a logged result (no distance or time). */
export function syncedResult(activity: Pick<StravaActivity, 'distanceM' | 'movingTimeS' | 'averageHeartrate'>): SyncedResult | null {
  const distanceKm = Math.round(activity.distanceM / 10) / 100;
  const timeS = Math.round(activity.movingTimeS);
  if (!(distanceKm > 0) || distanceKm > MAX_RUN_DISTANCE_KM || !(timeS > 0) || timeS > MAX_RUN_TIME_SECONDS) return null;
  const pace = paceSecondsPerKm(distanceKm, timeS);
  if (pace === null || pace > MAX_RUN_TIME_SECONDS) return null;
  const hr = activity.averageHeartrate === null ? null : Math.round(activity.averageHeartrate);
  return { distanceKm, timeS, avgHr: hr !== null && hr >= MIN_HEART_RATE && hr <= MAX_LOGGED_HEART_RATE ? hr : null };
}

/** Holds the runner's account row for the transaction: one runner's activities are applied one at a time. */
async function lockRunner(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx.select({ userId: stravaAccounts.userId }).from(stravaAccounts).where(eq(stravaAccounts.userId, userId)).for('update');
  return row !== undefined;
}

/** A deleted (or no longer run-shaped) activity: what it filled is cleared, and Derap forgets it. */
async function removeActivity(db: Db, userId: string, activityId: string, now: Date) {
  await db.transaction(async (tx) => {
    await lockRunner(tx, userId);
    const [row] = await tx
      .select()
      .from(stravaActivities)
      .where(and(eq(stravaActivities.activityId, activityId), eq(stravaActivities.userId, userId)))
      .for('update');
    if (!row) return;
    if (row.runId && row.status === 'matched') await clearStravaResult(tx, row.runId, now);
    await tx.delete(stravaActivities).where(eq(stravaActivities.id, row.id));
  });
}

/**
 * One activity as Strava has it now, applied to the runner's log:
 * - not a run (or without distance/time): what it filled is cleared and the row goes;
 * - kept or discarded by the runner: stays as the runner left it (its figures refreshed);
 * - matched, its run still holding its Strava result and its day and distance unchanged: the result
 *   is refreshed in place (a run the runner moved stays where they put it);
 * - matched but the runner has since kept (Simpan), cleared or deleted the result: left as they left it;
 * - otherwise matched afresh on its Jakarta day: the old run is cleared when another is chosen, and
 *   no run → 'unplanned'.
 * Nothing is written when nothing changed, so syncing twice changes nothing.
 */
export async function applyActivity(db: Db, userId: string, activity: StravaActivity, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockRunner(tx, userId))) return;
    const [existing] = await tx.select().from(stravaActivities).where(eq(stravaActivities.activityId, activity.id)).for('update');
    if (existing && existing.userId !== userId) {
      // The athlete is now linked to another Derap user: the old owner's copy goes.
      if (existing.runId && existing.status === 'matched') await clearStravaResult(tx, existing.runId, now);
      await tx.delete(stravaActivities).where(eq(stravaActivities.id, existing.id));
      return applyInTx(tx, userId, activity, undefined, now);
    }
    return applyInTx(tx, userId, activity, existing, now);
  });
}

async function applyInTx(tx: Db, userId: string, activity: StravaActivity, existing: StravaActivityRow | undefined, now: Date) {
  const result = isRunSport(activity.sportType) ? syncedResult(activity) : null;
  if (!result) {
    if (!existing) return;
    if (existing.runId && existing.status === 'matched') await clearStravaResult(tx, existing.runId, now);
    await tx.delete(stravaActivities).where(eq(stravaActivities.id, existing.id));
    return;
  }
  const day = activityDay(activity.startedAt);
  const figures = {
    name: activity.name.slice(0, 200),
    sportType: activity.sportType,
    startedAt: activity.startedAt,
    day,
    distanceKm: result.distanceKm,
    movingTimeS: result.timeS,
    avgHr: result.avgHr,
  };
  const write = async (status: StravaActivityStatus, runId: string | null) => {
    if (!existing) {
      await tx.insert(stravaActivities).values({ userId, activityId: activity.id, ...figures, status, runId, createdAt: now, updatedAt: now });
      return;
    }
    const unchanged =
      existing.status === status &&
      existing.runId === runId &&
      existing.name === figures.name &&
      existing.sportType === figures.sportType &&
      existing.startedAt.getTime() === figures.startedAt.getTime() &&
      existing.day === day &&
      existing.distanceKm === figures.distanceKm &&
      existing.movingTimeS === figures.movingTimeS &&
      existing.avgHr === figures.avgHr;
    if (!unchanged) await tx.update(stravaActivities).set({ ...figures, status, runId, updatedAt: now }).where(eq(stravaActivities.id, existing.id));
  };

  if (existing && (existing.status === 'kept' || existing.status === 'discarded')) return write(existing.status, existing.runId);

  if (existing?.status === 'matched') {
    const run = existing.runId ? await findRun(tx, existing.runId) : null;
    // The runner kept (Simpan), cleared or deleted what it filled: theirs now.
    if (!run || run.resultSource !== 'strava') return write('matched', existing.runId);
    if (existing.day === day && existing.distanceKm === result.distanceKm) {
      await fillRunFromStrava(tx, run.id, result, now);
      return write('matched', run.id);
    }
  }

  const owner = await findUser(tx, userId);
  if (!owner) return;
  const accessEnd = accessEndDay(owner.currentPeriodEnd);
  const rows = await runsOfDay(tx, userId, day);
  const fills = rows.length
    ? await tx
        .select({ runId: stravaActivities.runId, activityId: stravaActivities.activityId })
        .from(stravaActivities)
        .where(and(inArray(stravaActivities.runId, rows.map((r) => r.id)), eq(stravaActivities.status, 'matched')))
    : [];
  const filledBy = new Map(fills.map((f) => [f.runId, f.activityId]));
  const candidates: MatchCandidate[] = rows.map((row) => ({
    id: row.id,
    day: row.day,
    program: row.program,
    locked: rowIsLocked(row, accessEnd),
    hasResult: row.trainingDistance !== null || row.trainingTime !== null,
    resultSource: row.resultSource ?? null,
    filledBy: filledBy.get(row.id) ?? null,
  }));
  const target = matchActivity({ activityId: activity.id, day, distanceKm: result.distanceKm }, candidates);
  if (existing?.runId && existing.status === 'matched' && existing.runId !== target) await clearStravaResult(tx, existing.runId, now);
  if (target && (await fillRunFromStrava(tx, target, result, now))) return write('matched', target);
  return write('unplanned', null);
}

/** A synced activity as its runner sees it. */
export function toActivityView(row: StravaActivityRow): StravaActivityView {
  return {
    _id: row.id,
    activityId: row.activityId,
    name: row.name,
    date: isoToPlanDate(row.day),
    distance: row.distanceKm,
    time: row.movingTimeS,
    pace: paceSecondsPerKm(row.distanceKm, row.movingTimeS),
    avgHeartRate: row.avgHr,
    status: row.status,
    runId: row.runId,
  };
}

/** The runner's own synced activities of one status, newest first. */
export async function listActivities(db: Db, userId: string, status: StravaActivityStatus): Promise<StravaActivityView[]> {
  const rows = await db
    .select()
    .from(stravaActivities)
    .where(and(eq(stravaActivities.userId, userId), eq(stravaActivities.status, status)))
    .orderBy(stravaActivities.startedAt);
  return rows.reverse().map(toActivityView);
}

/** One of the runner's own activities, locked for the change; another runner's (or none) is 404. */
async function ownActivity(tx: Db, userId: string, id: string): Promise<StravaActivityRow> {
  if (!isUuid(id)) throw notFound(stravaMessages.activityNotFound);
  const [row] = await tx
    .select()
    .from(stravaActivities)
    .where(and(eq(stravaActivities.id, id), eq(stravaActivities.userId, userId)))
    .for('update');
  if (!row) throw notFound(stravaMessages.activityNotFound);
  return row;
}

/** The title a kept run gets: the activity's name (at most 100 characters) or 'Lari dari Strava'. */
export function keptTitle(name: string): string {
  const title = name.replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  return title || 'Lari dari Strava';
}

/**
 * 'Simpan ke Log': an unplanned activity becomes a run of the runner's own log on its day, its result
 * theirs ('manual'); the activity is 'kept'. Keeping it again answers the same run.
 */
export async function keepActivity(db: Db, user: UserRow, id: string): Promise<Run> {
  return db.transaction(async (tx) => {
    const row = await ownActivity(tx, user.id, id);
    if (row.status === 'kept' && row.runId) {
      const run = await findRun(tx, row.runId);
      if (run) return toRun(run);
    }
    if (row.status === 'matched') throw notFound(stravaMessages.activityNotFound);
    const run = await addKeptRun(tx, user, row.day, keptTitle(row.name), { distanceKm: row.distanceKm, timeS: row.movingTimeS, avgHr: row.avgHr });
    await tx.update(stravaActivities).set({ status: 'kept', runId: run._id, updatedAt: new Date() }).where(eq(stravaActivities.id, row.id));
    return run;
  });
}

/** 'Buang': the runner does not want it; a later update of the activity leaves it discarded. */
export async function discardActivity(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownActivity(tx, userId, id);
    if (row.status === 'discarded') return;
    if (row.status !== 'unplanned') throw notFound(stravaMessages.activityNotFound);
    await tx.update(stravaActivities).set({ status: 'discarded', updatedAt: new Date() }).where(eq(stravaActivities.id, row.id));
  });
}
