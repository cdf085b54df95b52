import { CheckCircle2, ChevronRight, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { hasResult, messages } from '../../../../domain/training-plan/training-plan';
import type { PlanRun } from '../../../../domain/training-plan/contract';
import { Badge } from '../../../components/badge';
import { cn } from '../../../components/cn';
import { isStravaResult, StravaLabel } from '../result-source';
import { runStyle } from './run-style';

/**
 * One run in a list (upcoming runs, a day's runs): colour bar, optional leading text (its date),
 * title, program and pace; a button that opens the log, or for a locked run (which the server sends
 * without title, program or pace) a blurred 'Kunci' row whose tap explains the lock.
 */
export function RunRow({ run, leading, onOpen }: { run: PlanRun; leading?: ReactNode; onOpen: (run: PlanRun) => void }) {
  if (run.locked) {
    return (
      <li>
        <button
          type="button"
          onClick={() => onOpen(run)}
          aria-haspopup="dialog"
          className="flex w-full items-start gap-3 rounded-xl px-2 py-2 text-left hover:bg-slate-50"
          data-locked="true"
          data-run-id={run._id}
          title={messages.locked}
        >
          <span className={cn('w-1 self-stretch rounded-full', runStyle('').accent)} aria-hidden="true" />
          {leading}
          <span className="min-w-0 flex-1">
            {/* A fixed stand-in word, blurred: the server sent no title to show. */}
            <span className="block truncate font-semibold text-slate-900 blur-[2px] select-none" aria-hidden="true">
              Latihan AI
            </span>
            <span className="block text-xs text-slate-600">{messages.locked}</span>
          </span>
          <Badge tone="gray" className="shrink-0 gap-1">
            <Lock className="size-3" aria-hidden="true" /> Kunci
          </Badge>
        </button>
      </li>
    );
  }
  const body = (
    <>
      <span className={cn('w-1 self-stretch rounded-full', runStyle(run.title).accent)} aria-hidden="true" />
      {leading}
      <span className="min-w-0 flex-1">
        <span className="block font-semibold break-words text-slate-900">
          {run.title} {run.program && <span className="font-normal text-slate-600">{run.program}</span>}
        </span>
        {run.paceRange && <span className="block text-xs text-slate-600">Pace {run.paceRange} /km</span>}
      </span>
      {hasResult(run) ? (
        <span className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone="green" className="gap-1">
            <CheckCircle2 className="size-3" aria-hidden="true" /> Selesai
          </Badge>
          {isStravaResult(run) && <StravaLabel />}
        </span>
      ) : (
        <ChevronRight className="size-4 shrink-0 self-center text-slate-500" aria-hidden="true" />
      )}
    </>
  );
  return (
    <li>
      <button type="button" onClick={() => onOpen(run)} className="flex w-full items-start gap-3 rounded-xl px-2 py-2 text-left hover:bg-slate-50">
        {body}
      </button>
    </li>
  );
}
