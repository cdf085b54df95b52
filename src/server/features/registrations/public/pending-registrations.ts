import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { zonedDateTime } from '../../../../domain/registrations/registration-form';
import type { Db } from '../../../db/client';
import { eventCategories, type EventCategoryRow, type EventRow } from '../../../db/schema/events';
import { orders } from '../../../db/schema/payments';
import { registrationAttempts, runnerRegistrations, usedRegistrationChallenges, type RunnerRegistrationRow } from '../../../db/schema/registrations';
import { AppError, conflict } from '../../../app-error';
import { releaseSlot } from './waiting-list';

/**
 * One pending registration per identity number and per email per event (issue 8 item 1), and the
 * per-identity attempt limit. Partial unique indexes on `runner_registrations (event_ref,
 * identity_key|email_key) where status = 'pending'` make the rule hold under concurrency; this
 * module decides what a second attempt gets:
 *
 * - same identity number, same email, same category → the first registration resumed: its
 *   registration id and payment page, no new slot, the hold not extended, the new data not stored;
 * - same identity number and email, another category → 409 naming the held category;
 * - same identity number, another email → 409 (someone who knows only an identity number learns
 *   nothing of the first registration);
 * - same email, another identity number → 409 (someone who knows only an email can neither take
 *   over nor cancel another runner's registration).
 */

export const pendingMessages = {
  otherCategory: (category: string, until: string) =>
    `Anda masih memiliki pendaftaran kategori ${category} yang menunggu pembayaran di event ini. Selesaikan pembayarannya (pilih kategori ${category} lalu kirim ulang formulir untuk melanjutkan), atau tunggu hingga batas waktunya habis pada ${until} untuk memilih kategori lain.`,
  identityTaken: (until: string) =>
    `Nomor identitas ini sudah dipakai untuk pendaftaran lain di event ini yang masih menunggu pembayaran. Gunakan email yang sama dengan pendaftaran tersebut untuk melanjutkan pembayarannya, atau tunggu hingga batas waktunya habis pada ${until}.`,
  emailTaken: (until: string) =>
    `Email ini masih memiliki pendaftaran lain di event ini yang menunggu pembayaran. Selesaikan pembayaran pendaftaran tersebut terlebih dahulu, lalu daftarkan pelari berikutnya, atau tunggu hingga batas waktunya habis pada ${until}.`,
  closing: 'Batas waktu pembayaran pendaftaran Anda sebelumnya baru saja habis dan sedang kami tutup. Silakan coba lagi dalam satu menit.',
  inProgress: 'Pendaftaran dengan data ini sedang diproses. Silakan coba lagi sebentar lagi.',
  tooManyAttempts: (after: string) =>
    `Terlalu banyak percobaan pendaftaran dengan nomor identitas ini untuk event ini. Coba lagi setelah pukul ${after}.`,
} as const;

export interface RunnerKeys {
  identityKey: string;
  emailKey: string;
}

const HOUR = 3_600_000;

/** '21 Mei 2027 pukul 09.15 WIB' in the event's zone. */
function untilText(instant: Date, timeZone: string): string {
  const t = zonedDateTime(instant, timeZone);
  return `${t.date} pukul ${t.time} ${t.offset}`;
}

/**
 * Counts one attempt for this identity number at this event (fixed one-hour windows, in the
 * database so every server shares it) and refuses with 429 past `limit`.
 */
export async function countIdentityAttempt(db: Db, event: Pick<EventRow, 'id' | 'timezone'>, identityKey: string, limit: number, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const [row] = await db
    .insert(registrationAttempts)
    .values({ eventRef: event.id, identityKey, windowStart, attempts: 1 })
    .onConflictDoUpdate({
      target: [registrationAttempts.eventRef, registrationAttempts.identityKey, registrationAttempts.windowStart],
      set: { attempts: sql`${registrationAttempts.attempts} + 1` },
    })
    .returning({ attempts: registrationAttempts.attempts });
  if (row!.attempts > limit) {
    const t = zonedDateTime(new Date(windowStart.getTime() + HOUR), event.timezone);
    throw new AppError('too_many', pendingMessages.tooManyAttempts(`${t.time} ${t.offset}`), 'IDENTITY_RATE_LIMITED');
  }
}

/** What a resumed registration answers: the first one, with its own payment page. */
export interface ResumedRegistration {
  row: RunnerRegistrationRow;
  paymentUrl: string | null;
}

