import QRCode from 'qrcode';
import { formatRupiah } from '../../../domain/shared/money';
import { zonedDateTime } from '../../../domain/registrations/registration-form';
import type { OutgoingMail } from '../../adapters/mail/port';
import { escapeHtml } from '../../adapters/mail/compose';
import type { EventCategoryRow, EventRow } from '../../db/schema/events';
import type { RunnerRegistrationRow } from '../../db/schema/registrations';

export const confirmationTopic = (row: Pick<RunnerRegistrationRow, 'id'>) => `registration:${row.id}`;

/** The QR code the racepack desk scans: a PNG of the registration's unguessable token. */
export function registrationQrPng(qrToken: string): Promise<Buffer> {
  return QRCode.toBuffer(qrToken, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
}

/**
 * The Indonesian confirmation mail (§2 success page: "confirmation and event details were sent by
 * email"): event, date, location, category, bib number, BIB name, registration id, amount, and the QR code
 * inline (cid) with its value written out for mail readers that hide images.
 */
export async function confirmationMail(row: RunnerRegistrationRow, event: EventRow, category: EventCategoryRow, opts: { receiptUrl?: string } = {}): Promise<OutgoingMail> {
  const when = zonedDateTime(event.eventDate, event.timezone);
  const eventDate = `${when.date} pukul ${when.time} ${when.offset}`;
  const cid = `qr-${row.registrationId.toLowerCase()}@derap`;
  const details: [string, string][] = [
    ['Event', event.name],
    ['Tanggal', eventDate],
    ['Lokasi', event.location],
    ['Kategori', category.name],
    // The number printed on the runner's bib (issue 28 §6), when the event numbers its runners.
    ...(row.bibNumber ? ([['Nomor BIB', row.bibNumber]] as [string, string][]) : []),
    ['Nama BIB', row.bibName],
    ['ID Pendaftaran', row.registrationId],
    ['Total Pembayaran', formatRupiah(row.paymentAmount)],
  ];
  const subject = `Pendaftaran Berhasil: ${event.name} (${row.registrationId})`;
  const text = [
    `Halo ${row.fullName},`,
    '',
    `Pendaftaran Anda untuk ${event.name} telah terkonfirmasi. Berikut detailnya:`,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    'Tunjukkan kode QR pada email ini saat pengambilan racepack.',
    ...(opts.receiptUrl ? [`Lihat bukti pendaftaran dan kode QR Anda: ${opts.receiptUrl}`] : []),
    `Jika gambar kode QR tidak tampil, sebutkan ID pendaftaran Anda atau kode berikut kepada panitia: ${row.qrToken}`,
    '',
    'Sampai jumpa di garis start!',
    'Tim Derap — dari pelari, untuk pelari',
  ].join('\n');
  const rows = details
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#475569;font-size:14px;vertical-align:top">${escapeHtml(k)}</td><td style="padding:6px 0;font-weight:600;font-size:14px;color:#0f172a">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-weight:800;color:#c2410c;font-size:20px">Derap</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px">
<h1 style="margin:0 0 8px;font-size:22px">Pendaftaran Berhasil!</h1>
<p style="margin:0 0 16px;line-height:1.6">Halo ${escapeHtml(row.fullName)}, pendaftaran Anda untuk <strong>${escapeHtml(event.name)}</strong> telah terkonfirmasi.</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 20px">${rows}</table>
<div style="text-align:center;border-top:1px solid #e2e8f0;padding-top:20px">
<p style="margin:0 0 12px;font-weight:600">Kode QR pengambilan racepack</p>
<img src="cid:${cid}" width="220" height="220" alt="Kode QR pendaftaran ${escapeHtml(row.registrationId)}" style="display:inline-block;border:0">
<p style="margin:12px 0 0;font-size:13px;color:#475569;line-height:1.5">Tunjukkan kode QR ini saat pengambilan racepack. Jika gambar tidak tampil, sebutkan ID pendaftaran atau kode <code style="word-break:break-all">${escapeHtml(row.qrToken)}</code>.</p>
${opts.receiptUrl ? `<p style="margin:16px 0 0"><a href="${escapeHtml(opts.receiptUrl)}" style="color:#c2410c;font-weight:600">Lihat bukti pendaftaran dan kode QR</a></p>` : ''}
</div>
</div>
<p style="margin:16px 0 0;font-size:12px;color:#64748b;text-align:center">Email ini dikirim otomatis oleh Derap. Jangan membalas email ini.</p>
</div></body></html>`;
  return {
    to: row.email,
    subject,
    text,
    html,
    attachments: [{ filename: `qr-${row.registrationId}.png`, contentType: 'image/png', cid, content: await registrationQrPng(row.qrToken) }],
    topic: confirmationTopic(row),
  };
}
