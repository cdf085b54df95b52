import { useState } from 'react';

/** 'Bulan' (the month grid) or 'Minggu' (the week list, the natural view on a phone). */
export type CalendarMode = 'month' | 'week';

/** Where the runner's choice is remembered (this browser only). */
export const CALENDAR_MODE_KEY = 'derap.calendar.view';
/** Below Tailwind's `sm` breakpoint the week list is the default. */
export const NARROW_SCREEN = '(max-width: 639px)';

/** The remembered choice, else the week on a narrow screen and the month on a wide one. */
export function initialCalendarMode(stored: string | null, narrow: boolean): CalendarMode {
  if (stored === 'month' || stored === 'week') return stored;
  return narrow ? 'week' : 'month';
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(CALENDAR_MODE_KEY);
  } catch {
    return null; // storage can be off (private mode, policies): fall back to the screen's default
  }
}

export function useCalendarMode(): [CalendarMode, (mode: CalendarMode) => void] {
  const [mode, setMode] = useState<CalendarMode>(() =>
    initialCalendarMode(readStored(), typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches),
  );
  const choose = (next: CalendarMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(CALENDAR_MODE_KEY, next);
    } catch {
      // not remembered; the choice still holds for this visit
    }
  };
  return [mode, choose];
}
