import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { usedRegistrationChallenges } from '../../db/schema';
import { AppError } from '../../app-error';

/**
 * The registration form's proof of work (issue 8 item 1), self-hosted with altcha-lib (ALTCHA v2):
 * the server hands out a signed challenge, the browser finds the counter behind it in a Web
 * Worker, and `POST /api/runner-registrations` accepts each solved challenge once, before any other
 * work. No outside service is involved.
 *
 * Difficulty: each try is one PBKDF2-SHA-256 of CHALLENGE_COST iterations, so a browser (WebCrypto,
 * native code) is nearly as fast per try as a bot's native code; the counter is uniform in
 * 1..CHALLENGE_MAX_NUMBER, so the expected work is half of that and the worst case twice the mean.
 * Measured figures are in docs/decisions/010-registration-hoarding.md.
 */
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
export const CHALLENGE_COST = 5_000;
export const CHALLENGE_MAX_NUMBER = 1_000;
export const CHALLENGE_TTL_SECONDS = 10 * 60;
/** The encoded solution (base64 of a small JSON): anything longer is not one. */
export const CHALLENGE_PAYLOAD_MAX = 2_000;

export const challengeMessages = {
  missing: 'Verifikasi keamanan belum selesai. Tunggu hingga tulisan "Memverifikasi…" hilang, lalu kirim ulang formulir.',
  invalid: 'Verifikasi keamanan tidak valid. Muat ulang halaman, lalu coba lagi.',
  expired: 'Verifikasi keamanan sudah kedaluwarsa. Silakan kirim ulang formulir.',
  used: 'Verifikasi keamanan ini sudah dipakai. Silakan kirim ulang formulir.',
} as const;

export interface ChallengeKeys {
  /** Signs the challenge's parameters. */
  signature: string;
  /** Signs the key the counter derives (so verifying costs one HMAC, not a PBKDF2). */
  key: string;
}

/** Keys only this server knows, stable across restarts and servers: derived from the server secret. */
export function challengeKeys(secret: Uint8Array): ChallengeKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest('hex');
  return { signature: derive('derap-registration-challenge-v1'), key: derive('derap-registration-challenge-key-v1') };
}

/** A new challenge: random nonce, salt and counter; expires CHALLENGE_TTL_SECONDS after `now`. */
export async function newRegistrationChallenge(keys: ChallengeKeys, now: Date = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: randomInt(CHALLENGE_MAX_NUMBER),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(CHALLENGE_ALGORITHM),
      cost: z.literal(CHALLENGE_COST),
      nonce: z.string().max(64),
      salt: z.string().max(64),
      keyLength: z.number().int(),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(128),
      expiresAt: z.number().int().positive(),
    }),
    signature: z.string().max(128),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

/** `payload` is what the form sends: base64 of `{ challenge, solution }` (ALTCHA's payload format). */
function decode(payload: string): z.infer<typeof payloadSchema> | null {
  if (payload.length > CHALLENGE_PAYLOAD_MAX) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Accepts a solved challenge once, or throws 400 (missing, forged, wrong, expired) or 409 (already
 * used). A used challenge is remembered in the database until it expires, so a second server
 * refuses it too.
 */
export async function redeemRegistrationChallenge(db: Db, keys: ChallengeKeys, payload: unknown, now: Date = new Date()): Promise<void> {
  if (typeof payload !== 'string' || payload.trim() === '') throw new AppError('invalid', challengeMessages.missing, 'CHALLENGE_REQUIRED');
  const decoded = decode(payload.trim());
  if (!decoded) throw new AppError('invalid', challengeMessages.invalid, 'CHALLENGE_INVALID');
  const { challenge, solution } = decoded;
  if (challenge.parameters.expiresAt * 1000 <= now.getTime()) throw new AppError('invalid', challengeMessages.expired, 'CHALLENGE_EXPIRED');
  let verified = false;
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.key,
    });
    if (result.expired) throw new AppError('invalid', challengeMessages.expired, 'CHALLENGE_EXPIRED');
    verified = result.verified;
  } catch (err) {
    if (err instanceof AppError) throw err;
    verified = false;
  }
  if (!verified) throw new AppError('invalid', challengeMessages.invalid, 'CHALLENGE_INVALID');
  const claimed = await db
    .insert(usedRegistrationChallenges)
    .values({ signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ signature: usedRegistrationChallenges.signature });
  if (claimed.length === 0) throw new AppError('conflict', challengeMessages.used, 'CHALLENGE_USED');
}
