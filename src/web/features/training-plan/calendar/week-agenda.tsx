import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { CheckCircle2, ChevronRight, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { isoToLocalDate, type IsoDay } from '../../../../domain/shared/wire-date';
import { formatDuration, formatPace } from '../../../../domain/training-plan/pace';
import { runType, runTypeLabels } from '../../../../domain/training-plan/run-types';
import { hasResult, messages } from '../../../../domain/training-plan/training-plan';
import type { PlanRun, Run } from '../../../../domain/training-plan/contract';
import { unwrapProgram } from '../../../../domain/training-plan/training-program';
import { cn } from '../../../components/cn';
import { ErrorRetry, LoadingSpinner } from '../../../components/query-state';
import { summariseWeek } from '../widgets/use-week-runs';
import { CalendarHeader } from './calendar-header';
import type { CalendarMode } from './calendar-mode';
import { longDayLabel } from './calendar-model';
import { formatKm, weekRangeLabel } from './program-weeks';
import { RunRow } from './run-row';
import { runStyle } from './run-style';
import { isStravaResult, StravaLabel } from '../result-source';

export interface WeekAgendaProps {
  /** Monday of the week shown. */
  weekStart: IsoDay;
  today: IsoDay;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  /** Every run of the plan (the week's are picked here). */
  runs: readonly PlanRun[];
  runsByDay: ReadonlyMap<IsoDay, readonly PlanRun[]>;
  onPrevWeek: () => void;
  onNextWeek: () => void;
  onThisWeek: () => void;
  onOpenRun: (run: PlanRun) => void;
  onAdd: (day: IsoDay) => void;
  mode: CalendarMode;
  onModeChange: (mode: CalendarMode) => void;
}

/** 'Minggu': Monday to Sunday as a list, each run in full, with the week's planned and done km. */
export function WeekAgenda(props: WeekAgendaProps) {
  const { weekStart, today, status, onRetry, runs, runsByDay, mode, onModeChange } = props;
  const week = useMemo(() => summariseWeek(runs, weekStart), [runs, weekStart]);
  const atToday = week.days.some((d) => d.day === today);

  return (
    <section aria-labelledby="calendar-week-label" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5" data-testid="week-agenda">
      <CalendarHeader
        mode={mode}
        onModeChange={onModeChange}
        titleId="calendar-week-label"
        title={weekRangeLabel(weekStart)}
        prevLabel="Minggu sebelumnya"
        nextLabel="Minggu berikutnya"
        onPrev={props.onPrevWeek}
        onNext={props.onNextWeek}
        onToday={props.onThisWeek}
        atToday={atToday}
      />

      {status === 'error' ? (
        <ErrorRetry className="py-6" message={messages.loadFailed} onRetry={onRetry} />
      ) : status === 'pending' ? (
        <LoadingSpinner className="min-h-60 items-center" size="size-7" label="Memuat jadwal latihan..." />
      ) : (
        <>
          <WeekTotals plannedKm={week.plannedKm} doneKm={week.actualKm} />
          <ol className="mt-3 divide-y divide-slate-100" aria-label={`Latihan ${weekRangeLabel(weekStart)}`}>
            {week.days.map((d) => (
              <WeekDay
                key={d.day}
                day={d.day}
                plannedKm={d.plannedKm}
                isToday={d.day === today}
                past={d.day < today}
                runs={runsByDay.get(d.day) ?? []}
                onOpenRun={props.onOpenRun}
                onAdd={props.onAdd}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** 'Rencana 32 km · Selesai 18 km' with a bar of how much is done. */
function WeekTotals({ plannedKm, doneKm }: { plannedKm: number; doneKm: number }) {
  const percent = plannedKm > 0 ? Math.min(100, Math.round((doneKm / plannedKm) * 100)) : 0;
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5" data-testid="week-totals">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-slate-700">
        <span>
          Rencana <strong className="text-slate-900">{formatKm(plannedKm)} km</strong>
          <span aria-hidden="true"> · </span>
          Selesai <strong className="text-green-800">{formatKm(doneKm)} km</strong>
        </span>
        {plannedKm > 0 && <span className="text-xs font-semibold text-slate-600">{percent}% tercapai</span>}
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full rounded-full bg-green-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function WeekDay({
  day,
  plannedKm,
  isToday,
  past,
  runs,
  onOpenRun,
  onAdd,
}: {
  day: IsoDay;
  plannedKm: number;
  isToday: boolean;
  past: boolean;
  runs: readonly PlanRun[];
  onOpenRun: (run: PlanRun) => void;
  onAdd: (day: IsoDay) => void;
}) {
  const date = isoToLocalDate(day);
  return (
    <li className="flex gap-3 py-3" data-day={day} aria-current={isToday ? 'date' : undefined}>
      <div className="w-11 shrink-0 text-center">
        <p className={cn('text-xs font-semibold uppercase', isToday ? 'text-brand-700' : 'text-slate-600')}>{format(date, 'EEE', { locale: id })}</p>
        <p
          className={cn(
            'mx-auto mt-0.5 flex size-8 items-center justify-center rounded-full text-base font-bold',
            isToday ? 'bg-brand-600 text-white' : 'text-slate-900',
          )}
        >
          {format(date, 'd')}
        </p>
        {plannedKm > 0 && <p className="mt-0.5 text-[11px] font-semibold text-slate-600">{formatKm(plannedKm)} km</p>}
        <button
          type="button"
          onClick={() => onAdd(day)}
          className="mx-auto mt-1 flex size-7 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Tambah jadwal pada ${longDayLabel(day)}`}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="sr-only">{longDayLabel(day)}</h3>
        {runs.length === 0 ? (
          <p className="pt-2 text-sm text-slate-500">Istirahat</p>
        ) : (
          <ul className="space-y-2">
            {runs.map((run) =>
              run.locked ? (
                <RunRow key={run._id} run={run} onOpen={onOpenRun} />
              ) : (
                <WeekRun key={run._id} run={run} past={past} onOpen={onOpenRun} />
              ),
            )}
          </ul>
        )}
      </div>
    </li>
  );
}

/** One run in full: colour, title and type, program and pace, and its logged result (or that it is missing). */
function WeekRun({ run, past, onOpen }: { run: Run; past: boolean; onOpen: (run: PlanRun) => void }) {
  const style = runStyle(run.title);
  const done = hasResult(run);
  const program = unwrapProgram(run.program);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(run)}
        data-testid="week-run"
        data-run-id={run._id}
        className={cn(
          'flex w-full items-stretch gap-2.5 rounded-xl border p-2.5 text-left transition-colors hover:brightness-[0.97] focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
          style.chip,
        )}
      >
        <span className={cn('w-1 shrink-0 rounded-full', style.accent)} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold break-words">{run.title}</span>
            <span className="text-xs font-medium opacity-80">{runTypeLabels[runType(run.title)]}</span>
          </span>
          {(program || run.paceRange) && (
            <span className="mt-0.5 flex flex-wrap gap-x-1.5 text-sm opacity-90">
              {program && <span className="whitespace-nowrap">{program}</span>}
              {program && run.paceRange && <span aria-hidden="true">·</span>}
              {run.paceRange && <span className="whitespace-nowrap">Pace {run.paceRange} /km</span>}
            </span>
          )}
          {done ? (
            <span className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm font-semibold text-green-800" data-testid="week-run-result">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
              Selesai{' '}
              <span className="font-normal whitespace-nowrap text-slate-700">
                {formatKm(run.trainingdistance!)} km · {formatDuration(run.trainingtime!)} · {formatPace(run.trainingpace)}
              </span>
              {isStravaResult(run) && <StravaLabel />}
            </span>
          ) : (
            past && <span className="mt-1 block text-xs font-medium text-slate-600">Belum dicatat</span>
          )}
        </span>
        <ChevronRight className="size-4 shrink-0 self-center opacity-60" aria-hidden="true" />
      </button>
    </li>
  );
}
