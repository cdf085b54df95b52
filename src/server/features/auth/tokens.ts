import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { authSessions, refreshTokens, users, type UserRow } from '../../db/schema';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export type SessionClient = 'web' | 'mobile';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function signAccessToken(cfg: AppConfig, userId: string, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setIssuer('derap')
    .setAudience('derap-api')
    .setExpirationTime(`${cfg.accessTokenTtlSeconds}s`)
    .sign(cfg.jwtSecret);
}

/** Verifies the JWT and that its session is still alive; returns the current user row. */
export async function authenticateAccessToken(
  db: Db,
  cfg: AppConfig,
  token: string,
): Promise<{ user: UserRow; sessionId: string } | null> {
  let userId: string;
  let sessionId: string;
  try {
    const { payload } = await jwtVerify(token, cfg.jwtSecret, { issuer: 'derap', audience: 'derap-api' });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    userId = payload.sub;
    sessionId = payload.sid;
  } catch {
    return null;
  }
  const [row] = await db
    .select({ user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .limit(1);
  return row ? { user: row.user, sessionId } : null;
}

async function mintRefreshToken(db: Db, cfg: AppConfig, sessionId: string): Promise<string> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + cfg.refreshTokenTtlDays * 86_400_000),
  });
  return refreshToken;
}

/** A new sign-in: a new session with its first refresh token. */
export async function startSession(
  db: Db,
  cfg: AppConfig,
  userId: string,
  client: SessionClient,
  userAgent?: string,
): Promise<TokenPair & { sessionId: string }> {
  const [session] = await db
    .insert(authSessions)
    .values({ userId, client, userAgent: userAgent?.slice(0, 300) ?? null })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('session insert returned nothing');
  const refreshToken = await mintRefreshToken(db, cfg, session.id);
  const token = await signAccessToken(cfg, userId, session.id);
  return { token, refreshToken, sessionId: session.id };
}

export type RefreshResult =
  | ({ ok: true; userId: string; sessionId: string } & TokenPair)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Rotates a refresh token: each token works once. Presenting a token that was already used
 * means it leaked (or a client replayed it), so the whole session is revoked.
 */
export async function rotateRefreshToken(db: Db, cfg: AppConfig, presented: string): Promise<RefreshResult> {
  const hash = hashToken(presented);
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.session.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.token.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  // Claim the token atomically: of two concurrent uses only one sees used_at still null.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeSession(db, row.session.id, 'refresh token reused');
    return { ok: false, reason: 'reused' };
  }
  const refreshToken = await mintRefreshToken(db, cfg, row.session.id);
  const token = await signAccessToken(cfg, row.session.userId, row.session.id);
  return { ok: true, token, refreshToken, userId: row.session.userId, sessionId: row.session.id };
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes the session that owns a refresh token (logout from a client that has only that). */
export async function revokeSessionByRefreshToken(db: Db, presented: string): Promise<void> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (row) await revokeSession(db, row.sessionId, 'logout');
}
