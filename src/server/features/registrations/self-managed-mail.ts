import { formatRupiah } from '../../../domain/shared/money';
import { zonedDateTime } from '../../../domain/registrations/registration-form';
import type { OutgoingMail } from '../../adapters/mail/port';
import type { EventCategoryRow, EventRow, RunnerRegistrationRow } from '../../db/schema';
import { composeMail as compose } from '../../adapters/mail/compose';

/**
 * Mails of a self-managed payment besides the confirmation (which verification sends): the
 * organizer rejected the proof (with the reason), and the hold is about to end. Both link to the
 * runner's payment page, where a (new) proof is uploaded.
 */

/** The runner's payment page: status, the organizer's QR and instructions, and the proof upload. */
export const paymentPageUrl = (publicUrl: string, registrationId: string) => `${publicUrl}/registration-payment/${encodeURIComponent(registrationId)}`;

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
  opts: { reason: string; rejectedAt: Date; holdUntil: Date; publicUrl: string },
): OutgoingMail {
  return compose({
    to: row.email,
    subject: `Bukti Pembayaran Ditolak: ${event.name} (${row.registrationId})`,
    heading: 'Bukti pembayaran ditolak',
    intro: [
      `Halo ${row.fullName},`,
      `Panitia ${event.name} belum dapat memverifikasi bukti transfer untuk pendaftaran Anda.`,
    ],
    details: [
      ['Alasan', opts.reason],
      ['ID Pendaftaran', row.registrationId],
      ['Kategori', category.name],
      ['Total Pembayaran', formatRupiah(row.paymentAmount)],
      ['Batas unggah bukti baru', deadlineText(opts.holdUntil, event.timezone)],
    ],
    link: { label: 'Unggah bukti transfer baru', url: paymentPageUrl(opts.publicUrl, row.registrationId) },
    outro: [
      'Slot Anda masih kami simpan sampai batas waktu di atas. Periksa kembali pembayaran Anda, lalu unggah bukti transfer yang benar melalui tautan tersebut.',
      'Jika tidak ada bukti baru sebelum batas waktu, pendaftaran berakhir otomatis dan slot dilepas.',
    ],
    topic: rejectionTopic(row, opts.rejectedAt),
  });
}

export function holdReminderMail(row: RunnerRegistrationRow, event: EventRow, category: EventCategoryRow, opts: { expiresAt: Date; publicUrl: string }): OutgoingMail {
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
    link: { label: 'Bayar & unggah bukti transfer', url: paymentPageUrl(opts.publicUrl, row.registrationId) },
    outro: [
      'Selesaikan pembayaran sesuai instruksi panitia, lalu unggah bukti transfer dan tekan Saya Sudah Membayar sebelum batas waktu.',
      'Setelah batas waktu, pendaftaran berakhir otomatis dan slot dilepas untuk pelari lain.',
    ],
    topic: holdReminderTopic(row, opts.expiresAt),
  });
}
