import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { monthGrid, monthLabel, WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES, type GridCell } from '../../../../domain/training-plan/month-grid';
import type { IsoDay } from '../../../../domain/shared/wire-date';
import { runTypeLabels, runTypes, type RunType } from '../../../../domain/training-plan/run-types';
import { messages } from '../../../../domain/training-plan/training-plan';
import type { PlanRun, Run } from '../../../../domain/training-plan/contract';
import { cn } from '../../../components/cn';
import { ErrorRetry, LoadingSpinner } from '../../../components/query-state';
import { CalendarHeader } from './calendar-header';
import type { CalendarMode } from './calendar-mode';
import { isArrowKey, keyboardStep, longDayLabel, monthKey } from './calendar-model';
import { RunChip, RunChipOverlay, type RunDragData } from './run-chip';
import { runTypeStyles } from './run-style';

/** Touch is left to the TouchSensor (long press), so a swipe over a chip still scrolls the page. */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) =>
        event.nativeEvent.pointerType !== 'touch' && PointerSensor.activators[0]!.handler(event, options),
    },
  ];
}

/** Space picks a run up (Enter stays "open its log"); Space or Enter drops it; Escape cancels. */
const keyboardCodes = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/** A dragged chip sits over the cell under the pointer; from the keyboard, over the cell it was moved to. */
const collisionDetection: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args));

const MAX_CHIPS = 3;

export interface MonthGridProps {
  year: number;
  month: number;
  today: IsoDay;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  runsByDay: ReadonlyMap<IsoDay, readonly PlanRun[]>;
  onPrevMonth: () => void;
  onNextMonth: () => void;
  onThisMonth: () => void;
  onOpenRun: (run: PlanRun) => void;
  /** A run was dropped; `targetDay` is null when it was dropped outside the month's days. */
  onDropRun: (run: Run, fromDay: IsoDay, targetDay: IsoDay | null) => void;
  selectedDay: IsoDay | null;
  onSelectDay: (day: IsoDay) => void;
  mode: CalendarMode;
  onModeChange: (mode: CalendarMode) => void;
}

/** The Monday-first six-week month (spec §2 Training calendar), with drag and drop between its days. */
export function MonthGrid(props: MonthGridProps) {
  const { year, month, today, status, onRetry, onPrevMonth, onNextMonth, onThisMonth } = props;
  const cells = useMemo(() => monthGrid(year, month), [year, month]);
  const label = monthLabel(year, month);
  const isThisMonth = today.startsWith(`${monthKey(year, month)}-`);

  return (
    <section aria-labelledby="calendar-month-label" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <CalendarHeader
        mode={props.mode}
        onModeChange={props.onModeChange}
        titleId="calendar-month-label"
        title={label}
        prevLabel="Bulan sebelumnya"
        nextLabel="Bulan berikutnya"
        onPrev={onPrevMonth}
        onNext={onNextMonth}
        onToday={onThisMonth}
        atToday={isThisMonth}
      />

      {status === 'error' ? (
        <ErrorRetry className="py-6" message={messages.loadFailed} onRetry={onRetry} />
      ) : status === 'pending' ? (
        <LoadingSpinner className="min-h-80 items-center" size="size-7" label="Memuat jadwal latihan..." />
      ) : (
        <DayGrid {...props} cells={cells} label={label} />
      )}

      <Legend />
    </section>
  );
}

