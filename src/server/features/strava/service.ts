import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import type { StravaStatus } from '../../../domain/strava/contract';
import { hasPremiumAccess } from '../../../domain/subscriptions/subscription';
import { StravaUnauthorized, type StravaApiPort, type StravaGrant } from '../../adapters/strava/port';
import type { AppConfig, StravaConfig } from '../../config';
import type { Db } from '../../db/client';
import { stravaAccounts, stravaActivities, type StravaAccountRow } from '../../db/schema/strava';
import type { UserRow } from '../../db/schema/users';
import type { JobRunner } from '../../jobs/runner';
import { clearStravaResults } from '../training-plan/service';
import { patchUserState } from '../users/service';
import { openToken, sealToken } from './token-crypto';

/**
 * The Strava link (issue 15, decision 027): tokens sealed at rest and refreshed under a row lock,
 * the OAuth state, forgetting a runner's Strava data, and queuing a sync. The sync feature
 * (webhook, jobs, matching) uses this service; the routes are in routes.ts.
 */

/** What the functions that call Strava for a runner need. */
export interface StravaDeps {
  db: Db;
  config: StravaConfig;
  /** The budgeted port (features/strava/budget.ts): every call counts against the shared budget. */
  strava: StravaApiPort;
}

/** The one-off job the sync feature registers: `{ userId }`, the last 30 days. */
export const STRAVA_SYNC_JOB = 'strava.sync';
/** A token that expires within this is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** How long a connect link may take at Strava's consent page. */
export const STATE_TTL_MS = 10 * 60_000;

