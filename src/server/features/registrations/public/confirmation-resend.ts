import { maskEmail } from '../../../../domain/registrations/registration-identity';
import type { Mailer } from '../../../adapters/mail/port';
import type { Db } from '../../../db/client';
import { findRegistrationByOrderRef } from './registration-by-order';
import { AppError, conflict, notFound } from '../../../app-error';
import { confirmationMail } from '../confirmation-mail';
import { registrationErrors } from '../registration-messages';

/** One runner resend per registration per window (the mail outbox's unique topic keeps it so). */
export const RESEND_WINDOW_MINUTES = 10;

export const resendMessages = {
  sent: (emailHint: string) => `Email konfirmasi dikirim ulang ke ${emailHint}. Jika belum ada di kotak masuk dalam beberapa menit, periksa folder spam atau promosi.`,
  tooSoon: `Email konfirmasi baru saja dikirim ulang. Anda dapat memintanya lagi setelah ${RESEND_WINDOW_MINUTES} menit.`,
  notPaid: 'Email konfirmasi hanya dikirim untuk pendaftaran yang sudah dibayar.',
} as const;

/** The outbox topic of a runner resend: one per registration per window, whatever the number of servers. */
export const resendTopic = (registrationRef: string, now: Date) =>
  `registration:${registrationRef}:runner-resend:${Math.floor(now.getTime() / (RESEND_WINDOW_MINUTES * 60_000))}`;

/**
 * 'Kirim ulang email' on the success page: the confirmation (with its QR code) once more to the
 * address the runner registered with, never another. Authorised like the payment state, by the
 * registration id together with its gateway order reference; paid registrations only.
 */
export async function resendConfirmation(db: Db, mail: Mailer, registrationId: string, orderRef: string, now: Date = new Date()): Promise<string> {
  const found = await findRegistrationByOrderRef(db, registrationId, orderRef);
  if (!found) throw notFound(registrationErrors.registrationNotFound);
  const { registration: row, event, category } = found;
  if (row.status !== 'confirmed' && row.status !== 'racepack_collected') throw conflict(resendMessages.notPaid, 'REGISTRATION_NOT_PAID');
  const queued = await mail.enqueue({ ...(await confirmationMail(row, event, category)), topic: resendTopic(row.id, now) });
  if (!queued) throw new AppError('too_many', resendMessages.tooSoon, 'RESEND_TOO_SOON');
  mail.kick();
  return resendMessages.sent(maskEmail(row.email));
}
