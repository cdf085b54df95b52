import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { ChartColumn, Lock } from 'lucide-react';
import { isoToLocalDate, type IsoDay } from '../../../../domain/shared/wire-date';
import { cn } from '../../../components/cn';
import { runCountLabel } from './calendar-model';
import { formatKm, isLockedWeek, phaseSpans, type Phase, type ProgramWeek } from './program-weeks';

/** Phase colours: a light bar for the plan, the solid one for what was run. */
const phaseStyles: Record<Phase | 'none', { planned: string; done: string; band: string; label: string }> = {
  Base: { planned: 'bg-sky-200', done: 'bg-sky-600', band: 'bg-sky-100 text-sky-900', label: 'Base' },
  Build: { planned: 'bg-amber-200', done: 'bg-amber-500', band: 'bg-amber-100 text-amber-900', label: 'Build' },
  Taper: { planned: 'bg-violet-200', done: 'bg-violet-600', band: 'bg-violet-100 text-violet-900', label: 'Taper' },
  none: { planned: 'bg-slate-200', done: 'bg-slate-500', band: 'bg-slate-100 text-slate-700', label: 'Tanpa fase' },
};
const styleOf = (phase: Phase | null) => phaseStyles[phase ?? 'none'];

const shortDay = (iso: IsoDay) => format(isoToLocalDate(iso), 'd MMM', { locale: id });

export interface ProgramChartProps {
  weeks: readonly ProgramWeek[];
  /** Opens the week view on a week (a click on its bar). */
  onPickWeek?: (start: IsoDay) => void;
}

/**
 * 'Ringkasan program': planned and done km per week of the plan, coloured by phase (Base / Build /
 * Taper), the current week marked. Plain divs (no chart library needed for bars); the table under it
 * carries the same numbers for screen readers.
 */
