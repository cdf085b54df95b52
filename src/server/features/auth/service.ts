import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, refreshTokens } from '../../db/schema/auth';

/** How long a revoked session stays for the record (who signed out, why) before it goes. */
export const REVOKED_SESSION_RETENTION_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Session upkeep (the `auth.prune-sessions` job, decision 001): refresh tokens past their expiry go
 * (presented again they are refused as unknown instead of expired, refused either way); a used
 * token still inside its lifetime stays, because reuse detection needs it. Then sessions with no
 * token left go, and revoked ones once their retention is over. Deleting is idempotent, so two
 * servers running it at once change nothing twice.
 */
export async function pruneSessions(db: Db, now: Date = new Date()): Promise<{ tokens: number; sessions: number }> {
  const tokens = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.id });
  const sessions = await db
    .delete(authSessions)
    .where(
      sql`(${and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, new Date(now.getTime() - REVOKED_SESSION_RETENTION_DAYS * DAY)))})
        or (${lt(authSessions.createdAt, new Date(now.getTime() - DAY))}
            and not exists (select 1 from ${refreshTokens} where ${refreshTokens.sessionId} = ${authSessions.id}))`,
    )
    .returning({ id: authSessions.id });
  return { tokens: tokens.length, sessions: sessions.length };
}
