import { Wallet } from 'lucide-react';
import type { CoachEarnings } from '../../../../domain/coaching/contract';
import { formatRupiah } from '../../../../domain/shared/money';
import { EmptyState } from '../../../components/empty-state';
import { ErrorRetry, LoadingMessage } from '../../../components/query-state';
import { useCoachEarnings } from './profile-api';

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

type Line = CoachEarnings['total'];

function Figures({ line }: { line: Line }) {
  const items = [
    { label: 'Pendapatan kotor', value: line.gross, tone: 'text-slate-900' },
    ...(line.refunds > 0 ? [{ label: 'Refund ke pelari', value: line.refunds, tone: 'text-red-700' }] : []),
    { label: 'Biaya platform', value: line.platformFee, tone: 'text-red-700' },
    { label: 'Pendapatan bersih', value: line.net, tone: 'text-green-700' },
  ];
  return (
    <dl className={`grid gap-3 ${line.refunds > 0 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3'}`}>
      {items.map((i) => (
        <div key={i.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{i.label}</dt>
          <dd className={`mt-1 text-2xl font-extrabold ${i.tone}`}>{formatRupiah(i.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function LinesTable({ caption, first, rows }: { caption: string; first: string; rows: (Line & { key: string; label: string })[] }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-100 px-4 py-3 text-base font-bold text-slate-900">{caption}</h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[38rem] text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                {first}
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Terjual
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Kotor
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Refund
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Biaya platform
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Bersih
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className="px-4 py-2 text-left font-semibold text-slate-900">
                  {r.label}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{r.sales}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatRupiah(r.gross)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatRupiah(r.refunds)}</td>
                <td className="px-4 py-2 text-right text-red-700 tabular-nums">{formatRupiah(r.platformFee)}</td>
                <td className="px-4 py-2 text-right font-semibold text-green-700 tabular-nums">{formatRupiah(r.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** 'Keuangan': what the coach earned from paid packages (the money ledger's lines, refunds included), in total, per package and per month. */
export function EarningsTab() {
  const earnings = useCoachEarnings();
  if (earnings.isPending) return <LoadingMessage card>Memuat pendapatan...</LoadingMessage>;
  if (earnings.isError) return <ErrorRetry message="Gagal memuat data keuangan. Silakan coba lagi." onRetry={() => void earnings.refetch()} />;
  const data = earnings.data;
  if (data.total.sales === 0) {
    return (
      <EmptyState
        icon={Wallet}
        title="Belum ada penjualan paket"
        description="Pendapatan dari paket yang dibeli pelari akan tampil di sini: kotor, refund, biaya platform Rp15.000 per minggu, dan bersih."
      />
    );
  }
  return (
    <div className="space-y-5">
      <Figures line={data.total} />
      <LinesTable caption="Per paket" first="Paket" rows={data.byPackage.map((p) => ({ ...p, key: p.packageId ?? p.title, label: p.title }))} />
      <LinesTable caption="Per bulan" first="Bulan" rows={data.byMonth.map((p) => ({ ...p, key: p.month, label: monthLabel(p.month) }))} />
    </div>
  );
}
