import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { IsoDay } from '../../../domain/shared/wire-date';
import { accessEndDay } from '../../../domain/subscriptions/subscription';
import type { Db } from '../../db/client';
import { calendarFeeds, trainingRuns } from '../../db/schema/training-plan';
import { users } from '../../db/schema/users';
import { findPlan, viewRun, type PlanOwner } from './service';
import type { CalendarRun } from './ics';

/** 32 random bytes in base64url: 43 characters, nothing else accepted as a feed token. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

// Same scheme as refresh tokens (auth/tokens.ts keeps its helper private): only the SHA-256 is stored,
// so a database leak gives no working feed URL.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates the caller's feed, or replaces its token so the old URL stops working at once. */
export async function rotateFeed(db: Db, userId: string): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt } });
  return { token, createdAt };
}

export async function feedStatus(db: Db, userId: string): Promise<{ active: boolean; createdAt: Date | null }> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return { active: !!row, createdAt: row?.createdAt ?? null };
}

/** Revokes the caller's feed; true when there was one. */
export async function revokeFeed(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return deleted.length > 0;
}

/** The owner of a feed token (with their subscription period, for the lock), or null (malformed, unknown or revoked). */
export async function feedOwner(db: Db, token: string): Promise<PlanOwner | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, currentPeriodEnd: users.currentPeriodEnd })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * Every run of the owner's plan from a day onward, oldest first, with when each last changed, as the
 * owner may see it: a locked AI run is its stub ('stub'), or is left out ('omit').
 */
export async function runsFrom(db: Db, owner: PlanOwner, from: IsoDay, locked: 'stub' | 'omit'): Promise<CalendarRun[]> {
  const plan = await findPlan(db, owner.id);
  if (!plan) return [];
  const rows = await db
    .select()
    .from(trainingRuns)
    .where(and(eq(trainingRuns.planId, plan.id), gte(trainingRuns.day, from)))
    .orderBy(asc(trainingRuns.day), asc(trainingRuns.createdAt), asc(trainingRuns.id));
  const accessEnd = accessEndDay(owner.currentPeriodEnd);
  return rows
    .map((row) => ({ ...viewRun(row, accessEnd), updatedAt: row.updatedAt }))
    .filter((run) => locked === 'stub' || !run.locked);
}
