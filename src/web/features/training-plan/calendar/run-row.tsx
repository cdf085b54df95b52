import { CheckCircle2, ChevronRight, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { hasResult, type Run } from '../../../../domain/training-plan';
import { Badge } from '../../../components/badge';
import { cn } from '../../../components/cn';
import { runStyle } from './run-style';

/**
 * One run in a list (upcoming runs, a day's runs): colour bar, optional leading text (its date),
 * title, program and pace; a button that opens the log, or a blurred 'Kunci' row when locked.
 */
export function RunRow({ run, locked, leading, onOpen }: { run: Run; locked: boolean; leading?: ReactNode; onOpen: (run: Run) => void }) {
  const body = (
    <>
      <span className={cn('w-1 self-stretch rounded-full', runStyle(run.title).accent)} aria-hidden="true" />
      {leading}
      <span className={cn('min-w-0 flex-1', locked && 'blur-[2px]')} aria-hidden={locked || undefined}>
        <span className="block font-semibold break-words text-slate-900">
          {run.title} {run.program && <span className="font-normal text-slate-600">{run.program}</span>}
        </span>
        {run.paceRange && <span className="block text-xs text-slate-600">Pace {run.paceRange} /km</span>}
      </span>
      {locked ? (
        <Badge tone="gray" className="shrink-0 gap-1">
          <Lock className="size-3" aria-hidden="true" /> Kunci
        </Badge>
      ) : hasResult(run) ? (
        <Badge tone="green" className="shrink-0 gap-1">
          <CheckCircle2 className="size-3" aria-hidden="true" /> Selesai
        </Badge>
      ) : (
        <ChevronRight className="size-4 shrink-0 self-center text-slate-500" aria-hidden="true" />
      )}
    </>
  );
  return (
    <li>
      {locked ? (
        <div className="flex cursor-not-allowed items-start gap-3 rounded-xl px-2 py-2" data-locked="true" title="Program ini dibatasi">
          {body}
        </div>
      ) : (
        <button type="button" onClick={() => onOpen(run)} className="flex w-full items-start gap-3 rounded-xl px-2 py-2 text-left hover:bg-slate-50">
          {body}
        </button>
      )}
    </li>
  );
}