export async function findStravaAccount(db: Db, userId: string): Promise<StravaAccountRow | null> {
  const [row] = await db.select().from(stravaAccounts).where(eq(stravaAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/** The runner's user id for a Strava athlete (webhook events name the athlete), or null. */
export async function userIdForAthlete(db: Db, athleteId: string): Promise<string | null> {
  const [row] = await db.select({ userId: stravaAccounts.userId }).from(stravaAccounts).where(eq(stravaAccounts.athleteId, athleteId)).limit(1);
  return row?.userId ?? null;
}

/**
 * A usable access token for the runner: the stored one, or a fresh one when it expires within five
 * minutes. Only one refresh per runner at a time, because Strava rotates the refresh token and the
 * loser of a race would be refused: on PostgreSQL the account row stays locked (`for update`) while
 * Strava answers, so two servers wait for each other; the embedded PGlite serves one process only
 * and has one connection (a transaction there would block the budget's own queries), so an
 * in-process queue per runner does it. A refused refresh means the runner revoked Derap at
 * Strava: the link and its data are forgotten and StravaUnauthorized is thrown. Throws
 * StravaUnauthorized when the runner has no link.
 */
export async function accessTokenFor(deps: StravaDeps, userId: string, now: Date = new Date()): Promise<string> {
  const { db, config } = deps;
  const row = await findStravaAccount(db, userId);
  if (!row) throw new StravaUnauthorized('no Strava link');
  if (!expiresSoon(row, now)) return openToken(config.tokenKey, row.accessTokenEnc);
  const outcome = isEmbedded(db)
    ? await oneAtATime(userId, () => refreshLocked(deps, db, userId, now, false))
    : await db.transaction((tx) => refreshLocked(deps, tx, userId, now, true));
  if ('gone' in outcome) throw new StravaUnauthorized('Strava link is gone');
  return outcome.token;
}

const expiresSoon = (row: StravaAccountRow, now: Date) => row.expiresAt.getTime() - now.getTime() <= REFRESH_MARGIN_MS;

async function refreshLocked(deps: StravaDeps, tx: Db, userId: string, now: Date, lock: boolean): Promise<{ token: string } | { gone: true }> {
  const { config, strava } = deps;
  const query = tx.select().from(stravaAccounts).where(eq(stravaAccounts.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return { gone: true };
  // Another server (or request) refreshed while this one waited for the lock.
  if (!expiresSoon(row, now)) return { token: openToken(config.tokenKey, row.accessTokenEnc) };
  try {
    const fresh = await strava.refresh(openToken(config.tokenKey, row.refreshTokenEnc));
    await tx
      .update(stravaAccounts)
      .set({
        accessTokenEnc: sealToken(config.tokenKey, fresh.accessToken),
        refreshTokenEnc: sealToken(config.tokenKey, fresh.refreshToken),
        expiresAt: fresh.expiresAt,
        updatedAt: now,
      })
      .where(eq(stravaAccounts.userId, userId));
    return { token: fresh.accessToken };
  } catch (err) {
    if (!(err instanceof StravaUnauthorized)) throw err;
    await forgetStravaData(tx, userId);
    return { gone: true };
  }
}

const queues = new Map<string, Promise<unknown>>();
/** Runs `fn` after every earlier call with the same key in this process has settled. */
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(fn);
  queues.set(key, current);
  try {
    return await current;
  } finally {
    if (queues.get(key) === current) queues.delete(key);
  }
}

/** The embedded PGlite (one process, one connection) rather than a PostgreSQL pool. */
function isEmbedded(db: Db): boolean {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return typeof client?.dumpDataDir === 'function';
}

/**
 * Everything Strava-derived Derap keeps for the runner, as the privacy policy promises on
 * disconnect: the link with its tokens, the athlete id on the user, the synced activities, and the
 * results Strava filled (`result_source = 'strava'`). Results the runner typed or kept ('manual')
 * are theirs and stay.
 */
export async function forgetStravaData(db: Db, userId: string): Promise<void> {
  const run = async (tx: Db) => {
    await tx.delete(stravaAccounts).where(eq(stravaAccounts.userId, userId));
    await patchUserState(tx, userId, { stravaAthleteId: null, updatedAt: new Date() });
    await tx.delete(stravaActivities).where(eq(stravaActivities.userId, userId));
    await clearStravaResults(tx, userId);
  };
  // All or nothing; inside a caller's transaction this is a savepoint.
  await db.transaction(run);
}

/**
 * Queues the sync of the runner's last 30 days. Keyed by the minute, so a double click (or a
 * callback reloaded) queues one. False when one was queued this minute already, or while no sync
 * job is registered on this server.
 */
export async function requestSync(jobs: Pick<JobRunner, 'enqueue' | 'definitions'>, userId: string, now: Date = new Date()): Promise<boolean> {
  if (!jobs.definitions.has(STRAVA_SYNC_JOB)) return false;
  const minute = Math.floor(now.getTime() / 60_000);
  return jobs.enqueue(STRAVA_SYNC_JOB, { userId }, { key: `${userId}:${minute}` });
}

/** What Pengaturan Profil and the calendar show (GET /api/strava/status). */
export async function stravaStatus(db: Db, config: AppConfig, user: UserRow, now: Date = new Date()): Promise<StravaStatus> {
  const account = await findStravaAccount(db, user.id);
  const [unplanned] = account
    ? await db
        .select({ n: count() })
        .from(stravaActivities)
        .where(and(eq(stravaActivities.userId, user.id), eq(stravaActivities.status, 'unplanned')))
    : [{ n: 0 }];
  return {
    configured: config.strava !== null,
    connected: account !== null,
    athleteId: account?.athleteId ?? null,
    connectedAt: account?.connectedAt.toISOString() ?? null,
    lastSyncAt: account?.lastSyncAt?.toISOString() ?? null,
    // Webhook sync is premium (spec §9), by the subscriptions' own access rule.
    autoSync: account !== null && hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd }, now),
    unplanned: Number(unplanned?.n ?? 0),
  };
}

// --- OAuth state --------------------------------------------------------------------------------

/**
 * The `state` of a connect: the user it was made for, when it ends, a nonce, and the time of the
 * user's current link (0 when none), signed with an HMAC of the JWT secret. Short-lived and
 * unforgeable; single use because a completed connect changes the link's time, so the same state
 * no longer matches (and Strava's code is single use too).
 */
interface StatePayload {
  u: string;
  e: number;
  n: string;
  g: number;
}

function stateMac(secret: Uint8Array, body: string) {
  return createHmac('sha256', secret).update('strava-state:').update(body).digest();
}

export async function createConnectState(db: Db, secret: Uint8Array, userId: string, now: Date = new Date()): Promise<string> {
  const account = await findStravaAccount(db, userId);
  const payload: StatePayload = { u: userId, e: now.getTime() + STATE_TTL_MS, n: randomBytes(9).toString('base64url'), g: account?.connectedAt.getTime() ?? 0 };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${stateMac(secret, body).toString('base64url')}`;
}

/** True when the state was made by this server for this user, is unexpired and unused. */
export async function checkConnectState(db: Db, secret: Uint8Array, userId: string, state: string, now: Date = new Date()): Promise<boolean> {
  const [body, mac, ...rest] = state.split('.');
  if (!body || !mac || rest.length) return false;
  const expected = stateMac(secret, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
  } catch {
    return false;
  }
  if (payload.u !== userId || typeof payload.e !== 'number' || payload.e < now.getTime()) return false;
  const account = await findStravaAccount(db, userId);
  return (account?.connectedAt.getTime() ?? 0) === payload.g;
}

/** 'activity:read_all' among the scopes Strava's callback says were granted ("read,activity:read_all"). */
export function grantsActivityRead(scope: string | undefined, needed: string): boolean {
  return (scope ?? '').split(/[,\s]+/).includes(needed);
}

export type LinkOutcome = 'connected' | 'taken';

/**
 * Stores the link from a completed consent: the athlete id (on the user too: /api/auth/me shows it
 * as strava.id) and the sealed tokens. A reconnect replaces the tokens. 'taken' when the athlete is
 * linked to another Derap user.
 */
export async function storeLink(db: Db, config: StravaConfig, userId: string, grant: StravaGrant, now: Date = new Date()): Promise<LinkOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [other] = await tx
        .select({ userId: stravaAccounts.userId })
        .from(stravaAccounts)
        .where(and(eq(stravaAccounts.athleteId, grant.athleteId), ne(stravaAccounts.userId, userId)))
        .limit(1);
      if (other) return 'taken' as const;
      // Reconnecting with ANOTHER Strava account: what came from the first one goes (its tokens are
      // replaced below), as at a disconnect; the same account keeps its synced runs.
      const [previous] = await tx.select({ athleteId: stravaAccounts.athleteId }).from(stravaAccounts).where(eq(stravaAccounts.userId, userId)).limit(1);
      if (previous && previous.athleteId !== grant.athleteId) await forgetStravaData(tx, userId);
      const sealed = {
        athleteId: grant.athleteId,
        accessTokenEnc: sealToken(config.tokenKey, grant.accessToken),
        refreshTokenEnc: sealToken(config.tokenKey, grant.refreshToken),
        expiresAt: grant.expiresAt,
        scope: grant.scope,
        connectedAt: now,
        updatedAt: now,
      };
      await tx.insert(stravaAccounts).values({ userId, ...sealed }).onConflictDoUpdate({ target: stravaAccounts.userId, set: sealed });
      await patchUserState(tx, userId, { stravaAthleteId: grant.athleteId, updatedAt: now });
      return 'connected' as const;
    });
  } catch (err) {
    // Two users finishing the same athlete's consent at once: the unique athlete index decides.
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Records that a sync of the runner finished (the sync feature calls it). */
export async function markSynced(db: Db, userId: string, now: Date = new Date()): Promise<void> {
  await db.update(stravaAccounts).set({ lastSyncAt: now }).where(eq(stravaAccounts.userId, userId));
}
