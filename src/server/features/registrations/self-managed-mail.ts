import { formatRupiah } from '../../../domain/shared/money';
import { zonedDateTime } from '../../../domain/registrations/registration-form';
import type { OutgoingMail } from '../../adapters/mail/port';
import type { EventCategoryRow, EventRow, RunnerRegistrationRow } from '../../db/schema';
import { escapeHtml } from './confirmation-mail';

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

interface MailParts {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs before and after the detail table (plain text; escaped for HTML here). */
  intro: string[];
  details: [string, string][];
  outro: string[];
  link: { label: string; url: string };
  topic: string;
}

function compose(p: MailParts): OutgoingMail {
  const text = [
    ...p.intro.flatMap((line) => [line, '']),
    ...p.details.map(([k, v]) => `${k}: ${v}`),
    '',
    `${p.link.label}: ${p.link.url}`,
    '',
    ...p.outro.flatMap((line) => [line, '']),
    'Tim Derap — dari pelari, untuk pelari',
  ].join('\n');
  const rows = p.details
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#475569;font-size:14px;vertical-align:top">${escapeHtml(k)}</td><td style="padding:6px 0;font-weight:600;font-size:14px;color:#0f172a;white-space:pre-line">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const para = (line: string) => `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(line)}</p>`;
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-weight:800;color:#c2410c;font-size:20px">Derap</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px">
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(p.heading)}</h1>
${p.intro.map(para).join('\n')}
<table role="presentation" style="border-collapse:collapse;margin:4px 0 20px">${rows}</table>
<p style="margin:0 0 16px"><a href="${escapeHtml(p.link.url)}" style="display:inline-block;background:#ea580c;color:#fff;font-weight:700;text-decoration:none;padding:12px 20px;border-radius:10px">${escapeHtml(p.link.label)}</a></p>
${p.outro.map(para).join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#64748b;text-align:center">Email ini dikirim otomatis oleh Derap. Jangan membalas email ini.</p>
</div></body></html>`;
  return { to: p.to, subject: p.subject, text, html, topic: p.topic };
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
