import { describe, expect, it } from 'vitest';
import type { LockedRun, Run } from '../../../../domain/training-plan/contract';
import { datedRuns } from './calendar-model';
import { MAX_PROGRAM_WEEKS, phaseSpans, programWeeks, weekRangeLabel, type ProgramWeek } from './program-weeks';
import { plannedRun } from '../../../../domain/training-plan/run-fixture';

let next = 0;
const run = (date: string, program: string, over: Partial<Run> = {}): Run =>
  plannedRun({ _id: `r${++next}`, date, program, color: 'bg-blue-500', generatedby: 'ai', ...over });

describe('programWeeks', () => {
  // Wednesday 18 November 2026; its week runs Monday 16 to Sunday 22.
  const today = '2026-11-18';

  it('is empty without runs', () => {
    expect(programWeeks([], today)).toEqual([]);
  });

  it('spans Monday-first weeks from the first run to the last, empty weeks between included', () => {
    const weeks = programWeeks(datedRuns([run('04-11-2026', '(5k)'), run('29-11-2026', '(10k)')]), today);
    expect(weeks.map((w) => [w.number, w.start, w.end])).toEqual([
      [1, '2026-11-02', '2026-11-08'],
      [2, '2026-11-09', '2026-11-15'],
      [3, '2026-11-16', '2026-11-22'],
      [4, '2026-11-23', '2026-11-29'],
    ]);
    expect(weeks.map((w) => w.plannedKm)).toEqual([5, 0, 0, 10]);
    expect(weeks.map((w) => w.isCurrent)).toEqual([false, false, true, false]);
  });

  it('sums planned km as the weekly chart reads programs (HM 21, several distances added) and done km from results', () => {
    const weeks = programWeeks(
      datedRuns([
        run('16-11-2026', '(2k + 6k + 2k)', { trainingdistance: 10.2, trainingtime: 3000, traininghr: 150 }),
        run('18-11-2026', '(5k)', { trainingdistance: 4.9, trainingtime: 1800, traininghr: 140 }),
        run('22-11-2026', '(HM)'),
        run('20-11-2026', '(45 menit)'),
      ]),
      today,
    );
    expect(weeks).toHaveLength(1);
    expect(weeks[0]).toMatchObject({ plannedKm: 36, doneKm: 15.1, runCount: 4 });
  });

  it('names each week by the phase most of its runs carry, the earlier phase on a tie, none when no run says', () => {
    const weeks = programWeeks(
      datedRuns([
        run('02-11-2026', '(5k)', { periodization: 'Base' }),
        run('03-11-2026', '(5k)', { periodization: 'Build' }),
        run('04-11-2026', '(5k)', { periodization: 'Build' }),
        run('09-11-2026', '(5k)', { periodization: 'Taper' }),
        run('10-11-2026', '(5k)', { periodization: 'Build' }),
        run('16-11-2026', '(5k)', { generatedby: 'user' }),
      ]),
      today,
    );
    expect(weeks.map((w) => w.phase)).toEqual(['Build', 'Build', null]);
  });

  it('counts a locked run (a stub) in its week, apart and without km', () => {
    const stub: LockedRun = { _id: 'k', date: '19-11-2026', generatedby: 'ai', locked: true };
    const weeks = programWeeks(datedRuns([run('17-11-2026', '(5k)'), stub]), today);
    expect(weeks[0]).toMatchObject({ plannedKm: 5, doneKm: 0, runCount: 2, lockedCount: 1 });
  });

  it(`keeps the last ${MAX_PROGRAM_WEEKS} weeks of a very long plan, numbered as in the whole plan`, () => {
    const weeks = programWeeks(datedRuns([run('01-01-2024', '(5k)'), run('29-11-2026', '(5k)')]), today);
    expect(weeks).toHaveLength(MAX_PROGRAM_WEEKS);
    expect(weeks[weeks.length - 1]).toMatchObject({ start: '2026-11-23', plannedKm: 5 });
    expect(weeks[0]!.number).toBeGreaterThan(1);
    expect(weeks[weeks.length - 1]!.number - weeks[0]!.number).toBe(MAX_PROGRAM_WEEKS - 1);
  });
});

describe('phaseSpans', () => {
  const week = (phase: ProgramWeek['phase'], runCount = 1, lockedCount = 0) => ({ phase, runCount, lockedCount }) as ProgramWeek;
  it('joins neighbouring weeks of one phase', () => {
    expect(phaseSpans([week('Base'), week('Base'), week('Build'), week(null), week('Taper'), week('Taper')])).toEqual([
      { phase: 'Base', locked: false, from: 0, length: 2 },
      { phase: 'Build', locked: false, from: 2, length: 1 },
      { phase: null, locked: false, from: 3, length: 1 },
      { phase: 'Taper', locked: false, from: 4, length: 2 },
    ]);
  });

  it('keeps the weeks whose runs are all locked apart from weeks without a phase', () => {
    expect(phaseSpans([week('Base', 3, 1), week(null, 0), week(null, 3, 3), week(null, 2, 2)])).toEqual([
      { phase: 'Base', locked: false, from: 0, length: 1 },
      { phase: null, locked: false, from: 1, length: 1 },
      { phase: null, locked: true, from: 2, length: 2 },
    ]);
  });
});

describe('weekRangeLabel', () => {
  it('says a week in Indonesian, shortest when it stays in one month', () => {
    expect(weekRangeLabel('2026-11-23')).toBe('23 – 29 Nov 2026');
    expect(weekRangeLabel('2026-11-30')).toBe('30 Nov – 6 Des 2026');
    expect(weekRangeLabel('2026-12-28')).toBe('28 Des 2026 – 3 Jan 2027');
  });
});
