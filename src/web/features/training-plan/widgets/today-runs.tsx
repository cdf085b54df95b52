import { CheckCircle2, ChevronRight, Footprints, Lock } from 'lucide-react';
import { formatPace, paceSecondsPerKm } from '../../../../domain/training-plan/pace';
import { runColor } from '../../../../domain/training-plan/run-types';
import { hasResult, messages } from '../../../../domain/training-plan/training-plan';
import type { LockedRun, PlanRun, Run } from '../../../../domain/training-plan/contract';
import { Badge } from '../../../components/badge';
import { cn } from '../../../components/cn';
import { EmptyState } from '../../../components/empty-state';
import { ErrorRetry, LoadingSpinner } from '../../../components/query-state';
import { isStravaResult, StravaLabel } from '../result-source';

export interface TodayRunsProps {
  status: 'pending' | 'error' | 'success';
  /** Today's runs: whole, or the server's stub of a locked AI run. */
  runs: readonly PlanRun[];
  /** Opens a run's log, or a locked run's explanation. */
  onOpen: (run: PlanRun) => void;
  onRetry: () => void;
}

const km = (value: number) => `${value.toLocaleString('id-ID', { maximumFractionDigits: 2 })} km`;

/** 'Latihan Hari Ini': today's planned runs; each opens the log dialog, a locked one the lock's explanation. */
export function TodayRuns({ status, runs, onOpen, onRetry }: TodayRunsProps) {
  if (status === 'pending') return <LoadingSpinner className="py-8" label="Memuat latihan hari ini..." />;
  if (status === 'error') return <ErrorRetry message={messages.todayFailed} onRetry={onRetry} />;
  if (runs.length === 0) return <EmptyState compact icon={Footprints} description={messages.todayEmpty} />;
  return (
    <ul className="-mx-2 space-y-1">
      {runs.map((run) => (
        <li key={run._id}>{run.locked ? <LockedToday run={run} onOpen={onOpen} /> : <OpenToday run={run} onOpen={onOpen} />}</li>
      ))}
    </ul>
  );
}

/** A locked AI run: the server sends no title, program or pace, so there is none to show; a tap says why. */
function LockedToday({ run, onOpen }: { run: LockedRun; onOpen: (run: PlanRun) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(run)}
      aria-haspopup="dialog"
      className="flex w-full items-start gap-3 rounded-xl bg-slate-50 px-2 py-2.5 text-left hover:bg-slate-100"
      data-locked="true"
      data-run-id={run._id}
      title={messages.locked}
    >
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', runColor(''))} aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900 blur-[2px] select-none" aria-hidden="true">
          Latihan AI
        </span>
        <span className="block text-sm text-slate-600">{messages.locked}</span>
        <span className="mt-1 block">
          <Badge tone="gray" className="gap-1">
            <Lock className="size-3" aria-hidden="true" /> Kunci
          </Badge>
        </span>
      </span>
    </button>
  );
}

function OpenToday({ run, onOpen }: { run: Run; onOpen: (run: PlanRun) => void }) {
  const done = hasResult(run);
  return (
    <button type="button" onClick={() => onOpen(run)} className="flex w-full items-start gap-3 rounded-xl px-2 py-2.5 text-left hover:bg-slate-50">
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', runColor(run.title))} aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold break-words text-slate-900">
          {run.title} {run.program && <span className="font-normal text-slate-600">{run.program}</span>}
        </span>
        {done ? (
          <span className="block text-sm text-slate-600">
            {km(run.trainingdistance!)} · {formatPace(paceSecondsPerKm(run.trainingdistance, run.trainingtime))}
            {run.traininghr !== null && ` · ${run.traininghr} bpm`}
          </span>
        ) : (
          run.paceRange && <span className="block text-sm text-slate-600">Target pace {run.paceRange} /km</span>
        )}
        <span className="mt-1 block">
          {done ? (
            <span className="flex flex-wrap items-center gap-1.5">
              <Badge tone="green" className="gap-1">
                <CheckCircle2 className="size-3" aria-hidden="true" /> Selesai
              </Badge>
              {isStravaResult(run) && <StravaLabel />}
            </span>
          ) : (
            <span className="text-sm font-semibold text-brand-700">Log hasil latihan</span>
          )}
        </span>
      </span>
      <ChevronRight className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
    </button>
  );
}
