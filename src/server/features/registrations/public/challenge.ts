import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, count, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { runnerRegistrations, usedRegistrationChallenges } from '../../../db/schema';
import { AppError } from '../../../app-error';

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
 *
 * The work grows with the live unpaid holds of the client's address on the event (issue 26 §5,
 * decision 031): see `challengeLevel`.
 */
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
export const CHALLENGE_COST = 5_000;
export const CHALLENGE_MAX_NUMBER = 1_000;
export const CHALLENGE_TTL_SECONDS = 10 * 60;
/** The encoded solution (base64 of a small JSON): anything longer is not one. */
export const CHALLENGE_PAYLOAD_MAX = 2_000;

/** Live unpaid holds of one address on an event that still get the easy challenge (a family). */
export const CHALLENGE_FREE_HOLDS = 3;
/** The hardest level: 2^8 × the base work (about four CPU-minutes for a bot on one core). */
export const CHALLENGE_MAX_LEVEL = 8;
/**
 * How long a spent challenge counts as a hold on its way: between the proof of work and the
 * committed registration are a few queries (seconds at most), so simultaneous submits from one
 * address are counted before their holds exist.
 */
export const CHALLENGE_IN_FLIGHT_SECONDS = 120;

/**
 * The difficulty for an address that holds `holds` live unpaid slots of the event: level 0 (the
 * base work) for the first CHALLENGE_FREE_HOLDS, then doubling with each further hold. The tenth
 * registration of one address costs 2^7 × the base (about two CPU-minutes), the eleventh on 2^8.
 */
export function challengeLevel(holds: number): number {
  return Math.min(Math.max(0, holds - CHALLENGE_FREE_HOLDS + 1), CHALLENGE_MAX_LEVEL);
}

/** The secret counter's range at `level`: the expected work is half of it. */
export const challengeMaxNumber = (level: number) => CHALLENGE_MAX_NUMBER * 2 ** level;

/** Long enough for a slow phone's worst case at the level (≈ 4 ms a try), never under the base TTL. */
export function challengeTtlSeconds(level: number): number {
  return level === 0 ? CHALLENGE_TTL_SECONDS : CHALLENGE_TTL_SECONDS + Math.ceil(challengeMaxNumber(level) * 0.004);
}

/** Who spends a challenge: the event it registers for and the client's address key. */
export interface ChallengeSpender {
  eventRef: string;
  addressKey: string;
}

/**
 * The API document's description of the proof of work (GET /api/runner-registrations/challenge in
 * /api/docs): enough for a client written from the document alone to register.
 */
export const CHALLENGE_DOC = [
  'Self-hosted ALTCHA v2 proof of work, asked by `POST /api/runner-registrations` (field `altcha`) unless this answers `enabled: false`.',
  '',
  '**Fetch.** `GET /api/runner-registrations/challenge?eventId=<the event id, slug or code you will register for>`. The answer is',
  '`{ enabled, challenge: { parameters: { algorithm: "PBKDF2/SHA-256", nonce, salt, cost, keyLength, keyPrefix, keySignature, expiresAt, data: { level, maxNumber } }, signature } }`.',
  `A challenge is accepted once, until \`expiresAt\` (Unix seconds; ${CHALLENGE_TTL_SECONDS / 60} minutes at level 0, longer when harder).`,
  '',
  '**Solve.** Find the integer `counter` (0 ≤ counter ≤ `data.maxNumber`, counting up from 0) for which',
  '`derivedKey = PBKDF2-HMAC-SHA-256(password = nonce bytes ‖ counter as 4 bytes big-endian, salt = salt bytes, iterations = cost, length = keyLength bytes)`',
  '(`nonce` and `salt` are hex) starts with the bytes of `keyPrefix` (hex). altcha-lib does this: `solveChallenge({ challenge, deriveKey })` with',
  '`deriveKey` from `altcha-lib/algorithms/pbkdf2` (Node) or `altcha-lib/algorithms/web/pbkdf2` (WebCrypto), or `solveChallengeWorkers` to use several cores.',
  `Expected work: maxNumber / 2 tries of ${CHALLENGE_COST} PBKDF2 iterations (level 0: about half a second on a phone).`,
  '',
  '**Send.** `altcha` = base64 of the JSON `{ "challenge": { "parameters": <as received>, "signature": <as received> }, "solution": { "counter": <n>, "derivedKey": <hex> } }`',
  'in the body of `POST /api/runner-registrations`. Errors (400): CHALLENGE_REQUIRED, CHALLENGE_INVALID, CHALLENGE_EXPIRED; (409) CHALLENGE_USED: fetch and solve a new one.',
  '',
  `**Difficulty.** \`data.level\` grows with the live unpaid holds (pending registrations whose hold has not ended) of your address (IPv4, or IPv6 /64) on the event: level 0 for the first ${CHALLENGE_FREE_HOLDS}, then +1 (twice the work) per further hold, at most ${CHALLENGE_MAX_LEVEL}.`,
  'Holds end when paid or expired. When your address took further holds after you fetched the challenge, the registration answers 409 CHALLENGE_TOO_EASY (nothing is spent or stored):',
  'fetch a new challenge for the event, solve it and send the same registration again.',
].join('\n');

