import { CalendarClock, CalendarPlus, Plus } from 'lucide-react';
import { messages } from '../../../../domain/training-plan/training-plan';
import type { PlanRun } from '../../../../domain/training-plan/contract';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorRetry, LoadingSpinner, QueryState } from '../../../components/query-state';
import type { ActivityPrefill } from '../log-result/activity-file-drop';
import { ActivityImportButton } from './activity-import-button';
import { countRuns, runCountLabel, shortDayLabel, type DayRun } from './calendar-model';
import { RunRow } from './run-row';

export interface UpcomingRunsProps {
  status: 'pending' | 'error' | 'success';
  runs: readonly DayRun[];
  today: string;
  onOpen: (run: PlanRun) => void;
  onRetry: () => void;
  onAdd: () => void;
  /** The runner's Google Calendar export; absent in a coach's view of a runner's plan. */
  onExport?: () => void;
  /** 'Impor File Aktivitas': a file was read; the calendar opens the run it belongs to. */
  onImported?: (prefill: ActivityPrefill) => void;
}

/** 'Latihan mendatang' (spec §2): runs from today on, the Google Calendar export, 'Impor File Aktivitas' and 'Tambah Jadwal'. */
export function UpcomingRuns({ status, runs, today, onOpen, onRetry, onAdd, onExport, onImported }: UpcomingRunsProps) {
  return (
    <section aria-labelledby="upcoming-title" className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h2 id="upcoming-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
          <CalendarClock className="size-5 text-brand-600" aria-hidden="true" />
          Latihan mendatang
        </h2>
        {/* Locked runs are counted apart: they are planned, but not open to the runner. */}
        {status === 'success' && runs.length > 0 && (
          <span className="text-xs font-semibold whitespace-nowrap text-slate-600" data-testid="upcoming-count">
            {runCountLabel(countRuns(runs))}
          </span>
        )}
      </div>

      <QueryState
        query={{ status, data: runs }}
        loading={<LoadingSpinner className="py-8" label="Memuat latihan mendatang..." />}
        error={<ErrorRetry message={messages.loadFailed} onRetry={onRetry} />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState compact icon={CalendarClock} description={messages.upcomingEmpty} />}
      >
        {(list) => (
          // A scrolling list that stays keyboard-reachable even when every row is locked.
          <div className="-mx-2 max-h-80 overflow-y-auto lg:max-h-[26rem]" tabIndex={0} role="region" aria-label="Daftar latihan mendatang">
            <ul className="space-y-1 px-2" data-testid="upcoming-list">
              {list.map((entry) => (
                <UpcomingRow key={entry.run._id} entry={entry} today={today} onOpen={onOpen} />
              ))}
            </ul>
          </div>
        )}
      </QueryState>

      <div className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {onExport && (
          <Button variant="outline" onClick={onExport}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Ekspor ke Google Calendar
          </Button>
        )}
        {onImported && <ActivityImportButton onImported={onImported} />}
        <Button onClick={onAdd}>
          <Plus className="size-4" aria-hidden="true" />
          Tambah Jadwal
        </Button>
      </div>
    </section>
  );
}

function UpcomingRow({ entry, today, onOpen }: { entry: DayRun; today: string; onOpen: (run: PlanRun) => void }) {
  const leading = (
    <span className="w-20 shrink-0 text-xs leading-tight font-semibold whitespace-nowrap text-slate-700">
      {entry.day === today && <span className="block text-brand-700">Hari ini</span>}
      {shortDayLabel(entry.day)}
    </span>
  );
  return <RunRow run={entry.run} leading={leading} onOpen={onOpen} />;
}
