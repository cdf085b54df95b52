import { describe, expect, it } from 'vitest';
import type { PlannedRun } from '../../../domain/ai-coach/contract';
import { firstPlanDay, lockedRunCount, lockedWeeksLabel, summarizePlan, weekLock } from './plan-summary';

const run = (date: string, title: string, program: string, periodization: PlannedRun['periodization'] = 'Base'): PlannedRun => ({
  date,
  title,
  program,
  paceRange: "6'00 - 6'30",
  color: 'bg-green-500',
  periodization,
  generatedby: 'ai',
});

describe('summarizePlan', () => {
  it('groups runs by Monday-to-Sunday week inside the programme, with km, phase and the biggest week', () => {
    // Thursday 1 July 2027 to Sunday 18 July 2027: a short first week, then two full ones.
    const summary = summarizePlan({
      startDate: '01-07-2027',
      endDate: '18-07-2027',
      trainingPlan: [
        run('04-07-2027', 'Long Run', '(12k)'),
        run('01-07-2027', 'Easy Run', '(5k)'),
        run('06-07-2027', 'Tempo Run', '(2k + 4k + 2k)', 'Build'),
        run('08-07-2027', 'Easy Run', '(6k)', 'Build'),
        run('11-07-2027', 'Long Run', '(14k)', 'Base'),
        run('17-07-2027', 'Race Day', '(HM)', 'Taper'),
        run('19-07-2027', 'Recovery Run', '(5k)'),
      ],
    });
    expect(summary.weeks.map((w) => [w.number, w.from, w.to, w.phase, w.km])).toEqual([
      [1, '2027-07-01', '2027-07-04', 'Base', 17],
      [2, '2027-07-05', '2027-07-11', 'Build', 28],
      [3, '2027-07-12', '2027-07-18', 'Taper', 21.1],
    ]);
    // Sorted by day within a week; the run after the end date is left out.
    expect(summary.weeks[0]!.runs.map((r) => r.run.title)).toEqual(['Easy Run', 'Long Run']);
    expect(summary).toMatchObject({ totalKm: 66.1, maxWeekKm: 28, runCount: 6 });
  });

  it('keeps an empty week (a rest week) and reads a time-only program as no km', () => {
    const summary = summarizePlan({
      startDate: '05-07-2027',
      endDate: '18-07-2027',
      trainingPlan: [run('05-07-2027', 'Easy Run', '(45 menit)', null)],
    });
    expect(summary.weeks.map((w) => [w.km, w.runs.length, w.phase])).toEqual([
      [0, 1, null],
      [0, 0, null],
    ]);
  });
});

describe('lockedRunCount', () => {
  it("counts the runs dated after the access end, as the saved plan will lock them (the access end's own day stays open)", () => {
    const runs = [run('27-07-2027', 'Easy Run', '(5k)'), run('28-07-2027', 'Long Run', '(10k)'), run('29-07-2027', 'Easy Run', '(5k)'), run('01-08-2027', 'Long Run', '(12k)')];
    expect(lockedRunCount(runs, '2027-07-28')).toBe(2);
    expect(lockedRunCount(runs, '2027-08-01')).toBe(0);
    expect(lockedRunCount(runs, '2027-07-01')).toBe(4);
    // An unreadable date is locked, as the plan reads it (fail closed).
    expect(lockedRunCount([run('32-13-2027', 'Easy Run', '(5k)')], '2027-12-31')).toBe(1);
  });
});

describe('the weeks that lock after the access end', () => {
  // Monday 5 July to Sunday 25 July 2027: three weeks; the access covers up to Tuesday 13 July.
  const plan = {
    startDate: '05-07-2027',
    endDate: '25-07-2027',
    trainingPlan: [run('06-07-2027', 'Easy Run', '(5k)'), run('13-07-2027', 'Tempo Run', '(6k)'), run('15-07-2027', 'Easy Run', '(5k)'), run('18-07-2027', 'Long Run', '(12k)'), run('25-07-2027', 'Race Day', '(10k)')],
  };

  it('marks each run and week as the saved plan will lock them: open, in part, or whole', () => {
    const summary = summarizePlan(plan, { accessEnd: '2027-07-13' });
    expect(summary.weeks.map((w) => [w.number, w.lockedRuns, weekLock(w, '2027-07-13')])).toEqual([
      [1, 0, 'open'],
      [2, 2, 'partial'],
      [3, 1, 'locked'],
    ]);
    expect(summary.weeks[1]!.runs.map((r) => r.locked)).toEqual([false, true, true]);
    expect(lockedWeeksLabel(summary.weeks)).toBe('Minggu 2–3');
    expect(lockedWeeksLabel(summarizePlan(plan, { accessEnd: '2027-07-20' }).weeks)).toBe('Minggu 3');
  });

  it("locks nothing without an access end (a coach's preview), and a rest week after the end counts as locked", () => {
    const open = summarizePlan(plan);
    expect(open.weeks.every((w) => w.lockedRuns === 0 && weekLock(w, null) === 'open')).toBe(true);
    expect(lockedWeeksLabel(open.weeks)).toBeNull();
    const rest = { runs: [], lockedRuns: 0, from: '2027-07-19' as const };
    expect(weekLock(rest, '2027-07-13')).toBe('locked');
    expect(weekLock(rest, '2027-07-20')).toBe('open');
  });
});

describe('firstPlanDay', () => {
  it("is the draft's first run, whatever the order; its start date when it has none", () => {
    expect(firstPlanDay({ startDate: '01-07-2027', trainingPlan: [run('18-07-2027', 'Long Run', '(12k)'), run('06-07-2027', 'Easy Run', '(5k)')] })).toBe('2027-07-06');
    expect(firstPlanDay({ startDate: '01-07-2027', trainingPlan: [] })).toBe('2027-07-01');
  });
});
