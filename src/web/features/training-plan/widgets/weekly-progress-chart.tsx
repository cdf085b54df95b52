import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { TrendingUp } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { isoToLocalDate } from '../../../../domain/shared/wire-date';
import { messages } from '../../../../domain/training-plan/training-plan';
import { EmptyState } from '../../../components/empty-state';
import type { WeekSummary } from './use-week-runs';
import { ErrorRetry, LoadingSpinner } from '../../../components/query-state';

export interface WeeklyProgressChartProps {
  status: 'pending' | 'error' | 'success';
  week: WeekSummary;
  onRetry: () => void;
}

/** Colours of the two series: slate-300 for the plan, brand-600 for what was run. */
const PLANNED_COLOR = '#cbd5e1';
const ACTUAL_COLOR = '#c2410c';
const AXIS_TEXT = '#475569';

export const formatKm = (value: number) => value.toLocaleString('id-ID', { maximumFractionDigits: 1 });

/** 'Progres Latihan Minggu Ini': planned vs realised km, Monday to Sunday (Rencana / Realisasi). */
export function WeeklyProgressChart({ status, week, onRetry }: WeeklyProgressChartProps) {
  if (status === 'pending') return <LoadingSpinner className="py-8" label="Memuat progres minggu ini..." />;
  if (status === 'error') return <ErrorRetry message={messages.weekFailed} onRetry={onRetry} />;
  if (week.runCount === 0) return <EmptyState compact icon={TrendingUp} description={messages.weekEmpty} />;

  const first = isoToLocalDate(week.days[0]!.day);
  const last = isoToLocalDate(week.days[6]!.day);
  const span = `${format(first, 'd MMM', { locale: id })} – ${format(last, 'd MMM yyyy', { locale: id })}`;
  const percent = week.plannedKm > 0 ? Math.round((week.actualKm / week.plannedKm) * 100) : null;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <p>
          <span className="text-2xl font-extrabold text-slate-900" data-testid="week-total">
            {formatKm(week.actualKm)} / {formatKm(week.plannedKm)} km
          </span>
          <span className="block text-sm text-slate-600">Realisasi / rencana · {span}</span>
        </p>
        {percent !== null && <p className="text-sm font-semibold text-brand-700">{percent}% tercapai</p>}
      </div>

      {/* The SVG is decoration for sighted users; the table below carries the same numbers for everyone. */}
      <div className="mt-4 h-48 sm:h-56" aria-hidden="true" data-testid="week-chart">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 192 }}>
          <BarChart data={week.days} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} barGap={2}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: AXIS_TEXT, fontSize: 12 }} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: AXIS_TEXT, fontSize: 12 }} width={40} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              formatter={(value, name) => [`${formatKm(Number(value))} km`, name]}
              labelFormatter={(_, payload) => payload?.[0]?.payload?.name ?? ''}
            />
            <Bar dataKey="plannedKm" name="Rencana" fill={PLANNED_COLOR} radius={[4, 4, 0, 0]} maxBarSize={18} />
            <Bar dataKey="actualKm" name="Realisasi" fill={ACTUAL_COLOR} radius={[4, 4, 0, 0]} maxBarSize={18} />
          </BarChart>
        </ResponsiveContainer>
      </div>

      <ul className="mt-3 flex gap-4 text-sm text-slate-700" aria-label="Keterangan grafik">
        <li className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ background: PLANNED_COLOR }} aria-hidden="true" /> Rencana
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ background: ACTUAL_COLOR }} aria-hidden="true" /> Realisasi
        </li>
      </ul>

      {/* sr-only on a wrapper: a table box will not shrink to 1 px and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Jarak rencana dan realisasi per hari minggu ini, dalam km</caption>
          <thead>
            <tr>
              <th scope="col">Hari</th>
              <th scope="col">Rencana (km)</th>
              <th scope="col">Realisasi (km)</th>
            </tr>
          </thead>
          <tbody>
            {week.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.name}</th>
                <td>{formatKm(d.plannedKm)}</td>
                <td>{formatKm(d.actualKm)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
