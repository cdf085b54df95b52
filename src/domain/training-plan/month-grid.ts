import { addDays, isoFromParts, startOfWeek, type IsoDay } from '../shared/wire-date';

/** Monday-first day names, as the calendar header shows them. */
export const WEEKDAY_SHORT_NAMES = ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'] as const;
export const WEEKDAY_NAMES = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;
export const MONTH_NAMES = [
  'Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni',
  'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember',
] as const;

export const GRID_CELLS = 42;

export interface GridCell {
  iso: IsoDay;
  day: number;
  inMonth: boolean;
}

/** Six Monday-first weeks (42 cells) covering the month; `month` is 1-12. */
export function monthGrid(year: number, month: number): GridCell[] {
  const first = isoFromParts(year, month, 1);
  const start = startOfWeek(first);
  const prefix = `${first.slice(0, 7)}-`;
  return Array.from({ length: GRID_CELLS }, (_, i) => {
    const iso = addDays(start, i);
    return { iso, day: Number(iso.slice(8, 10)), inMonth: iso.startsWith(prefix) };
  });
}

export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthLabel(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}
