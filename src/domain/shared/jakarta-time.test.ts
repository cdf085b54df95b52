import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDayLong,
  formatJakartaDate,
  formatJakartaTime,
  humanizeWireDates,
  fromJakartaWallClock,
  jakartaHour,
  jakartaParts,
  jakartaWallClock,
  startOfJakartaDay,
} from './jakarta-time';

const anyInstant = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true });

describe('jakartaParts / jakartaHour', () => {
  it('reads the wall clock seven hours ahead of UTC', () => {
    expect(jakartaParts(new Date('2027-05-20T17:30:00Z'))).toEqual({ year: 2027, month: 4, day: 21, hour: 0, minute: 30 });
    expect(jakartaHour(new Date('2027-05-21T01:00:00Z'))).toBe(8);
  });
});

describe('jakartaWallClock / fromJakartaWallClock', () => {
  it('shows the Jakarta wall clock without an offset', () => {
    expect(jakartaWallClock(new Date('2027-12-31T17:05:09.250Z'))).toBe('2028-01-01T00:05:09.250');
  });

  it('reads a Jakarta day or date-time as the instant it names', () => {
    expect(fromJakartaWallClock('2027-05-21').toISOString()).toBe('2027-05-20T17:00:00.000Z');
    expect(fromJakartaWallClock('2027-05-21T08:00').toISOString()).toBe('2027-05-21T01:00:00.000Z');
    expect(fromJakartaWallClock('2027-05-21T08:00:30').toISOString()).toBe('2027-05-21T01:00:30.000Z');
    expect(Number.isNaN(fromJakartaWallClock('kemarin').getTime())).toBe(true);
  });

  it('round-trip every instant to the second (property)', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        const seconds = new Date(Math.floor(instant.getTime() / 1000) * 1000);
        expect(fromJakartaWallClock(jakartaWallClock(seconds).slice(0, 19)).getTime()).toBe(seconds.getTime());
      }),
    );
  });
});

describe('startOfJakartaDay', () => {
  it('is 00:00 WIB (17:00 UTC the day before) of the Jakarta day', () => {
    expect(startOfJakartaDay(new Date('2027-05-20T16:59:59Z')).toISOString()).toBe('2027-05-19T17:00:00.000Z');
    expect(startOfJakartaDay(new Date('2027-05-20T17:00:00Z')).toISOString()).toBe('2027-05-20T17:00:00.000Z');
  });

  it('is at most one day before the instant, on a Jakarta midnight (property)', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        const start = startOfJakartaDay(instant);
        expect(instant.getTime() - start.getTime()).toBeGreaterThanOrEqual(0);
        expect(instant.getTime() - start.getTime()).toBeLessThan(86_400_000);
        expect(jakartaParts(start)).toMatchObject({ hour: 0, minute: 0 });
      }),
    );
  });
});

describe('formatJakartaTime / formatJakartaDate', () => {
  it('writes the Jakarta clock as HH.mm', () => {
    expect(formatJakartaTime(new Date('2027-05-21T01:05:00Z'))).toBe('08.05');
    expect(formatJakartaTime(new Date('2027-05-20T17:00:00Z'))).toBe('00.00');
  });

  it('writes the Jakarta calendar date in Indonesian', () => {
    expect(formatJakartaDate(new Date('2027-05-20T17:00:00Z'))).toBe('21 Mei 2027');
    expect(formatJakartaDate('2027-05-21T01:00:00Z', 'EEEE, d MMMM yyyy')).toBe('Jumat, 21 Mei 2027');
    expect(formatJakartaDate(null)).toBe('-');
    expect(formatJakartaDate('bukan tanggal')).toBe('-');
  });
});

describe('formatDayLong / humanizeWireDates (dates people read)', () => {
  it("writes a day as 'Minggu, 6 Desember 2026', with or without the year", () => {
    expect(formatDayLong('2026-12-06')).toBe('Minggu, 6 Desember 2026');
    expect(formatDayLong('2026-12-06', { withYear: false })).toBe('Minggu, 6 Desember');
  });

  it('rewrites DD-MM-YYYY dates in a sentence, once, and leaves what is not a day alone', () => {
    expect(humanizeWireDates('Pindahkan Long Run 06-12-2026 ke 13-12-2026.')).toBe('Pindahkan Long Run Minggu, 6 Desember 2026 ke Minggu, 13 Desember 2026.');
    expect(humanizeWireDates('Long Run Sabtu 12-12-2026 dan Minggu, 13-12-2026')).toBe('Long Run Sabtu, 12 Desember 2026 dan Minggu, 13 Desember 2026');
    expect(humanizeWireDates('Tempo 31-02-2027, kode 0812-3456-7890, skor 12-12-20261')).toBe('Tempo 31-02-2027, kode 0812-3456-7890, skor 12-12-20261');
    expect(humanizeWireDates('Tanpa tanggal.')).toBe('Tanpa tanggal.');
  });
});
