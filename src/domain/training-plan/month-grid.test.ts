import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_CELLS, MONTH_NAMES, WEEKDAY_SHORT_NAMES, monthGrid, monthLabel, shiftMonth } from './month-grid';
import { addDays, weekdayIndex } from '../shared/wire-date';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe('monthGrid', () => {
  it('November 2026 starts on Monday 26 October 2026 and ends on Sunday 6 December', () => {
    const grid = monthGrid(2026, 11);
    expect(grid[0]).toEqual({ iso: '2026-10-26', day: 26, inMonth: false });
    expect(grid[6]).toEqual({ iso: '2026-11-01', day: 1, inMonth: true }); // 1 Nov 2026 is a Sunday
    expect(grid[35]).toEqual({ iso: '2026-11-30', day: 30, inMonth: true });
    expect(grid[41]).toEqual({ iso: '2026-12-06', day: 6, inMonth: false });
  });

  it('a month starting on a Monday begins in its first cell', () => {
    // 1 February 2027 is a Monday.
    const grid = monthGrid(2027, 2);
    expect(grid[0]).toEqual({ iso: '2027-02-01', day: 1, inMonth: true });
    expect(grid.filter((c) => c.inMonth)).toHaveLength(28);
  });

  it('always has 42 consecutive Monday-first cells holding each day of the month once (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const grid = monthGrid(year, month);
        expect(grid).toHaveLength(GRID_CELLS);
        expect(GRID_CELLS).toBe(42);
        expect(weekdayIndex(grid[0]!.iso)).toBe(0);
        grid.forEach((cell, i) => {
          if (i > 0) expect(cell.iso).toBe(addDays(grid[i - 1]!.iso, 1));
          expect(cell.day).toBe(Number(cell.iso.slice(8, 10)));
          const [y, m] = cell.iso.split('-').map(Number);
          expect(cell.inMonth).toBe(y === year && m === month);
        });
        const inMonthDays = grid.filter((c) => c.inMonth).map((c) => c.day);
        const n = daysInMonth(year, month);
        expect(inMonthDays).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        // The month starts within the first week.
        expect(grid.findIndex((c) => c.inMonth)).toBeLessThan(7);
      }),
    );
  });
});

describe('shiftMonth', () => {
  it('moves across year ends', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2027, 1, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth(2026, 11, 0)).toEqual({ year: 2026, month: 11 });
    expect(shiftMonth(2026, 11, -23)).toEqual({ year: 2024, month: 12 });
    expect(shiftMonth(2026, 11, 14)).toEqual({ year: 2028, month: 1 });
  });

  it('keeps the month in 1-12 and undoes itself (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: -600, max: 600 }), (year, month, delta) => {
        const shifted = shiftMonth(year, month, delta);
        expect(shifted.month).toBeGreaterThanOrEqual(1);
        expect(shifted.month).toBeLessThanOrEqual(12);
        expect(shifted.year * 12 + shifted.month - (year * 12 + month)).toBe(delta);
        expect(shiftMonth(shifted.year, shifted.month, -delta)).toEqual({ year, month });
      }),
    );
  });
});

describe('names', () => {
  it('labels months in Indonesian', () => {
    expect(monthLabel(2026, 11)).toBe('November 2026');
    expect(monthLabel(2027, 2)).toBe('Februari 2027');
    expect(MONTH_NAMES).toHaveLength(12);
  });

  it('uses Monday-first Indonesian day names', () => {
    expect(WEEKDAY_SHORT_NAMES).toEqual(['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']);
  });
});