function DayGrid({
  year,
  month,
  today,
  runsByDay,
  onOpenRun,
  onDropRun,
  selectedDay,
  onSelectDay,
  cells,
  label,
}: MonthGridProps & { cells: GridCell[]; label: string }) {
  const displayed = monthKey(year, month);
  const displayedRef = useRef(displayed);
  displayedRef.current = displayed;
  const [dragging, setDragging] = useState<Run | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  // A run dropped from the keyboard re-mounts in its new cell: give it focus back once it is there.
  const refocus = useRef<{ id: string; day: IsoDay } | null>(null);
  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-day="${pending.day}"] [data-run-id="${CSS.escape(pending.id)}"]`);
    if (!el) return;
    refocus.current = null;
    if (!document.activeElement || document.activeElement === document.body) el.focus();
  });

  // Arrow keys jump a whole day (or week) and never leave the displayed month.
  const coordinateGetter = useCallback<KeyboardCoordinateGetter>((event, { context }) => {
    if (!isArrowKey(event.code)) return undefined;
    event.preventDefault();
    const { over, active, collisionRect, droppableRects } = context;
    const from = over ? String(over.id) : (active?.data.current as RunDragData | undefined)?.day;
    if (!from || !collisionRect) return undefined;
    const rect = droppableRects.get(keyboardStep(from, event.code, displayedRef.current));
    if (!rect) return undefined;
    return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + (rect.height - collisionRect.height) / 2 };
  }, []);

  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { keyboardCodes, coordinateGetter }),
  );

  const titleOf = (data: unknown) => (data as RunDragData | undefined)?.run.title ?? 'Latihan';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${titleOf(active.data.current)} diambil.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.data.current)} di atas ${longDayLabel(String(over.id))}.` : `${titleOf(active.data.current)} di luar hari bulan ini.`,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.data.current)} diletakkan di ${longDayLabel(String(over.id))}.` : `${titleOf(active.data.current)} tidak dipindahkan.`,
    onDragCancel: ({ active }) => `Pemindahan ${titleOf(active.data.current)} dibatalkan.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    refocus.current = null;
    setDragging((active.data.current as RunDragData).run);
  };
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDragging(null);
    const data = active.data.current as RunDragData;
    if (over && activatorEvent instanceof KeyboardEvent) refocus.current = { id: data.run._id, day: String(over.id) };
    onDropRun(data.run, data.day, over ? String(over.id) : null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      // Scroll the page only when a drag nears the top or bottom edge (never sideways).
      autoScroll={{ threshold: { x: 0, y: 0.12 } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Tekan Enter untuk membuka log hasil. Untuk memindahkan latihan, tekan Spasi, pilih hari dengan tombol panah, lalu tekan Spasi untuk meletakkan atau Escape untuk membatalkan.',
        },
      }}
    >
      {/* Container queries: compact chips when the grid itself is narrow (a phone), whatever the screen. */}
      <div ref={gridRef} className="@container" role="group" aria-label={`Kalender ${label}`}>
        <div className="grid grid-cols-7 border-b border-slate-200 pb-1" aria-hidden="true">
          {WEEKDAY_SHORT_NAMES.map((name, i) => (
            <div key={name} className="text-center text-xs font-semibold text-slate-600" title={WEEKDAY_NAMES[i]}>
              {name}
            </div>
          ))}
        </div>
        <ol className="grid grid-cols-7 gap-px bg-slate-200" data-testid="month-grid">
          {cells.map((cell) => (
            <DayCell
              key={cell.iso}
              cell={cell}
              isToday={cell.iso === today}
              selected={cell.iso === selectedDay}
              runs={runsByDay.get(cell.iso) ?? []}
              onOpenRun={onOpenRun}
              onSelectDay={onSelectDay}
            />
          ))}
        </ol>
      </div>
      {createPortal(
        <DragOverlay dropAnimation={null} zIndex={40}>
          {dragging ? <RunChipOverlay run={dragging} /> : null}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}

function DayCell({
  cell,
  isToday,
  selected,
  runs,
  onOpenRun,
  onSelectDay,
}: {
  cell: GridCell;
  isToday: boolean;
  selected: boolean;
  runs: readonly PlanRun[];
  onOpenRun: (run: PlanRun) => void;
  onSelectDay: (day: IsoDay) => void;
}) {
  // Only days of the displayed month take a drop (spec §4: drag only within the current month).
  const { setNodeRef, isOver } = useDroppable({ id: cell.iso, disabled: !cell.inMonth });
  const shown = runs.slice(0, MAX_CHIPS);
  const hidden = runs.length - shown.length;
  const dayLabel = `${longDayLabel(cell.iso)}${runs.length > 0 ? `, ${runs.length} latihan` : ''}`;

  return (
    <li
      ref={setNodeRef}
      data-day={cell.iso}
      data-in-month={cell.inMonth}
      // Tapping a day's empty space (a phone's small cells) shows its runs below the grid.
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest('button')) onSelectDay(cell.iso);
      }}
      className={cn(
        'flex min-h-16 min-w-0 flex-col gap-0.5 p-0.5 @lg:min-h-24 @lg:gap-1 @lg:p-1',
        cell.inMonth ? 'bg-white' : 'bg-slate-50',
        isToday && 'bg-brand-50',
        selected && 'ring-2 ring-slate-700 ring-inset',
        isOver && 'bg-brand-100 ring-2 ring-brand-600 ring-inset',
      )}
    >
      <button
        type="button"
        onClick={() => onSelectDay(cell.iso)}
        aria-label={dayLabel}
        aria-pressed={selected}
        aria-current={isToday ? 'date' : undefined}
        className={cn(
          'flex size-6 shrink-0 items-center justify-center self-center rounded-full text-xs font-semibold @lg:size-7 @lg:self-start @lg:text-sm',
          isToday ? 'bg-brand-600 text-white' : cell.inMonth ? 'text-slate-900 hover:bg-slate-100' : 'text-slate-600 hover:bg-slate-100',
        )}
      >
        {cell.day}
      </button>
      {shown.map((run) => (
        <RunChip key={run._id} run={run} day={cell.iso} draggable={cell.inMonth} onOpen={onOpenRun} />
      ))}
      {hidden > 0 && (
        <button
          type="button"
          onClick={() => onSelectDay(cell.iso)}
          className="rounded px-1 text-left text-[10px] font-semibold text-slate-700 hover:bg-slate-100 @lg:text-xs"
          aria-label={`${hidden} latihan lainnya pada ${longDayLabel(cell.iso)}`}
        >
          +{hidden}
          <span className="hidden @lg:inline"> lainnya</span>
        </button>
      )}
    </li>
  );
}

function Legend() {
  const types: RunType[] = [...runTypes, 'other'];
  return (
    <ul className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700" aria-label="Warna jenis latihan">
      {types.map((type) => (
        <li key={type} className="flex items-center gap-1.5">
          <span className={cn('size-2.5 rounded-full', runTypeStyles[type].dot)} aria-hidden="true" />
          {runTypeLabels[type]}
        </li>
      ))}
    </ul>
  );
}
