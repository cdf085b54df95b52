import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { handoffValidationMessages } from '../../../domain/auth/mobile-handoff';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { mobileHandoffCodes } from '../../db/schema/auth';
import { users, type UserRow } from '../../db/schema/users';
import { startSession, type TokenPair } from './tokens';

/**
 * The hand-off of a browser sign-in to the mobile app (decision 008): the browser, after a click,
 * asks for a one-time code bound to its user and the app's PKCE challenge; only the app that holds
 * the matching verifier can exchange that code for a mobile session.
 */

/** How long a code lives: long enough for the OS to switch to the app, short enough to be useless later. */
export const HANDOFF_CODE_TTL_SECONDS = 60;
/** Used and expired codes are kept this long (so a replay is told "already used"), then deleted. */
const HANDOFF_CODE_RETENTION = sql`interval '1 hour'`;

export const handoffMessages = {
  ...handoffValidationMessages,
  codeRequired: 'Permintaan ini membutuhkan code dan code_verifier. Perbarui aplikasi Derap Anda, lalu masuk lagi dari aplikasi.',
  invalid: handoffValidationMessages.codeInvalid,
  used: 'Kode login sudah dipakai. Silakan masuk lagi dari aplikasi.',
  expired: 'Kode login sudah kedaluwarsa. Silakan masuk lagi dari aplikasi.',
  verifierMismatch: 'Verifikasi kode login gagal. Silakan masuk lagi dari aplikasi.',
} as const;

const sha256 = (value: string) => createHash('sha256').update(value);
const hashCode = (code: string) => sha256(code).digest('hex');
export const s256Challenge = (verifier: string) => sha256(verifier).digest('base64url');

/** Mints a code for `userId` bound to `codeChallenge`; the database clock decides its expiry (several servers). */
export async function createHandoffCode(db: Db, userId: string, codeChallenge: string): Promise<{ code: string; expiresIn: number }> {
  // Housekeeping on the way: codes past their retention are of no use to anyone.
  await db.delete(mobileHandoffCodes).where(lt(mobileHandoffCodes.expiresAt, sql`now() - ${HANDOFF_CODE_RETENTION}`));
  const code = randomBytes(32).toString('base64url');
  await db.insert(mobileHandoffCodes).values({
    userId,
    codeHash: hashCode(code),
    codeChallenge,
    expiresAt: sql`now() + make_interval(secs => ${HANDOFF_CODE_TTL_SECONDS})`,
  });
  return { code, expiresIn: HANDOFF_CODE_TTL_SECONDS };
}

export type HandoffFailure = 'invalid' | 'used' | 'expired' | 'verifierMismatch';
export type HandoffResult = ({ ok: true; user: UserRow } & TokenPair) | { ok: false; reason: HandoffFailure };

/**
 * Exchanges a code and its verifier for a new mobile session. The code is claimed atomically
 * (one UPDATE whose WHERE holds every condition): of two concurrent exchanges only one sees
 * used_at still null. A wrong verifier does not burn the code. Claim and session are one
 * transaction, so a failure while starting the session leaves the code usable.
 */
export async function exchangeHandoffCode(
  db: Db,
  cfg: AppConfig,
  input: { code: string; codeVerifier: string },
  userAgent?: string,
): Promise<HandoffResult> {
  const codeHash = hashCode(input.code);
  const challenge = s256Challenge(input.codeVerifier);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(mobileHandoffCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(mobileHandoffCodes.codeHash, codeHash),
          eq(mobileHandoffCodes.codeChallenge, challenge),
          isNull(mobileHandoffCodes.usedAt),
          gt(mobileHandoffCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: mobileHandoffCodes.id, userId: mobileHandoffCodes.userId });
    if (!claimed) return { ok: false, reason: await whyRefused(tx, codeHash, challenge) };

    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
    if (!user) return { ok: false, reason: 'invalid' };
    const pair = await startSession(tx, cfg, user.id, 'mobile', userAgent);
    await tx.update(mobileHandoffCodes).set({ sessionId: pair.sessionId }).where(eq(mobileHandoffCodes.id, claimed.id));
    return { ok: true, token: pair.token, refreshToken: pair.refreshToken, user };
  });
}

/** Tells the caller which condition failed (after the claim found nothing to claim). */
async function whyRefused(db: Db, codeHash: string, challenge: string): Promise<HandoffFailure> {
  const [row] = await db
    .select({
      used: sql<boolean>`${mobileHandoffCodes.usedAt} is not null`,
      expired: sql<boolean>`${mobileHandoffCodes.expiresAt} <= now()`,
      challenge: mobileHandoffCodes.codeChallenge,
    })
    .from(mobileHandoffCodes)
    .where(eq(mobileHandoffCodes.codeHash, codeHash))
    .limit(1);
  if (!row) return 'invalid';
  if (row.used) return 'used';
  if (row.expired) return 'expired';
  if (row.challenge !== challenge) return 'verifierMismatch';
  return 'used'; // lost a race that finished between the claim and this read
}
