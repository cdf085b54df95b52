import { describe, expect, it } from 'vitest';
import { activityDay, canFill, matchActivity, type MatchCandidate } from './matching';

const run = (id: string, over: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id,
  day: '2026-11-22',
  program: '(10k)',
  locked: false,
  hasResult: false,
  resultSource: null,
  filledBy: null,
  ...over,
});
const activity = (distanceKm: number, day = '2026-11-22', activityId = 'A1') => ({ activityId, day, distanceKm });

describe('activityDay (Asia/Jakarta)', () => {
  it.each([
    ['2026-11-21T22:30:00Z', '2026-11-22', '05:30 WIB is the next morning in Jakarta'],
    ['2026-11-22T16:59:59Z', '2026-11-22', '23:59:59 WIB is still that day'],
    ['2026-11-22T17:00:00Z', '2026-11-23', 'midnight WIB starts the next day'],
    ['2026-11-22T00:00:00Z', '2026-11-22', '07:00 WIB'],
  ])('%s → %s (%s)', (instant, day) => {
    expect(activityDay(new Date(instant))).toBe(day);
  });
});

describe('matchActivity', () => {
  const cases: { name: string; activity: ReturnType<typeof activity>; runs: MatchCandidate[]; expected: string | null }[] = [
    { name: 'no runs → unplanned', activity: activity(10), runs: [], expected: null },
    { name: 'the one run of the day', activity: activity(7.3), runs: [run('r1')], expected: 'r1' },
    { name: 'runs of other days are not candidates', activity: activity(10), runs: [run('r1', { day: '2026-11-21' }), run('r2', { day: '2026-11-23' })], expected: null },
    {
      name: 'the closest by planned distance',
      activity: activity(5.2),
      runs: [run('long', { program: '(21k)' }), run('easy', { program: '(5k)' }), run('tempo', { program: '(2k + 6k + 2k)' })],
      expected: 'easy',
    },
    {
      name: 'a long one picks the long run (HM is 21.0975)',
      activity: activity(20.4),
      runs: [run('easy', { program: '(5k)' }), run('hm', { program: '(HM)' })],
      expected: 'hm',
    },
    {
      name: 'a program naming no distance comes after those that do',
      activity: activity(30),
      runs: [run('time', { program: '(45 menit)' }), run('short', { program: '(5k)' })],
      expected: 'short',
    },
    { name: 'only a program without distance: still matched', activity: activity(8), runs: [run('time', { program: '(45 menit)' })], expected: 'time' },
    {
      name: 'ties keep the plan order',
      activity: activity(8),
      runs: [run('first', { program: '(6k)' }), run('second', { program: '(10k)' })],
      expected: 'first',
    },
    { name: 'a locked run is never filled', activity: activity(10), runs: [run('locked', { locked: true })], expected: null },
    {
      name: "a result the runner typed ('manual') is never overwritten",
      activity: activity(10),
      runs: [run('typed', { hasResult: true, resultSource: 'manual' })],
      expected: null,
    },
    {
      name: 'a result without a source predates Strava: typed, kept',
      activity: activity(10),
      runs: [run('legacy', { hasResult: true, resultSource: null })],
      expected: null,
    },
    {
      name: 'a run another activity filled stays that activity’s; the free one is taken',
      activity: activity(10, '2026-11-22', 'A2'),
      runs: [run('taken', { hasResult: true, resultSource: 'strava', filledBy: 'A1' }), run('free', { program: '(5k)' })],
      expected: 'free',
    },
    {
      name: 'a second run of the day with the only run taken: unplanned',
      activity: activity(10, '2026-11-22', 'A2'),
      runs: [run('taken', { hasResult: true, resultSource: 'strava', filledBy: 'A1' })],
      expected: null,
    },
    {
      name: 'an update of the same activity refreshes its own run',
      activity: activity(10.4, '2026-11-22', 'A1'),
      runs: [run('mine', { hasResult: true, resultSource: 'strava', filledBy: 'A1' })],
      expected: 'mine',
    },
    {
      name: 'an update whose distance changed may move to a closer run',
      activity: activity(21, '2026-11-22', 'A1'),
      runs: [run('mine', { program: '(5k)', hasResult: true, resultSource: 'strava', filledBy: 'A1' }), run('long', { program: '(21k)' })],
      expected: 'long',
    },
  ];
  it.each(cases)('$name', ({ activity: a, runs, expected }) => {
    expect(matchActivity(a, runs)).toBe(expected);
  });

  it('canFill: what a run allows', () => {
    expect(canFill(run('r'), 'A1')).toBe(true);
    expect(canFill(run('r', { locked: true }), 'A1')).toBe(false);
    expect(canFill(run('r', { hasResult: true, resultSource: 'strava', filledBy: 'A1' }), 'A1')).toBe(true);
    expect(canFill(run('r', { hasResult: true, resultSource: 'strava', filledBy: 'A1' }), 'A2')).toBe(false);
    expect(canFill(run('r', { hasResult: true, resultSource: 'manual', filledBy: 'A1' }), 'A1')).toBe(false);
  });
});
