import { describe, expect, it } from 'vitest';
import type { Run } from '../../../../domain/training-plan/contract';
import { runsOfDay, summariseWeek } from './use-week-runs';

let next = 0;
const run = (date: string, program: string, trainingdistance: number | null = null): Run => ({
  _id: `r${++next}`,
  date,
  title: 'Easy Run',
  program,
  paceRange: '',
  color: 'bg-gray-500',
  periodization: null,
  generatedby: 'user',
  trainingdistance,
  trainingtime: trainingdistance ? 3000 : null,
  trainingpace: null,
  traininghr: trainingdistance ? 140 : null,
  source: null,
  locked: false,
});

describe('summariseWeek', () => {
  // Wednesday 14 July 2027: the week is Monday 12 to Sunday 18.
  const today = '2027-07-14';

  it('spans Monday to Sunday with Indonesian day labels', () => {
    const week = summariseWeek([], today);
    expect(week.days.map((d) => d.day)).toEqual(['2027-07-12', '2027-07-13', '2027-07-14', '2027-07-15', '2027-07-16', '2027-07-17', '2027-07-18']);
    expect(week.days.map((d) => d.label)).toEqual(['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']);
    expect(week.days[6]!.name).toBe('Minggu');
    expect(week.runCount).toBe(0);
  });

  it('sums planned km from programs (HM counts 21) and realised km from logged distances, per day', () => {
    const week = summariseWeek(
      [
        run('12-07-2027', '(10k)', 10.4),
        run('14-07-2027', '(2k + 6k + 2k)'),
        run('14-07-2027', '(5k)', 5.2),
        run('18-07-2027', '(HM)'),
        run('16-07-2027', '(45 menit)', 7.5),
      ],
      today,
    );
    expect(week.days.map((d) => d.plannedKm)).toEqual([10, 0, 15, 0, 0, 0, 21]);
    expect(week.days.map((d) => d.actualKm)).toEqual([10.4, 0, 5.2, 0, 7.5, 0, 0]);
    expect(week.plannedKm).toBe(46);
    expect(week.actualKm).toBe(23.1);
    expect(week.runCount).toBe(5);
  });

  it('counts a locked run (a stub without program or result) but adds no km', () => {
    const week = summariseWeek([run('14-07-2027', '(5k)', 5), { _id: 'k', date: '14-07-2027', generatedby: 'ai', locked: true }], today);
    expect(week.days[2]).toMatchObject({ plannedKm: 5, actualKm: 5 });
    expect(week.runCount).toBe(2);
  });

  it('ignores runs outside the week', () => {
    const week = summariseWeek([run('11-07-2027', '(10k)', 10), run('19-07-2027', '(8k)')], today);
    expect(week.plannedKm).toBe(0);
    expect(week.actualKm).toBe(0);
    expect(week.runCount).toBe(0);
  });

  it('keeps sums free of floating-point noise', () => {
    const week = summariseWeek([run('13-07-2027', '(0.1k)', 0.1), run('13-07-2027', '(0.2k)', 0.2)], today);
    expect(week.days[1]).toMatchObject({ plannedKm: 0.3, actualKm: 0.3 });
  });
});

describe('runsOfDay', () => {
  it('picks the runs dated on that day', () => {
    const a = run('14-07-2027', '(5k)');
    const b = run('15-07-2027', '(5k)');
    expect(runsOfDay([a, b], '2027-07-14')).toEqual([a]);
  });
});
