import { formatRupiah } from '../../../../domain/shared/money';
import type { RefundMode } from '../../../../domain/registrations/registrations';
import { zonedDateTime } from '../../../../domain/registrations/registration-form';
import type { OutgoingMail } from '../../../adapters/mail/port';
import { composeMail as compose } from '../../../adapters/mail/compose';
import type { EventCategoryRow, EventRow } from '../../../db/schema/events';
import type { RunnerRegistrationRow } from '../../../db/schema/registrations';

/**
 * Mails of a cancellation (decision 021): one registration canceled by the organizer (with the
 * reason), and the whole event canceled (with the organizer's notice). Each says what happens to the
 * runner's money. One mail per registration and topic, so a retried job never mails twice.
 */

export const registrationCanceledTopic = (row: Pick<RunnerRegistrationRow, 'id'>) => `registration-canceled:${row.id}`;
export const eventCanceledTopic = (row: Pick<RunnerRegistrationRow, 'id'>) => `event-canceled:${row.id}`;
/** Each resend is its own mail (the confirmation's own topic allows it once). */
export const resendTopicPrefix = (row: Pick<RunnerRegistrationRow, 'id'>) => `registration-resend:${row.id}:`;

export interface RefundFacts {
  mode: RefundMode;
  amount: number;
  /** Nothing was paid yet (an unpaid hold): no refund to speak of. */
  unpaid: boolean;
}

/** What the runner is told about their money. */
export function refundLine(refund: RefundFacts): string {
  if (refund.unpaid) return 'Belum ada pembayaran, jadi tidak ada dana yang perlu dikembalikan.';
  if (refund.mode === 'gateway') {
    return `${formatRupiah(refund.amount)} dikembalikan ke metode pembayaran yang Anda gunakan. Lama dana masuk tergantung bank atau dompet digital Anda (umumnya 1–14 hari kerja).`;
  }
  if (refund.mode === 'manual') return `${formatRupiah(refund.amount)} akan dikembalikan secara manual. Kami akan menghubungi Anda untuk rekening tujuan.`;
  return 'Tidak ada pengembalian dana untuk pembatalan ini.';
}

const eventDate = (event: EventRow) => {
  const when = zonedDateTime(event.eventDate, event.timezone);
  return `${when.date} pukul ${when.time} ${when.offset}`;
};

export function registrationCanceledMail(
  row: RunnerRegistrationRow,
  event: EventRow,
  category: EventCategoryRow,
  opts: { reason: string; refund: RefundFacts; publicUrl: string },
): OutgoingMail {
  return compose({
    to: row.email,
    subject: `Pendaftaran Dibatalkan: ${event.name} (${row.registrationId})`,
    heading: 'Pendaftaran Anda dibatalkan',
    intro: [`Halo ${row.fullName},`, `Panitia ${event.name} membatalkan pendaftaran Anda.`],
    details: [
      ['Alasan', opts.reason],
      ['ID Pendaftaran', row.registrationId],
      ['Kategori', category.name],
      ['Tanggal event', eventDate(event)],
      ['Pengembalian dana', refundLine(opts.refund)],
    ],
    link: { label: 'Lihat event lainnya', url: `${opts.publicUrl}/registration` },
    outro: ['Kode QR pendaftaran ini tidak berlaku lagi. Jika ada pertanyaan, hubungi panitia event.'],
    topic: registrationCanceledTopic(row),
  });
}

export function eventCanceledMail(
  row: RunnerRegistrationRow,
  event: EventRow,
  category: EventCategoryRow,
  opts: { notice: string; refund: RefundFacts; publicUrl: string },
): OutgoingMail {
  return compose({
    to: row.email,
    subject: `Event Dibatalkan: ${event.name}`,
    heading: 'Event dibatalkan',
    intro: [`Halo ${row.fullName},`, `Dengan berat hati kami sampaikan bahwa ${event.name} (${eventDate(event)}) dibatalkan oleh panitia.`],
    details: [
      ['Pemberitahuan panitia', opts.notice],
      ['ID Pendaftaran', row.registrationId],
      ['Kategori', category.name],
      ['Pengembalian dana', refundLine(opts.refund)],
    ],
    link: { label: 'Lihat event lainnya', url: `${opts.publicUrl}/registration` },
    outro: ['Kode QR pendaftaran Anda tidak berlaku lagi. Terima kasih atas pengertiannya.'],
    topic: eventCanceledTopic(row),
  });
}