async function pendingMatches(db: Db, eventRef: string, keys: RunnerKeys): Promise<RunnerRegistrationRow[]> {
  return db
    .select()
    .from(runnerRegistrations)
    .where(
      and(
        eq(runnerRegistrations.eventRef, eventRef),
        // Awaiting the organizer's verification is still unpaid and still holds the slot.
        inArray(runnerRegistrations.status, ['pending', 'awaiting_verification']),
        or(eq(runnerRegistrations.identityKey, keys.identityKey), eq(runnerRegistrations.emailKey, keys.emailKey)),
      ),
    );
}

/**
 * A self-managed registration whose time is up but which the sweep has not reached yet: expire it
 * now (claimed by its status, so once) and free its slot. Platform ones wait for their order's
 * expiry, which asks the gateway first (a payment may be arriving).
 */
async function expireSelfManaged(db: Db, row: RunnerRegistrationRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [expired] = await tx
      .update(runnerRegistrations)
      .set({ status: 'expired', paymentStatus: 'expired', updatedAt: now })
      .where(and(eq(runnerRegistrations.id, row.id), inArray(runnerRegistrations.status, ['pending', 'awaiting_verification'])))
      .returning({ categoryRef: runnerRegistrations.categoryRef });
    // Freed: to the category's waiting list first (decision 033).
    if (expired) await releaseSlot(tx, expired.categoryRef, now);
  });
}

/**
 * The pending registration a new attempt must resume, or null when it may take a slot of its own.
 * Throws 409 for the mismatching cases (see the top of this file).
 */
export async function findResumable(
  db: Db,
  event: Pick<EventRow, 'id' | 'timezone'>,
  category: Pick<EventCategoryRow, 'id'>,
  keys: RunnerKeys,
  now: Date,
): Promise<ResumedRegistration | null> {
  let matches = await pendingMatches(db, event.id, keys);
  // A proof awaiting verification does not stop the clock (issue 26 §5): its hold goes stale too.
  const stale = matches.filter((m) => m.expiresAt && m.expiresAt.getTime() <= now.getTime());
  if (stale.some((m) => m.orderId)) throw conflict(pendingMessages.closing, 'REGISTRATION_CLOSING');
  if (stale.length > 0) {
    for (const m of stale) await expireSelfManaged(db, m, now);
    matches = await pendingMatches(db, event.id, keys);
  }
  if (matches.length === 0) return null;

  const byIdentity = matches.find((m) => m.identityKey === keys.identityKey);
  const byEmail = matches.find((m) => m.emailKey === keys.emailKey);
  const until = (m: RunnerRegistrationRow) => untilText(m.expiresAt ?? now, event.timezone);
  if (byIdentity && byIdentity === byEmail) {
    if (byIdentity.categoryRef !== category.id) {
      const [held] = await db.select({ name: eventCategories.name }).from(eventCategories).where(eq(eventCategories.id, byIdentity.categoryRef));
      throw conflict(pendingMessages.otherCategory(held?.name ?? '-', until(byIdentity)), 'PENDING_OTHER_CATEGORY');
    }
    let paymentUrl: string | null = null;
    if (byIdentity.orderId) {
      const [order] = await db.select({ paymentUrl: orders.paymentUrl }).from(orders).where(eq(orders.id, byIdentity.orderId));
      paymentUrl = order?.paymentUrl ?? null;
    }
    return { row: byIdentity, paymentUrl };
  }
  if (byIdentity) throw conflict(pendingMessages.identityTaken(until(byIdentity)), 'IDENTITY_PENDING');
  throw conflict(pendingMessages.emailTaken(until(byEmail!)), 'EMAIL_PENDING');
}

const pendingIndexes = new Set(['runner_registrations_pending_identity_key', 'runner_registrations_pending_email_key']);

/** Whether `error` is the database refusing a second pending registration (either driver). */
export function isPendingDuplicate(error: unknown): boolean {
  let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23505' && typeof e.constraint === 'string' && pendingIndexes.has(e.constraint)) return true;
  }
  return false;
}

/** Drops attempt windows and used challenges nobody can need any more. */
export async function sweepRegistrationGuards(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(registrationAttempts).where(lt(registrationAttempts.windowStart, new Date(now.getTime() - 2 * HOUR)));
  await db.delete(usedRegistrationChallenges).where(lt(usedRegistrationChallenges.expiresAt, now));
}
