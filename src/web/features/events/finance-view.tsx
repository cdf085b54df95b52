import { Banknote, CircleDollarSign, Download, HandCoins, Wallet } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatMonth } from '../../../domain/events/finance';
import { gatewayFeeTable } from '../../../domain/payments/gateway-fees';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { formatRupiah } from '../../../domain/shared/money';
import { ApiError } from '../../api/client';
import { EmptyState } from '../../components/empty-state';
import { ErrorState, LoadingMessage, QueryState } from '../../components/query-state';
import { ViewHeader } from '../../components/view-header';
import type { DashboardViewProps } from '../../lib/dashboard-view';
import { EventFinanceDialog, feeRuleText } from './event-finance-dialog';
import { EventStatusPill } from './event-status-pill';
import { useAdminLedger, useOrganizerFinance } from './events-api';
import type { AdminLedger } from '../../../domain/payments/contract';
import { useCurrentUser } from '../../lib/session';
import { FiguresBreakdown } from './finance-figures';
import { useMediaQuery } from '../../hooks/use-media-query';

/**
 * 'Keuangan' (issue 13, decision 020): per month (or all time) what runners paid for the
 * organizer's events, refunds, Derap's platform fees, the organizer's net and the payout due.
 */
export function FinanceView(_props: DashboardViewProps) {
  const ids = useId();
  const [month, setMonth] = useState<string | null>(null);
  const finance = useOrganizerFinance(month);
  const wide = useMediaQuery('(min-width: 1024px)');
  const [open, setOpen] = useState<{ _id: string; name: string } | null>(null);
  // The month picker lists every month with payments: the all-time answer (the same query when no month is chosen).
  const isAdmin = useCurrentUser().data?.role === 'admin';
  const ledger = useAdminLedger(month, isAdmin);
  const months = useOrganizerFinance(null).data?.months ?? [];

  return (
    <>
      <ViewHeader
        title="Keuangan"
        description="Pendapatan bersih, biaya, refund dan pencairan dana event Anda."
        actions={
          <div className="w-full sm:w-56">
            <label htmlFor={`${ids}-month`} className="text-xs font-semibold text-slate-600">
              Periode
            </label>
            <select
              id={`${ids}-month`}
              value={month ?? ''}
              onChange={(e) => setMonth(e.target.value || null)}
              className="mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-900 focus:border-brand-500"
            >
              <option value="">Semua waktu</option>
              {months.map((m) => (
                <option key={m} value={m}>
                  {formatMonth(m)}
                </option>
              ))}
            </select>
          </div>
        }
      />

      <QueryState
        query={finance}
        loading={<LoadingMessage card>Memuat keuangan...</LoadingMessage>}
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
            <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
              <Card icon={CircleDollarSign} label="Dibayar pelari" value={formatRupiah(data.totals.gross)} note={`${data.totals.paidCount.toLocaleString('id-ID')} pendaftaran terbayar`} />
              <Card icon={Wallet} label="Pendapatan bersih" value={formatRupiah(data.totals.net)} note="Setelah refund dan biaya platform" />
              <Card
                icon={HandCoins}
                label="Pencairan dari Derap"
                value={formatRupiah(data.totals.payoutDue)}
                note={data.totals.refundsOwed > 0 ? `Tanpa refund terutang ${formatRupiah(data.totals.refundsOwed)}` : 'Event dengan pembayaran melalui Derap'}
              />
            </div>

            <section aria-labelledby={`${ids}-events`} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
                <h2 id={`${ids}-events`} className="border-b border-slate-100 px-4 py-3 text-base font-bold text-slate-900">
                  Per event {data.month ? `· ${formatMonth(data.month)}` : '· semua waktu'}
                </h2>
                {data.events.length === 0 ? (
                  <EmptyState
                    compact
                    icon={Banknote}
                    description={data.month ? `Tidak ada pembayaran pada ${formatMonth(data.month)}.` : 'Belum ada event.'}
                    className="m-4"
                  />
                ) : wide ? (
                  <table className="w-full table-fixed text-sm">
                    <thead className="bg-slate-50 text-left text-xs font-bold tracking-wide text-slate-500 uppercase">
                      <tr>
                        <th scope="col" className="px-4 py-3">Event</th>
                        <th scope="col" className="w-40 px-3 py-3 text-right">Dibayar pelari</th>
                        <th scope="col" className="w-32 px-3 py-3 text-right">Refund</th>
                        <th scope="col" className="w-36 px-3 py-3 text-right">Biaya platform</th>
                        <th scope="col" className="w-40 px-3 py-3 text-right">Bersih</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {data.events.map((e) => (
                        <tr key={e._id} data-testid="finance-event">
                          <td className="px-4 py-3">
                            <button type="button" onClick={() => setOpen(e)} className="text-left font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline">
                              {e.name}
                            </button>
                            <p className="text-xs text-slate-500">
                              {formatJakartaDate(e.eventDate)} · {e.paymentType === 'platform' ? 'Melalui Derap' : 'Dikelola sendiri'}
                            </p>
                          </td>
                          <td className="px-3 py-3 text-right tabular-nums">{formatRupiah(e.figures.gross)}</td>
                          <td className="px-3 py-3 text-right tabular-nums">
                            {formatRupiah(e.figures.refunds)}
                            {e.figures.refundsOwed > 0 && <span className="block text-xs text-amber-700">+ {formatRupiah(e.figures.refundsOwed)} terutang</span>}
                          </td>
                          <td className="px-3 py-3 text-right tabular-nums">{formatRupiah(e.figures.platformFees)}</td>
                          <td className="px-3 py-3 text-right font-semibold tabular-nums text-slate-900">{formatRupiah(e.figures.net)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {data.events.map((e) => (
                      <li key={e._id} data-testid="finance-event" className="p-4">
                        <div className="flex flex-wrap items-center gap-2">
                          <EventStatusPill status={e.status} />
                          <span className="text-xs text-slate-500">{e.paymentType === 'platform' ? 'Melalui Derap' : 'Dikelola sendiri'}</span>
                        </div>
                        <button type="button" onClick={() => setOpen(e)} className="mt-1 text-left font-bold break-words text-slate-900 hover:text-brand-700 hover:underline">
                          {e.name}
                        </button>
                        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                          <Pair label="Dibayar pelari" value={formatRupiah(e.figures.gross)} />
                          <Pair label="Bersih" value={formatRupiah(e.figures.net)} strong />
                          <Pair
                            label="Refund"
                            value={formatRupiah(e.figures.refunds)}
                            note={e.figures.refundsOwed > 0 ? `+ ${formatRupiah(e.figures.refundsOwed)} terutang` : undefined}
                          />
                          <Pair label="Biaya platform" value={formatRupiah(e.figures.platformFees)} />
                        </dl>
                      </li>
                    ))}
                  </ul>
                )}
            </section>

            {isAdmin && <AdminLedgerSection ledger={ledger.data} month={month} failed={ledger.isError} />}

            <div className="grid items-start gap-6 lg:grid-cols-2">
                <section aria-labelledby={`${ids}-breakdown`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <h2 id={`${ids}-breakdown`} className="mb-2 text-base font-bold text-slate-900">
                    Rincian
                  </h2>
                  <FiguresBreakdown figures={data.totals} />
                </section>
                <section aria-labelledby={`${ids}-fees`} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
                  <h2 id={`${ids}-fees`} className="mb-2 text-base font-bold text-slate-900">
                    Tentang biaya
                  </h2>
                  <p>
                    Pelari membayar harga tiket ditambah biaya admin Derap. Biaya admin adalah biaya platform Derap; dari biaya itu Derap membayar
                    biaya gateway, sehingga pendapatan bersih Anda sama dengan harga tiket yang terjual.
                  </p>
                  <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
                    {Object.values(gatewayFeeTable).map((rule) => (
                      <li key={rule.label} className="flex justify-between gap-3 px-3 py-2">
                        <span>{rule.label}</span>
                        <span className="shrink-0 font-semibold text-slate-900">{feeRuleText(rule)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-3">Event yang dikelola sendiri dibayar langsung ke rekening Anda; tidak ada pencairan dari Derap untuk event tersebut.</p>
                </section>
            </div>
          </div>
        )}
      </QueryState>
      <EventFinanceDialog event={open} onOpenChange={(o) => !o && setOpen(null)} />
    </>
  );
}

function Card({ icon: Icon, label, value, note }: { icon: typeof Wallet; label: string; value: ReactNode; note: string }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 sm:size-11">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="truncate text-xl font-extrabold text-slate-900 sm:text-2xl">{value}</p>
        <p className="text-xs text-slate-500">{note}</p>
      </div>
    </div>
  );
}

function Pair({ label, value, strong, note }: { label: string; value: string; strong?: boolean; note?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={strong ? 'font-bold text-slate-900' : 'text-slate-800'}>
        {value}
        {note && <span className="block text-xs text-amber-700">{note}</span>}
      </dd>
    </div>
  );
}

const kindLabels: Record<AdminLedger['kinds'][number]['kind'], string> = {
  registration: 'Pendaftaran event',
  coach_package: 'Paket pelatih',
  subscription: 'Langganan',
};

/**
 * The admin's view of the whole money ledger (decision 035): event registrations (the sum of every
 * organizer's Keuangan), coach packages (the sum of every coach's) and subscriptions, and the
 * month's export for matching the gateway's settlement.
 */
function AdminLedgerSection({ ledger, month, failed }: { ledger: AdminLedger | undefined; month: string | null; failed: boolean }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-ledger`} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id={`${ids}-ledger`} className="text-base font-bold text-slate-900">
          Semua transaksi Derap {month ? `· ${formatMonth(month)}` : '· semua waktu'}
        </h2>
        {month ? (
          <a
            href={`/api/admin/finance/export?month=${month}`}
            download
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <Download className="size-4" aria-hidden="true" />
            Unduh Excel {formatMonth(month)}
          </a>
        ) : (
          <p className="text-xs text-slate-500">Pilih bulan untuk mengunduh Excel pembayaran dan refund.</p>
        )}
      </div>
      {failed ? (
        <p className="px-4 py-3 text-sm text-red-700">Gagal memuat ringkasan transaksi. Muat ulang halaman untuk mencoba lagi.</p>
      ) : !ledger ? (
        <LoadingMessage>Memuat ringkasan transaksi...</LoadingMessage>
      ) : (
        <ul className="divide-y divide-slate-100">
          {[...ledger.kinds, { ...ledger.totals, kind: null }].map((k) => (
            <li key={k.kind ?? 'total'} data-testid="ledger-kind" className={`p-4 ${k.kind ? '' : 'bg-slate-50'}`}>
              <p className="font-bold text-slate-900">
                {k.kind ? kindLabels[k.kind] : 'Total'} <span className="text-xs font-normal text-slate-500">· {k.count.toLocaleString('id-ID')} transaksi</span>
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
                <Pair label="Dibayar" value={formatRupiah(k.gross)} />
                <Pair label="Refund" value={formatRupiah(k.refunded)} note={k.refundOwed > 0 ? `+ ${formatRupiah(k.refundOwed)} terutang` : undefined} />
                <Pair label="Biaya Derap" value={formatRupiah(k.platformFee)} />
                <Pair label="Biaya gateway" value={formatRupiah(k.gatewayFee)} />
                <Pair label="Bersih penjual" value={formatRupiah(k.net)} strong />
                <Pair label="Pencairan" value={formatRupiah(k.payoutDue)} />
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
