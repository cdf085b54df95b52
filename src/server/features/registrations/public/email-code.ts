import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { emailKey } from '../../../../domain/registrations/registration-identity';
import { maskEmail } from '../../../../domain/registrations/registration-identity';
import type { Mailer } from '../../../adapters/mail/port';
import { composeMail } from '../../../adapters/mail/compose';
import type { Db } from '../../../db/client';
import { registrationEmailCodes, type EventRow } from '../../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../../app-error';
import { findRegistrationContext } from '../../events/service';
import { registrationErrors } from '../registration-messages';

/**
 * The organizer's email code (issue 26 §5, decision 033): on an event that asks for one, a slot is
 * held only once the runner typed the 6-digit code mailed to the address they register with, so
 * invented identities cost a real mailbox each. Everything lives in the database (any server may
 * check a code another sent); codes are kept only as an HMAC under the server's secret.
 */

export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const EMAIL_CODE_SENDS_PER_HOUR = 5;
const HOUR = 3_600_000;

export const emailCodeMessages = {
  notRequired: 'Event ini tidak memakai kode verifikasi email.',
  sent: (hint: string) => `Kode verifikasi 6 digit telah dikirim ke ${hint}. Kode berlaku ${EMAIL_CODE_TTL_MINUTES} menit; periksa juga folder spam atau promosi.`,
  tooSoon: (seconds: number) => `Kode baru saja dikirim. Tunggu ${seconds} detik sebelum meminta kode lagi.`,
  tooMany: `Terlalu banyak permintaan kode untuk email ini. Coba lagi dalam satu jam.`,
  required: 'Masukkan kode verifikasi 6 digit yang kami kirim ke email Anda.',
  invalid: (left: number) =>
    left > 0 ? `Kode verifikasi salah. Sisa percobaan: ${left}.` : 'Kode verifikasi salah dan sudah tidak dapat dipakai. Minta kode baru.',
  expired: 'Kode verifikasi tidak berlaku lagi. Minta kode baru.',
} as const;

export interface EmailCodeDeps {
  db: Db;
  mail: Mailer;
  secret: Uint8Array;
  publicUrl: string;
}

function hashCode(secret: Uint8Array, eventRef: string, key: string, code: string): string {
  return createHmac('sha256', secret).update(`${eventRef}\n${key}\n${code}`).digest('hex');
}

export interface SentEmailCode {
  message: string;
  expiresAt: string;
  resendAfterSeconds: number;
}

/**
 * 'Kirim kode': a fresh code for this event and email replaces any earlier one (its wrong guesses
 * forgotten). Paced per email: one a minute and EMAIL_CODE_SENDS_PER_HOUR an hour, so the form
 * cannot be used to flood someone's mailbox; concurrent requests send one mail.
 */
export async function sendEmailCode(deps: EmailCodeDeps, input: { eventId: string; email: string }, now: Date = new Date()): Promise<SentEmailCode> {
  const context = await findRegistrationContext(deps.db, input.eventId, 0);
  if (!context) throw notFound(registrationErrors.eventNotFound);
  const { event } = context;
  if (event.status === 'dibatalkan') throw conflict(registrationErrors.eventCanceled, 'EVENT_CANCELED');
  if (event.status !== 'diterima') throw conflict(registrationErrors.eventNotAccepted, 'EVENT_NOT_ACCEPTED');
  if (!event.emailCodeRequired) throw conflict(emailCodeMessages.notRequired, 'EMAIL_CODE_NOT_REQUIRED');
  const key = emailKey(input.email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = hashCode(deps.secret, event.id, key, code);
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000);

  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(registrationEmailCodes)
      .where(and(eq(registrationEmailCodes.eventRef, event.id), eq(registrationEmailCodes.emailKey, key)))
      .for('update');
    if (existing) {
      const waited = Math.floor((now.getTime() - existing.sentAt.getTime()) / 1000);
      if (waited < EMAIL_CODE_RESEND_SECONDS) throw new AppError('too_many', emailCodeMessages.tooSoon(EMAIL_CODE_RESEND_SECONDS - waited), 'EMAIL_CODE_TOO_SOON');
      const newWindow = now.getTime() - existing.windowStart.getTime() >= HOUR;
      if (!newWindow && existing.sends >= EMAIL_CODE_SENDS_PER_HOUR) throw new AppError('too_many', emailCodeMessages.tooMany, 'EMAIL_CODE_LIMIT');
      await tx
        .update(registrationEmailCodes)
        .set({
          codeHash,
          attempts: 0,
          sends: newWindow ? 1 : existing.sends + 1,
          windowStart: newWindow ? now : existing.windowStart,
          sentAt: now,
          expiresAt,
        })
        .where(eq(registrationEmailCodes.id, existing.id));
    } else {
      const inserted = await tx
        .insert(registrationEmailCodes)
        .values({ eventRef: event.id, emailKey: key, codeHash, windowStart: now, sentAt: now, expiresAt })
        .onConflictDoNothing()
        .returning({ id: registrationEmailCodes.id });
      // Another request for the same address won the insert an instant ago: that one's mail goes.
      if (inserted.length === 0) throw new AppError('too_many', emailCodeMessages.tooSoon(EMAIL_CODE_RESEND_SECONDS), 'EMAIL_CODE_TOO_SOON');
    }
    await deps.mail.enqueue(emailCodeMail(input.email, code, event, deps.publicUrl, now), { tx });
  });
  deps.mail.kick();
  return { message: emailCodeMessages.sent(maskEmail(input.email)), expiresAt: expiresAt.toISOString(), resendAfterSeconds: EMAIL_CODE_RESEND_SECONDS };
}

