import { describe, expect, it } from 'vitest';
import { findScheduleDate, readScheduleLine, readScheduleText } from './schedule-table';

const today = '2026-11-20';

describe('reading a schedule table', () => {
  it.each([
    ['24-11-2026 Easy Run', '2026-11-24'],
    ['24/11/2026 Easy Run', '2026-11-24'],
    ['24.11.26 Easy Run', '2026-11-24'],
    ['24 Nov 2026 Easy Run', '2026-11-24'],
    ['Senin 24 November Easy Run', '2026-11-24'],
    ['Kamis, 7 Januari Tempo Run', '2027-01-07'],
    ['3 Agustus 2026 Long Run', '2026-08-03'],
  ])('finds the date in %s', (line, iso) => {
    expect(findScheduleDate(line, today)?.day).toBe(iso);
  });

  it('refuses days that are not in the calendar', () => {
    expect(findScheduleDate('31-02-2026 Easy Run', today)).toBeNull();
    expect(findScheduleDate('Easy Run tanpa tanggal', today)).toBeNull();
  });

  it('reads title, program (in parentheses) and pace, and colours by the title', () => {
    expect(readScheduleLine("Senin 24-11-2026 | Tempo Run | 8k | 5'00 - 5'15", today)).toEqual({
      date: '24-11-2026',
      title: 'Tempo Run',
      program: '(8k)',
      paceRange: "5'00 - 5'15",
      color: 'bg-orange-500',
      generatedby: 'coach',
    });
    expect(readScheduleLine('25/11/2026 Recovery Run (30 menit) 6:30-7:00/km', today)).toMatchObject({
      title: 'Recovery Run',
      program: '(30 menit)',
      paceRange: "6'30 - 7'00",
      color: 'bg-blue-500',
    });
    expect(readScheduleLine('29 Nov 2026 Race Day HM', today)).toMatchObject({ title: 'Race Day', program: '(HM)', paceRange: '', color: 'bg-pink-700' });
    expect(readScheduleLine('26-11-2026 Interval 6x800m', today)).toMatchObject({ title: 'Interval', program: '(6x800m)', color: 'bg-red-500' });
    expect(readScheduleLine('27-11-2026 Istirahat', today)).toMatchObject({ title: 'Istirahat', program: '', color: 'bg-gray-500' });
  });

  it('skips headers and notes, and sorts the rows by date', () => {
    const text = ['Jadwal Latihan Andi', 'Tanggal Judul Program Pace', '26-11-2026 Steady Run 10k', '24-11-2026 Easy Run 5k', 'Catatan: minum cukup', '24-11-2026'].join('\n');
    expect(readScheduleText(text, today).map((r) => [r.date, r.title])).toEqual([
      ['24-11-2026', 'Easy Run'],
      ['26-11-2026', 'Steady Run'],
    ]);
  });
});
