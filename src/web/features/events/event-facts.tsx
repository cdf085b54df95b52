import type { OrganizerEvent } from '../../../domain/events/contract';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { formatRupiah } from '../../../domain/shared/money';
import { paymentOptionLabels } from '../../../domain/payments/payments';
import { formatEventDateTime } from './event-format';

/**
 * What an event says, in full: description, registration period, categories with prices, slots and
 * sales, and the payment setup. Shown in 'Detail Kegiatan' and to the admin before Terima/Tolak.
 */
export function EventFacts({ event, headingLevel = 'h4' }: { event: OrganizerEvent; headingLevel?: 'h3' | 'h4' }) {
  const H = headingLevel;
  return (
    <div className="space-y-5">
      <p className="text-sm break-words whitespace-pre-line text-slate-700">{event.description}</p>
      <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-500">Kode Event</dt>
          <dd className="font-mono break-all text-slate-900">{event.code}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-500">Periode Pendaftaran</dt>
          <dd className="text-slate-900">
            {formatEventDateTime(event.regOpen)} – {formatEventDateTime(event.regClose)}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-500">Terbayar</dt>
          <dd className="text-slate-900">
            {event.participants.toLocaleString('id-ID')} pelari · {formatRupiah(event.revenue)}
            <span className="block text-xs text-slate-500">Pendapatan bersih, setelah biaya admin Derap</span>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-500">Menunggu pembayaran</dt>
          <dd className="text-slate-900">
            {event.pendingPayment.toLocaleString('id-ID')} pelari (slot ditahan, belum dihitung sebagai pendapatan)
            {event.awaitingVerification > 0 && (
              <span className="block">{event.awaitingVerification.toLocaleString('id-ID')} menunggu verifikasi pembayaran</span>
            )}
          </dd>
        </div>
      </dl>
      <div>
        <H className="mb-2 text-sm font-bold text-slate-900">Kategori</H>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {event.categories.map((c) => (
            <li key={c.categoryId} className="space-y-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-semibold text-slate-900">{c.name}</span>
                <span className="text-slate-700">
                  {formatRupiah(c.currentPrice)} <span className="text-slate-500">+ admin {formatRupiah(c.adminFee)}</span>
                </span>
              </div>
              {c.earlyBird && (
                <p className="text-xs text-slate-600">
                  Early bird {formatRupiah(c.price)} sampai {formatJakartaDate(c.earlyBirdEndDate)} (23.59 WIB), lalu harga normal{' '}
                  {c.originalPrice !== null ? formatRupiah(c.originalPrice) : '-'}
                </p>
              )}
              {c.description && <p className="text-xs text-slate-600">{c.description}</p>}
              <p className="text-xs text-slate-600">
                {c.sold.toLocaleString('id-ID')}/{c.slots.toLocaleString('id-ID')} slot terisi · <span className="font-semibold text-green-800">{c.paid} terbayar</span>
                {' · '}
                <span className="font-semibold text-amber-800">{c.pending} menunggu pembayaran</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <H className="mb-2 text-sm font-bold text-slate-900">Pembayaran</H>
        {event.paymentType === 'platform' ? (
          <div className="space-y-2 rounded-xl border border-slate-200 p-4 text-sm text-slate-700">
            <p>
              <span className="font-semibold text-slate-900">Melalui Derap</span> — pelari membayar online; Derap meneruskan pendapatan ke penyelenggara.
            </p>
            <p>Metode: {event.paymentOptions.map((k) => paymentOptionLabels[k]).join(', ') || '-'}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 text-sm text-slate-700 sm:flex-row">
            {event.paymentInstruction?.qrImage && (
              <img
                src={event.paymentInstruction.qrImage}
                alt={`QR pembayaran ${event.name}`}
                className="size-36 shrink-0 rounded-lg border border-slate-200 bg-white object-contain"
              />
            )}
            <div className="min-w-0 space-y-1">
              <p>
                <span className="font-semibold text-slate-900">Dikelola Sendiri</span> — pelari transfer langsung ke penyelenggara.
              </p>
              <p className="break-words whitespace-pre-line">{event.paymentInstruction?.instructions || '-'}</p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