export const challengeMessages = {
  missing: 'Verifikasi keamanan belum selesai. Tunggu hingga tulisan "Memverifikasi…" hilang, lalu kirim ulang formulir.',
  invalid: 'Verifikasi keamanan tidak valid. Muat ulang halaman, lalu coba lagi.',
  expired: 'Verifikasi keamanan sudah kedaluwarsa. Silakan kirim ulang formulir.',
  used: 'Verifikasi keamanan ini sudah dipakai. Silakan kirim ulang formulir.',
  tooEasy:
    'Dari jaringan Anda sudah ada beberapa pendaftaran yang belum dibayar di event ini, jadi verifikasi keamanan berikutnya lebih berat. Halaman sedang memverifikasi ulang; formulir akan terkirim otomatis setelah selesai.',
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

/**
 * A keyed hash of the client's address (IPv4, or IPv6 /64, as the rate limits count it): what holds
 * and spent challenges are counted by, without storing anyone's address.
 */
export function addressKeyOf(keys: ChallengeKeys, clientAddress: string): string {
  return createHmac('sha256', keys.key).update(`address:${clientAddress}`).digest('base64url').slice(0, 22);
}

/**
 * Live unpaid holds of an address on an event, counting spent challenges of the last
 * CHALLENGE_IN_FLIGHT_SECONDS as holds on their way (but not twice once their hold exists).
 */
export async function liveHoldsOf(db: Db, spender: ChallengeSpender, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CHALLENGE_IN_FLIGHT_SECONDS * 1000);
  const [holds] = await db
    .select({
      older: sql<number>`count(*) filter (where ${runnerRegistrations.createdAt} < ${since})`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${runnerRegistrations.createdAt} >= ${since})`.mapWith(Number),
    })
    .from(runnerRegistrations)
    .where(
      and(
        eq(runnerRegistrations.eventRef, spender.eventRef),
        eq(runnerRegistrations.clientAddressKey, spender.addressKey),
        inArray(runnerRegistrations.status, ['pending', 'awaiting_verification']),
        gt(runnerRegistrations.expiresAt, now),
      ),
    );
  const [spent] = await db
    .select({ n: count() })
    .from(usedRegistrationChallenges)
    .where(
      and(
        eq(usedRegistrationChallenges.eventRef, spender.eventRef),
        eq(usedRegistrationChallenges.addressKey, spender.addressKey),
        gte(usedRegistrationChallenges.redeemedAt, since),
      ),
    );
  return (holds?.older ?? 0) + Math.max(holds?.recent ?? 0, spent?.n ?? 0);
}

/** A new challenge at `level` (see challengeLevel): random nonce, salt and counter; expires challengeTtlSeconds(level) after `now`. */
export async function newRegistrationChallenge(keys: ChallengeKeys, now: Date = new Date(), level = 0): Promise<Challenge> {
  const maxNumber = challengeMaxNumber(level);
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: randomInt(maxNumber),
    // Signed with the rest: the client cannot lower it; it may show it (how long to expect).
    data: { level, maxNumber },
    deriveKey,
    expiresAt: new Date(now.getTime() + challengeTtlSeconds(level) * 1000),
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
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
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
 * used, or easier than the live unpaid holds of `spender` on the event now ask for). A used
 * challenge is remembered in the database until it expires, so a second server refuses it too; it
 * is spent under a lock per event and address, so simultaneous submits are counted one by one.
 */
export async function redeemRegistrationChallenge(
  db: Db,
  keys: ChallengeKeys,
  payload: unknown,
  now: Date = new Date(),
  spender: ChallengeSpender | null = null,
): Promise<void> {
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
  // Signed with the challenge (verified above): a client cannot raise or lower it.
  const level = Number(challenge.parameters.data?.level ?? 0);
  const spent = { signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000), redeemedAt: now };
  const claimed = spender
    ? await db.transaction(async (tx) => {
        // One address's submits for one event take turns here (a transaction-scoped lock, so any server).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`challenge:${spender.eventRef}:${spender.addressKey}`}))`);
        if (level < challengeLevel(await liveHoldsOf(tx, spender, now))) throw new AppError('conflict', challengeMessages.tooEasy, 'CHALLENGE_TOO_EASY');
        return tx
          .insert(usedRegistrationChallenges)
          .values({ ...spent, eventRef: spender.eventRef, addressKey: spender.addressKey })
          .onConflictDoNothing()
          .returning({ signature: usedRegistrationChallenges.signature });
      })
    : await db.insert(usedRegistrationChallenges).values(spent).onConflictDoNothing().returning({ signature: usedRegistrationChallenges.signature });
  if (claimed.length === 0) throw new AppError('conflict', challengeMessages.used, 'CHALLENGE_USED');
}
