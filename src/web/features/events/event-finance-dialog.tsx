import { Wallet } from 'lucide-react';
import { formatMonth } from '../../../domain/events/finance';
import { gatewayFeeTable } from '../../../domain/payments/gateway-fees';
import { formatRupiah } from '../../../domain/shared/money';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState, LoadingMessage, QueryState } from '../../components/query-state';
import { useEventFinance } from './events-api';
import { FiguresBreakdown } from './finance-figures';

const percent = (p: number) => `${p.toLocaleString('id-ID')} %`;

/** How a gateway rule reads: 'Rp4.000', '0,7 %', '2,9 % + Rp2.000'. */
export function feeRuleText(rule: { percent: number; flat: number }): string {
  if (rule.percent && rule.flat) return `${percent(rule.percent)} + ${formatRupiah(rule.flat)}`;
  return rule.percent ? percent(rule.percent) : formatRupiah(rule.flat);
}

/** Keuangan of one event: the breakdown, per month, per category and per payment method. */
export function EventFinanceDialog({ event, onOpenChange }: { event: { _id: string; name: string } | null; onOpenChange: (open: boolean) => void }) {
  const finance = useEventFinance(event?._id ?? null);
  return (
    <Dialog open={event !== null} onOpenChange={onOpenChange} title={event ? `Keuangan - ${event.name}` : 'Keuangan'} size="lg">
      <QueryState
        query={finance}
        loading={<LoadingMessage>Memuat keuangan event...</LoadingMessage>}
        error={
          <ErrorState
            icon={Wallet}
            title="Gagal memuat keuangan"
            description={finance.error instanceof ApiError ? finance.error.message : 'Silakan coba lagi nanti.'}
            onRetry={() => void finance.refetch()}
          />
        }
      >
        {(data) => (
          <div className="space-y-6">
            {data.event.paymentType === 'self_managed' && (
              <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
                Event ini dikelola sendiri: pelari membayar langsung ke rekening Anda, jadi tidak ada pencairan dari Derap.
              </p>
            )}
            <FiguresBreakdown figures={data.totals} />
            {data.totals.paidCount === 0 ? (
              <EmptyState compact icon={Wallet} description="Belum ada pendaftaran yang terbayar untuk event ini." />
            ) : (
              <>
                <section>
                  <h3 className="mb-2 text-sm font-bold text-slate-900">Per bulan</h3>
                  <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
                    {data.months.map((m) => (
                      <li key={m.month} className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2">
                        <span className="font-semibold text-slate-900">{formatMonth(m.month)}</span>
                        <span className="text-slate-700">
                          {m.paidCount.toLocaleString('id-ID')} terbayar · bersih <span className="font-semibold text-slate-900">{formatRupiah(m.net)}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
                <section>
                  <h3 className="mb-2 text-sm font-bold text-slate-900">Per kategori</h3>
                  <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
                    {data.categories.map((c) => (
                      <li key={c.categoryId} className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2">
                        <span className="font-semibold text-slate-900">{c.name}</span>
                        <span className="text-slate-700">
                          {c.paidCount.toLocaleString('id-ID')} terbayar · bersih <span className="font-semibold text-slate-900">{formatRupiah(c.net)}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
                {data.methods.length > 0 && (
                  <section>
                    <h3 className="mb-2 text-sm font-bold text-slate-900">Biaya gateway per metode (ditanggung Derap)</h3>
                    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
                      {data.methods.map((m) => (
                        <li key={m.group} className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2">
                          <span className="text-slate-900">
                            <span className="font-semibold">{m.label}</span>{' '}
                            <span className="text-xs text-slate-500">({feeRuleText(gatewayFeeTable[m.group])} per transaksi)</span>
                          </span>
                          <span className="text-slate-700">
                            {m.count.toLocaleString('id-ID')} × · {formatRupiah(m.fee)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )}
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