function emailCodeMail(to: string, code: string, event: EventRow, publicUrl: string, now: Date) {
  return composeMail({
    to,
    subject: `Kode verifikasi ${code} — ${event.name}`,
    heading: 'Kode verifikasi pendaftaran',
    intro: [`Ketik kode berikut di formulir pendaftaran ${event.name} untuk melanjutkan pendaftaran Anda.`],
    details: [
      ['Kode verifikasi', code],
      ['Berlaku', `${EMAIL_CODE_TTL_MINUTES} menit`],
    ],
    link: { label: 'Buka formulir pendaftaran', url: `${publicUrl}/register/${encodeURIComponent(event.code)}` },
    outro: ['Jangan berikan kode ini kepada siapa pun. Jika Anda tidak sedang mendaftar, abaikan email ini.'],
    topic: `registration-email-code:${event.id}:${now.getTime()}:${code}`,
  });
}

/**
 * Checks the runner's code before anything is reserved; every check counts as one attempt (claimed
 * in one UPDATE, so parallel guesses cannot exceed the limit). Returns the code's row, which the
 * reservation consumes in its transaction (`consumeEmailCode`).
 */
export async function checkEmailCode(db: Db, secret: Uint8Array, eventRef: string, key: string, code: string | undefined, now: Date): Promise<string> {
  if (!code) throw badRequest(emailCodeMessages.required, 'EMAIL_CODE_REQUIRED');
  const [row] = await db
    .update(registrationEmailCodes)
    .set({ attempts: sql`${registrationEmailCodes.attempts} + 1` })
    .where(
      and(
        eq(registrationEmailCodes.eventRef, eventRef),
        eq(registrationEmailCodes.emailKey, key),
        gt(registrationEmailCodes.expiresAt, now),
        lt(registrationEmailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!row) throw badRequest(emailCodeMessages.expired, 'EMAIL_CODE_EXPIRED');
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(secret, eventRef, key, code), 'hex');
  if (!timingSafeEqual(expected, given)) throw badRequest(emailCodeMessages.invalid(EMAIL_CODE_MAX_ATTEMPTS - row.attempts), 'EMAIL_CODE_INVALID');
  return row.id;
}

/** In the reservation's transaction: the code is spent with the slot it won (and stays if the reservation fails). */
export async function consumeEmailCode(tx: Db, id: string): Promise<void> {
  const gone = await tx.delete(registrationEmailCodes).where(eq(registrationEmailCodes.id, id)).returning({ id: registrationEmailCodes.id });
  if (gone.length === 0) throw badRequest(emailCodeMessages.expired, 'EMAIL_CODE_EXPIRED');
}

/** Codes that ran out (an hour past expiry, so the hourly send cap still holds meanwhile). */
export async function pruneEmailCodes(db: Db, now: Date): Promise<void> {
  await db.delete(registrationEmailCodes).where(lt(registrationEmailCodes.expiresAt, new Date(now.getTime() - HOUR)));
}
