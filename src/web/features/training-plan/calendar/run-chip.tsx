import { useDraggable } from '@dnd-kit/core';
import { Check, CheckCircle2, Lock } from 'lucide-react';
import { runType, runTypeLabels } from '../../../../domain/training-plan/run-types';
import { hasResult, messages } from '../../../../domain/training-plan/training-plan';
import type { LockedRun, PlanRun, Run } from '../../../../domain/training-plan/contract';
import { cn } from '../../../components/cn';
import { isStravaResult, StravaLabel } from '../result-source';
import { longDayLabel } from './calendar-model';
import { runStyle } from './run-style';

export interface RunDragData {
  run: Run;
  day: string;
}

/** The accessible name of a run in the grid: what, when, and whether it is done. */
export function runChipLabel(run: Run, day: string): string {
  const parts = [run.title, run.program, longDayLabel(day), runTypeLabels[runType(run.title)]];
  if (hasResult(run)) parts.push(isStravaResult(run) ? 'selesai, hasil dari Strava' : 'selesai');
  return parts.filter(Boolean).join(', ');
}

const chipBase =
  'relative flex w-full min-w-0 items-center gap-1 overflow-hidden rounded-md border text-left leading-tight select-none @lg:pr-0.5 @lg:pl-1.5';
/**
 * Compact (a narrow grid, e.g. a phone): a coloured bar per run, ticked when done; roomy: the title
 * on up to two lines and the program with the tick under it. Sized by the grid's container width.
 */
const chipSize = 'h-5 @lg:h-auto @lg:min-h-9 @lg:py-1 @lg:text-[11px]';

/** The body of a chip: the compact bar, or a colour bar, the title, the program and a done tick. */
function ChipBody({ run }: { run: Run }) {
  const style = runStyle(run.title);
  const done = hasResult(run);
  const fromStrava = done && isStravaResult(run);
  return (
    <>
      {/* Compact: the run is its colour; the tick says it is done (never dropped for lack of room). */}
      <span className={cn('absolute inset-0 flex items-center justify-center @lg:hidden', style.accent)} aria-hidden="true" data-testid="run-bar">
        {done && <Check className={cn('size-3.5', style.tick)} strokeWidth={3.5} data-testid="run-done" />}
      </span>
      {/* Compact: a Strava-orange corner says the result came from Strava (the name says it in words). */}
      {fromStrava && <span className="absolute top-0 right-0 size-1.5 rounded-bl-sm bg-[#fc4c02] @lg:hidden" aria-hidden="true" data-testid="run-strava-mark" />}
      <span className={cn('absolute inset-y-0 left-0 hidden w-1 @lg:block', style.accent)} aria-hidden="true" />
      {/* The text stays in the compact bar for find-by-text, out of sight. */}
      <span className="sr-only @lg:not-sr-only @lg:min-w-0 @lg:flex-1">
        <span className="line-clamp-2 font-semibold break-words" data-testid="run-title">
          {run.title}
        </span>
        {(run.program || done) && (
          <span className="flex items-center gap-1">
            <span className="min-w-0 flex-1 truncate">{run.program}</span>
            {fromStrava && <StravaLabel className="hidden px-1 text-[9px] leading-3 @lg:inline-flex" />}
            {done && <CheckCircle2 className="hidden size-3.5 shrink-0 text-green-700 @lg:block" aria-hidden="true" data-testid="run-done" />}
          </span>
        )}
      </span>
    </>
  );
}

export interface RunChipProps {
  /** A whole run, or a locked AI run's stub (blurred, not draggable, labelled 'Kunci'; a tap explains the lock). */
  run: PlanRun;
  day: string;
  /** Only runs of the displayed month can be dragged. */
  draggable: boolean;
  /** Opens a run's log, or a locked run's explanation. */
  onOpen: (run: PlanRun) => void;
}

/** A run in a day cell: click (or Enter) opens its log; drag (mouse, long press, or Space + arrows) moves it. */
export function RunChip({ run, ...rest }: RunChipProps) {
  return run.locked ? <LockedRunChip run={run} day={rest.day} onOpen={rest.onOpen} /> : <OpenRunChip run={run} {...rest} />;
}

/** A locked chip's accessible name: that it is locked, when, and that a tap says why. */
export const lockedChipLabel = (day: string) => `${messages.locked}, ${longDayLabel(day)}, Kunci: lihat penjelasan`;

/**
 * The server sends a locked run without its title: the chip blurs a fixed stand-in word so it still
 * reads as "a run is planned here". It never drags; a tap explains the lock and offers to renew.
 */
function LockedRunChip({ run, day, onOpen }: { run: LockedRun; day: string; onOpen: (run: PlanRun) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(run)}
      aria-label={lockedChipLabel(day)}
      aria-haspopup="dialog"
      className={cn(
        chipBase,
        chipSize,
        'border-slate-200 bg-slate-100 text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
      )}
      data-testid="run-chip"
      data-locked="true"
      data-run-id={run._id}
      title={messages.locked}
    >
      <span className="hidden min-w-0 flex-1 overflow-hidden font-semibold whitespace-nowrap blur-[2px] select-none @lg:block" aria-hidden="true">
        Latihan
      </span>
      <span className="flex flex-1 shrink-0 items-center justify-center gap-0.5 font-bold @lg:flex-none">
        <Lock className="size-3" aria-hidden="true" />
        <span className="sr-only @lg:not-sr-only">Kunci</span>
      </span>
    </button>
  );
}

function OpenRunChip({ run, day, draggable, onOpen }: Omit<RunChipProps, 'run'> & { run: Run }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: run._id,
    data: { run, day } satisfies RunDragData,
    disabled: !draggable,
    attributes: { roleDescription: 'latihan yang bisa dipindahkan' },
  });
  const style = runStyle(run.title);

  return (
    <button
      ref={setNodeRef}
      type="button"
      {...(draggable ? { ...attributes, ...listeners } : {})}
      onClick={() => onOpen(run)}
      aria-label={runChipLabel(run, day)}
      data-testid="run-chip"
      data-run-id={run._id}
      className={cn(
        chipBase,
        chipSize,
        style.chip,
        'hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        // Long-press drags on touch screens: no callout menu, and the page still scrolls on a swipe.
        draggable && 'cursor-grab touch-manipulation [-webkit-touch-callout:none]',
        isDragging && 'opacity-40',
      )}
    >
      <ChipBody run={run} />
    </button>
  );
}

/** The chip that follows the pointer while dragging (the drag overlay sizes it like the original). */
export function RunChipOverlay({ run }: { run: Run }) {
  const style = runStyle(run.title);
  // Portalled out of the grid's container: its own plain layout, whatever the grid's width.
  return (
    <div className={cn(chipBase, 'h-full cursor-grabbing pl-2 text-[11px] font-semibold shadow-lg ring-2 ring-brand-600', style.chip)}>
      <span className={cn('absolute inset-y-0 left-0 w-1', style.accent)} aria-hidden="true" />
      <span className="min-w-0 truncate">{run.title}</span>
    </div>
  );
}
