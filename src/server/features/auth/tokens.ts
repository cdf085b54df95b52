import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { authSessions, refreshTokens } from '../../db/schema/auth';
import { users, type UserRow } from '../../db/schema/users';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export type SessionClient = 'web' | 'mobile';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `issuedAt` (whole seconds): a rotation's access token is signed for the rotation's time, so the grace window's repeat is the same token. */
export async function signAccessToken(cfg: AppConfig, userId: string, sessionId: string, issuedAt?: Date): Promise<string> {
  const iat = Math.floor((issuedAt ?? new Date()).getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(iat)
    .setIssuer('derap')
    .setAudience('derap-api')
    .setExpirationTime(iat + cfg.accessTokenTtlSeconds)
    .sign(cfg.jwtSecret);
}

/**
 * How long a just-rotated refresh token still answers with its successor pair (issue 26 §8): two
 * tabs (or a retry after a lost answer) refreshing with one token at once keep the user signed in.
 * After it, a reuse revokes the session as before.
 */
export const REFRESH_GRACE_MS = 30_000;

/**
 * The successor of a refresh token, DERIVED rather than stored: HMAC-SHA256 of the presented token
 * under the JWT secret. The database keeps only hashes of refresh tokens (a copy of it signs nobody
 * in), so the grace window cannot read the successor back; deriving it gives every server the same
 * successor from the presented token alone, and nobody without both the token and the secret can
 * compute it. The secret already signs every access token, so it guards nothing new.
 */
function successorOf(cfg: AppConfig, presented: string): string {
  return createHmac('sha256', cfg.jwtSecret).update('derap-refresh-successor\0').update(presented).digest('base64url');
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

/** Stores a refresh token's hash (random for a new session; derived for a rotation, where a second insert of the same successor does nothing). */
async function mintRefreshToken(db: Db, cfg: AppConfig, sessionId: string, refreshToken = randomBytes(32).toString('base64url'), now = new Date()): Promise<string> {
  await db
    .insert(refreshTokens)
    .values({
      sessionId,
      tokenHash: hashToken(refreshToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + cfg.refreshTokenTtlDays * 86_400_000),
    })
    .onConflictDoNothing({ target: refreshTokens.tokenHash });
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
 * Rotates a refresh token: each token works once. Presenting it again within REFRESH_GRACE_MS of
 * its use answers the same successor pair (two simultaneous refreshes); later, a token that was
 * already used means it leaked (or a client replayed it), so the whole session is revoked.
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

  // Claim the token atomically: of two concurrent uses only one sees used_at still null. The time
  // is whole seconds: the access token of the pair is signed for it, so a repeat signs the same.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
    .returning({ usedAt: refreshTokens.usedAt });
  let usedAt = claimed[0]?.usedAt ?? null;
  if (!usedAt) {
    const [used] = await db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, row.token.id));
    usedAt = used?.usedAt ?? null;
    if (!usedAt || Date.now() - usedAt.getTime() > REFRESH_GRACE_MS) {
      await revokeSession(db, row.session.id, 'refresh token reused');
      return { ok: false, reason: 'reused' };
    }
  }
  // The winner stores the successor; a repeat in the grace window derives the same one (and stores
  // it, should it come before the winner's insert).
  const refreshToken = await mintRefreshToken(db, cfg, row.session.id, successorOf(cfg, presented), usedAt);
  const token = await signAccessToken(cfg, row.session.userId, row.session.id, usedAt);
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
