import { and, eq } from 'drizzle-orm';
import { connectionIsLive } from '../../../domain/coaching/coaching';
import { coachingMessages } from '../../../domain/coaching/contract';
import { jakartaToday, type IsoDay } from '../../../domain/shared/wire-date';
import { notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { coachConnections, type CoachConnectionRow } from '../../db/schema/coaching';

/**
 * Coaching (DESIGN.md §4; runner-and-coach §6): who may coach whom. Other features ask here before
 * letting a coach near a runner's plan or the AI on that runner's behalf; this is the one place the
 * rule lives. A connection gives access while it is live (active, a runner linked, within its
 * dates, Asia/Jakarta day) and loses it at once when the runner ends it.
 */

/** The caller's live connection to `runnerId`, or null. */
export async function liveConnection(db: Db, coachId: string, runnerId: string, today: IsoDay = jakartaToday()): Promise<CoachConnectionRow | null> {
  const rows = await db
    .select()
    .from(coachConnections)
    .where(and(eq(coachConnections.coachId, coachId), eq(coachConnections.runnerId, runnerId), eq(coachConnections.status, 'active')));
  return rows.find((row) => connectionIsLive(row, today)) ?? null;
}

/**
 * Throws 404 with the Indonesian message unless `coachId` coaches `runnerId` today: 404, not 403,
 * so a coach cannot probe which user ids exist.
 */
export async function requireLiveConnection(db: Db, coachId: string, runnerId: string, today?: IsoDay): Promise<CoachConnectionRow> {
  const connection = await liveConnection(db, coachId, runnerId, today);
  if (!connection) throw notFound(coachingMessages.notYourRunner);
  return connection;
}
