import { CalendarDays, ChevronLeft, ChevronRight, ListChecks } from 'lucide-react';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import type { CalendarMode } from './calendar-mode';

export interface CalendarHeaderProps {
  mode: CalendarMode;
  onModeChange: (mode: CalendarMode) => void;
  /** The heading's id (the section is labelled by it) and text: the month, or the week's days. */
  titleId: string;
  title: string;
  prevLabel: string;
  nextLabel: string;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  /** The period shown already holds today. */
  atToday: boolean;
}

const modes: { mode: CalendarMode; label: string; icon: typeof CalendarDays }[] = [
  { mode: 'month', label: 'Bulan', icon: CalendarDays },
  { mode: 'week', label: 'Minggu', icon: ListChecks },
];

/** The calendar card's top: the Bulan / Minggu switch and 'Hari ini'; then the period and its arrows. */
export function CalendarHeader({ mode, onModeChange, titleId, title, prevLabel, nextLabel, onPrev, onNext, onToday, atToday }: CalendarHeaderProps) {
  return (
    <div className="mb-3 space-y-2">
      <div className="flex items-center justify-between gap-2">
        <div role="group" aria-label="Tampilan kalender" className="inline-flex rounded-lg bg-slate-100 p-0.5">
          {modes.map(({ mode: m, label, icon: Icon }) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => onModeChange(m)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
        <Button variant="outline" size="sm" className="px-2.5 whitespace-nowrap" onClick={onToday} disabled={atToday}>
          Hari ini
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="min-w-0 text-base font-bold text-slate-900 sm:text-xl" aria-live="polite">
          {title}
        </h2>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          <Button variant="ghost" size="sm" className="px-2" onClick={onPrev} aria-label={prevLabel}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" className="px-2" onClick={onNext} aria-label={nextLabel}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