export function ProgramChart({ weeks, onPickWeek }: ProgramChartProps) {
  if (weeks.length === 0 || weeks.every((w) => w.plannedKm === 0 && w.doneKm === 0 && w.lockedCount === 0)) return null;
  const max = Math.max(...weeks.map((w) => Math.max(w.plannedKm, w.doneKm)), 1);
  const top = Math.ceil(max / 10) * 10;
  const spans = phaseSpans(weeks);
  // A week all of whose runs are locked has no phase to show: it is 'Terkunci', not 'Tanpa fase'.
  const phasesShown = [...new Set(weeks.filter((w) => w.phase !== null || !isLockedWeek(w)).map((w) => w.phase))];
  const planned = weeks.reduce((sum, w) => sum + w.plannedKm, 0);
  const done = weeks.reduce((sum, w) => sum + w.doneKm, 0);
  // Locked runs are counted apart: planned, but their km are not the runner's to see.
  const locked = weeks.reduce((sum, w) => sum + w.lockedCount, 0);
  const open = weeks.reduce((sum, w) => sum + w.runCount, 0) - locked;
  // Columns stay at least 1.75 rem wide; a long plan scrolls sideways inside its own box.
  const columns = { gridTemplateColumns: `repeat(${weeks.length}, minmax(1.75rem, 1fr))` };

  return (
    <section aria-labelledby="program-chart-title" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="program-chart">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 id="program-chart-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
          <ChartColumn className="size-5 text-brand-600" aria-hidden="true" />
          Ringkasan program
        </h2>
        <p className="text-sm text-slate-600">
          {weeks.length} minggu · rencana <strong className="text-slate-900">{formatKm(planned)} km</strong> · selesai{' '}
          <strong className="text-slate-900">{formatKm(done)} km</strong>
          <span className="block text-right text-xs font-semibold max-sm:text-left" data-testid="program-run-count">
            {runCountLabel({ open, locked })}
          </span>
        </p>
      </div>

      <div className="mt-4 overflow-x-auto pb-1" aria-hidden="true">
        <div className="relative min-w-full" style={{ width: `max(100%, ${weeks.length * 1.9 + 2}rem)` }}>
          {/* Scale: the top line and its value; the bars sit on a baseline. */}
          <div className="flex items-end gap-1.5">
            <div className="flex h-36 w-7 shrink-0 flex-col justify-between text-right text-[10px] leading-none text-slate-500">
              <span>{top}</span>
              <span>{top / 2}</span>
              <span>0</span>
            </div>
            <div className="relative h-36 min-w-0 flex-1">
              <div className="absolute inset-x-0 top-0 border-t border-dashed border-slate-200" />
              <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200" />
              <div className="absolute inset-x-0 bottom-0 border-t border-slate-300" />
              <div className="relative grid h-full items-end gap-1" style={columns}>
                {weeks.map((week) => {
                  const style = styleOf(week.phase);
                  const label = `Minggu ${week.number} (${shortDay(week.start)} – ${shortDay(week.end)}): rencana ${formatKm(week.plannedKm)} km, selesai ${formatKm(week.doneKm)} km${week.lockedCount > 0 ? `, ${week.lockedCount} latihan terkunci` : ''}`;
                  return (
                    <button
                      key={week.start}
                      type="button"
                      tabIndex={-1}
                      title={label}
                      onClick={() => onPickWeek?.(week.start)}
                      className={cn('relative h-full rounded-t-md', week.isCurrent && 'bg-brand-50 ring-1 ring-brand-300')}
                      data-week={week.start}
                      data-locked-runs={week.lockedCount || undefined}
                    >
                      {week.lockedCount > 0 && <Lock className="absolute bottom-1 left-1/2 z-10 size-3 -translate-x-1/2 text-slate-500" />}
                      <span
                        className={cn('absolute inset-x-[12%] bottom-0 rounded-t-md', style.planned)}
                        style={{ height: `${(week.plannedKm / top) * 100}%` }}
                      />
                      <span
                        className={cn('absolute inset-x-[30%] bottom-0 rounded-t-sm', style.done)}
                        style={{ height: `${(week.doneKm / top) * 100}%` }}
                      />
                    </button>
                  );
                })}
              </div>
            </div>
          </div>
          {/* Week numbers, then the phases as bands under the weeks they cover. */}
          <div className="mt-1 flex gap-1.5">
            <div className="w-7 shrink-0 text-right text-[10px] leading-4 text-slate-500">Mg</div>
            <div className="grid min-w-0 flex-1 gap-1" style={columns}>
              {weeks.map((week) => (
                <span key={week.start} className={cn('text-center text-[11px] leading-4 font-semibold', week.isCurrent ? 'text-brand-700' : 'text-slate-600')}>
                  {week.number}
                </span>
              ))}
            </div>
          </div>
          <div className="mt-1 flex gap-1.5">
            <div className="w-7 shrink-0" />
            <div className="grid min-w-0 flex-1 gap-1" style={columns}>
              {spans.map((span) => (
                <span
                  key={span.from}
                  className={cn(
                    'overflow-hidden rounded py-0.5 text-center font-semibold whitespace-nowrap',
                    span.length === 1 ? 'px-0 text-[10px]' : 'px-1 text-[11px]',
                    span.locked ? 'bg-slate-100 text-slate-600' : styleOf(span.phase).band,
                  )}
                  style={{ gridColumn: `${span.from + 1} / span ${span.length}` }}
                >
                  {span.locked ? 'Terkunci' : (span.phase ?? '–')}
                </span>
              ))}
            </div>
          </div>
        </div>
      </div>

      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        {phasesShown.map((phase) => (
          <li key={phase ?? 'none'} className="inline-flex items-center gap-1.5">
            <span className="flex items-end gap-px">
              <span className={cn('h-3 w-2 rounded-t-sm', styleOf(phase).planned)} />
              <span className={cn('h-2 w-2 rounded-t-sm', styleOf(phase).done)} />
            </span>
            {styleOf(phase).label}
          </li>
        ))}
        <li className="inline-flex items-center gap-1.5 text-slate-600">Batang muda: rencana · tua: selesai</li>
        {locked > 0 && (
          <li className="inline-flex items-center gap-1.5 text-slate-600">
            <Lock className="size-3" /> minggu dengan latihan terkunci (km-nya tidak dihitung)
          </li>
        )}
      </ul>

      <div className="sr-only">
        <table>
          <caption>Jarak rencana dan selesai per minggu program, dalam km, dengan fasenya</caption>
          <thead>
            <tr>
              <th scope="col">Minggu</th>
              <th scope="col">Tanggal</th>
              <th scope="col">Fase</th>
              <th scope="col">Rencana (km)</th>
              <th scope="col">Selesai (km)</th>
              <th scope="col">Latihan terkunci</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.start}>
                <th scope="row">
                  {week.number}
                  {week.isCurrent ? ' (minggu ini)' : ''}
                </th>
                <td>
                  {shortDay(week.start)} – {shortDay(week.end)}
                </td>
                <td>{week.phase ?? '-'}</td>
                <td>{formatKm(week.plannedKm)}</td>
                <td>{formatKm(week.doneKm)}</td>
                <td>{week.lockedCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
