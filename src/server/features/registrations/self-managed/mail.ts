import { formatRupiah } from '../../../../domain/shared/money';
import { zonedDateTime } from '../../../../domain/registrations/registration-form';
import type { OutgoingMail } from '../../../adapters/mail/port';
import type { EventCategoryRow, EventRow, RunnerRegistrationRow } from '../../../db/schema';
import { composeMail as compose } from '../../../adapters/mail/compose';

/**
 * Mails of a self-managed payment besides the confirmation (which verification sends): the
 * organizer rejected the proof (with the reason; the registration is canceled, the runner may
 * register again), and the hold is about to end (links to the runner's payment page).
 */

/**
 * The runner's payment page: status, the organizer's QR and instructions, and the proof upload,
 * which needs the link's key (payment-key.ts): only the runner's own links carry it.
 */
export const paymentPageUrl = (publicUrl: string, registrationId: string, paymentKey: string) =>
  `${publicUrl}/registration-payment/${encodeURIComponent(registrationId)}?key=${encodeURIComponent(paymentKey)}`;

/** The event's registration form, to register again. */
const registerUrl = (publicUrl: string, event: Pick<EventRow, 'code'>) => `${publicUrl}/register/${encodeURIComponent(event.code)}`;

/** One rejection, one mail: a later rejection of a newer proof is another topic. */
export const rejectionTopic = (row: Pick<RunnerRegistrationRow, 'id'>, rejectedAt: Date) => `registration-payment-rejected:${row.id}:${rejectedAt.getTime()}`;

/** One reminder per hold: a rejection starts a new hold (new expiry), which may be reminded again. */
export const holdReminderTopic = (row: Pick<RunnerRegistrationRow, 'id'>, expiresAt: Date) => `registration-hold-reminder:${row.id}:${expiresAt.getTime()}`;

function deadlineText(at: Date, timeZone: string): string {
  const t = zonedDateTime(at, timeZone);
  return `${t.date} pukul ${t.time} ${t.offset}`;
}

export function paymentRejectedMail(
  row: RunnerRegistrationRow,
  event: EventRow,
  category: EventCategoryRow,
  opts: { reason: string; rejectedAt: Date; publicUrl: string },
): OutgoingMail {
  return compose({
    to: row.email,
    subject: `Bukti Pembayaran Ditolak: ${event.name} (${row.registrationId})`,
    heading: 'Bukti pembayaran ditolak',
    intro: [
      `Halo ${row.fullName},`,
      `Panitia ${event.name} tidak dapat memverifikasi bukti transfer untuk pendaftaran Anda, sehingga pendaftaran ini dibatalkan dan slotnya dilepas.`,
    ],
    details: [
      ['Alasan', opts.reason],
      ['ID Pendaftaran', row.registrationId],
      ['Kategori', category.name],
      ['Total Pembayaran', formatRupiah(row.paymentAmount)],
    ],
    link: { label: 'Daftar ulang', url: registerUrl(opts.publicUrl, event) },
    outro: [
      'Jika Anda sudah mentransfer, daftar ulang selama slot masih tersedia lalu unggah bukti transfer yang benar, atau hubungi panitia untuk pengembalian dana.',
    ],
    topic: rejectionTopic(row, opts.rejectedAt),
  });
}

export function holdReminderMail(
  row: RunnerRegistrationRow,
  event: EventRow,
  category: EventCategoryRow,
  opts: { expiresAt: Date; publicUrl: string; paymentKey: string },
): OutgoingMail {
  return compose({
    to: row.email,
    subject: `Pengingat Pembayaran: ${event.name} (${row.registrationId})`,
    heading: 'Slot Anda segera dilepas',
    intro: [
      `Halo ${row.fullName},`,
      `Slot Anda untuk ${event.name} masih kami simpan, tetapi kami belum menerima bukti transfer pembayaran.`,
    ],
    details: [
      ['ID Pendaftaran', row.registrationId],
      ['Kategori', category.name],
      ['Total Pembayaran', formatRupiah(row.paymentAmount)],
      ['Batas waktu', deadlineText(opts.expiresAt, event.timezone)],
    ],
    link: { label: 'Bayar & unggah bukti transfer', url: paymentPageUrl(opts.publicUrl, row.registrationId, opts.paymentKey) },
    outro: [
      'Selesaikan pembayaran sesuai instruksi panitia, lalu unggah bukti transfer dan tekan Saya Sudah Membayar sebelum batas waktu.',
      'Setelah batas waktu, pendaftaran berakhir otomatis dan slot dilepas untuk pelari lain.',
    ],
    topic: holdReminderTopic(row, opts.expiresAt),
  });
}
