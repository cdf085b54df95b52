import type { z } from 'zod';
import type { moneyFiguresSchema } from '../../../domain/events/contract';
import { formatRupiah } from '../../../domain/shared/money';
import { cn } from '../../components/cn';

export type Figures = z.infer<typeof moneyFiguresSchema>;

/**
 * The money of some paid registrations, line by line (decisions 020 and 035): what runners paid,
 * less refunds returned, refunds still owed and Derap's platform fee, is the organizer's net; then
 * who holds it.
 */
export function FiguresBreakdown({ figures, className }: { figures: Figures; className?: string }) {
  const line = (label: string, amount: number, opts: { sign?: '−' | '='; strong?: boolean; note?: string } = {}) => (
    <div className={cn('flex items-baseline justify-between gap-3 py-2', opts.strong && 'font-bold text-slate-900')}>
      <dt className="min-w-0">
        {opts.sign && (
          <span aria-hidden="true" className="mr-1 inline-block w-3 text-slate-500">
            {opts.sign}
          </span>
        )}
        {label}
        {opts.note && <span className="block text-xs font-normal text-slate-500">{opts.note}</span>}
      </dt>
      <dd className="shrink-0 text-right tabular-nums">{formatRupiah(amount)}</dd>
    </div>
  );
  return (
    <div className={cn('text-sm text-slate-700', className)}>
      <dl className="divide-y divide-slate-100">
        {line('Dibayar pelari', figures.gross, { note: `${figures.paidCount.toLocaleString('id-ID')} pendaftaran terbayar` })}
        {line('Refund ke pelari', figures.refunds, {
          sign: '−',
          note: figures.refundedCount > 0 ? `${figures.refundedCount.toLocaleString('id-ID')} pendaftaran` : undefined,
        })}
        {figures.refundsOwed > 0 &&
          line('Refund terutang ke pelari', figures.refundsOwed, { sign: '−', note: 'Belum dikembalikan; tidak termasuk pencairan' })}
        {line('Biaya platform Derap', figures.platformFees, { sign: '−', note: 'Biaya admin per pendaftar' })}
        {line('Pendapatan bersih', figures.net, { sign: '=', strong: true })}
      </dl>
      <dl className="mt-3 space-y-1 rounded-xl bg-slate-50 px-4 py-2">
        {line('Pencairan dari Derap', figures.payoutDue, { strong: true, note: 'Event dengan pembayaran melalui Derap' })}
        {figures.collectedDirectly > 0 && line('Diterima langsung oleh penyelenggara', figures.collectedDirectly, { note: 'Event kelola sendiri: tidak ada pencairan dari Derap' })}
        {figures.platformFeesOwed > 0 && line('Biaya platform terutang ke Derap', figures.platformFeesOwed, { note: 'Biaya admin yang ikut Anda terima dari pelari' })}
        {line('Biaya gateway pembayaran', figures.gatewayFees, { note: 'Ditanggung Derap, tidak mengurangi pendapatan Anda' })}
      </dl>
    </div>
  );
}
