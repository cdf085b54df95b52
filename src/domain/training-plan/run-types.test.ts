import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../shared/wire-date';
import {
  HEAVY_CONFLICT_QUESTION,
  HEAVY_CONFLICT_TITLE,
  isSpecialRun,
  runColor,
  runType,
  runTypeLabels,
  specialRunConflict,
  type DatedRun,
} from './run-types';

describe('runColor (spec §5)', () => {
  it.each([
    ['Recovery Run', 'bg-blue-500'],
    ['Endurance Run', 'bg-green-500'],
    ['Steady Run', 'bg-yellow-500'],
    ['Tempo Run', 'bg-orange-500'],
    ['Interval 6x800m', 'bg-red-500'],
    ['Race Day', 'bg-pink-700'],
    ['', 'bg-gray-500'],
    ['Cross training', 'bg-gray-500'],
  ])('%j is %s', (title, color) => {
    expect(runColor(title)).toBe(color);
  });

  it('matches case-insensitively', () => {
    expect(runColor('RECOVERY')).toBe('bg-blue-500');
    expect(runColor('easy endurance')).toBe('bg-green-500');
    expect(runColor('sTeAdY')).toBe('bg-yellow-500');
    expect(runColor('TEMPO run')).toBe('bg-orange-500');
    expect(runColor('interval')).toBe('bg-red-500');
    expect(runColor('RACE DAY Jakarta Marathon')).toBe('bg-pink-700');
    expect(runColor('raceday')).toBe('bg-pink-700');
  });

  it('"race" without "day" is not the race-day colour', () => {
    expect(runType('Race pace 5k')).toBe('other');
  });

  it('every type has a label, Indonesian where there is one', () => {
    expect(runTypeLabels[runType('Tempo')]).toBe('Tempo');
    expect(runTypeLabels[runType('Race Day')]).toBe('Hari lomba');
    expect(runTypeLabels[runType('Jalan kaki')]).toBe('Lainnya');
  });
});

describe('runType: the common workout names (not only the spec words)', () => {
  it.each([
    ['Easy Run', 'recovery'],
    ['Easy Run Pagi', 'recovery'],
    ['Lari santai', 'recovery'],
    ['Jog pemulihan', 'recovery'],
    ['Long Run', 'endurance'],
    ['LONG RUN', 'endurance'],
    ['Lari jauh Minggu', 'endurance'],
    ['Marathon pace 12k', 'steady'],
    ['Progressive Run', 'steady'],
    ['Threshold Run', 'tempo'],
    ['Fartlek', 'tempo'],
    ['Speed Work', 'interval'],
    ['Repetition 8x400m', 'interval'],
    ['Hill repeats', 'interval'],
    ['6x800m', 'interval'],
    ['Race Day', 'race'],
  ] as const)('%j is %s', (title, type) => {
    expect(runType(title)).toBe(type);
  });

  it('a spec word wins over a common name, in the spec order', () => {
    expect(runType('Endurance Long Run')).toBe('endurance');
    expect(runType('Long Run Endurance')).toBe('endurance');
    expect(runType('Easy Recovery')).toBe('recovery');
    expect(runType('Long Run Tempo finish')).toBe('tempo');
    expect(runType('Race Day Jakarta Marathon')).toBe('race');
    expect(runType('Speed Work Interval')).toBe('interval');
  });

  it('among common names the harder workout wins', () => {
    expect(runType('Easy Long Run')).toBe('endurance');
    expect(runType('Fartlek santai')).toBe('tempo');
    expect(runType('Long run with speed finish')).toBe('interval');
  });

  it('a word is matched whole: "belong" is not a long run, "easygoing" not an easy one', () => {
    expect(runType('Belong')).toBe('other');
    expect(runType('Easygoing')).toBe('other');
  });

  it('the colours follow the types', () => {
    expect(runColor('Easy Run')).toBe('bg-blue-500');
    expect(runColor('Long Run')).toBe('bg-green-500');
    expect(runColor('Speed Work')).toBe('bg-red-500');
    expect(runColor('Fartlek')).toBe('bg-orange-500');
  });
});

describe('isSpecialRun', () => {
  it.each(['Tempo Run', 'Steady Run', 'Fartlek', 'Endurance Run', 'Interval 5x1k', 'Speed Work', 'Long Run', 'Race Day', 'LONG RUN', 'tempo'])(
    '%j is a heavy run',
    (title) => {
      expect(isSpecialRun(title)).toBe(true);
    },
  );

  it.each(['Easy Run', 'Recovery', 'Recovery Run', 'Jalan santai', ''])('%j is not a heavy run', (title) => {
    expect(isSpecialRun(title)).toBe(false);
  });
});

describe('specialRunConflict', () => {
  const runs: DatedRun[] = [
    { _id: 'tempo', title: 'Tempo Run', day: '2027-01-06' },
    { _id: 'easy', title: 'Easy Run', day: '2027-01-08' },
    { _id: 'long', title: 'Long Run', day: '2027-01-10' },
  ];
  const interval = { _id: 'interval', title: 'Interval 6x800m' };

  it('conflicts on the same day, the day before and the day after', () => {
    expect(specialRunConflict(runs, interval, '2027-01-06')?._id).toBe('tempo');
    expect(specialRunConflict(runs, interval, '2027-01-05')?._id).toBe('tempo');
    expect(specialRunConflict(runs, interval, '2027-01-07')?._id).toBe('tempo');
    expect(specialRunConflict(runs, interval, '2027-01-11')?._id).toBe('long');
  });

  it('does not conflict two days apart or next to an easy run', () => {
    expect(specialRunConflict(runs, interval, '2027-01-04')).toBeNull();
    expect(specialRunConflict(runs, interval, '2027-01-08')).toBeNull(); // easy run the same day; heavy runs 2 days away
    expect(specialRunConflict(runs, interval, '2027-01-12')).toBeNull();
  });

  it('a non-special run never conflicts', () => {
    expect(specialRunConflict(runs, { _id: 'x', title: 'Easy Run' }, '2027-01-06')).toBeNull();
    expect(specialRunConflict(runs, { _id: 'x', title: 'Recovery' }, '2027-01-07')).toBeNull();
  });

  it('ignores the moving run itself', () => {
    // Moving the tempo run one day later: its old place is not a conflict.
    expect(specialRunConflict(runs, { _id: 'tempo', title: 'Tempo Run' }, '2027-01-07')).toBeNull();
    expect(specialRunConflict(runs, { _id: 'tempo', title: 'Tempo Run' }, '2027-01-06')).toBeNull();
  });

  it('finds a conflict exactly when another heavy run is within one day (property)', () => {
    const titles = ['Tempo Run', 'Easy Run', 'Long Run', 'Recovery', 'Fartlek', 'Race Day', 'Jalan santai', 'Interval'];
    const base = '2027-03-01';
    const arbRun = fc.record({
      _id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'moving'),
      title: fc.constantFrom(...titles),
      day: fc.integer({ min: 0, max: 20 }).map((n) => addDays(base, n)),
    });
    fc.assert(
      fc.property(
        fc.array(arbRun, { maxLength: 12 }),
        fc.constantFrom(...titles),
        fc.integer({ min: 0, max: 20 }).map((n) => addDays(base, n)),
        (list, movingTitle, target) => {
          const moving = { _id: 'moving', title: movingTitle };
          const result = specialRunConflict(list, moving, target);
          const near = (r: DatedRun) => Math.abs(daysBetween(r.day, target)) <= 1;
          const expected = isSpecialRun(movingTitle) && list.some((r) => r._id !== 'moving' && isSpecialRun(r.title) && near(r));
          if (!expected) {
            expect(result).toBeNull();
          } else {
            expect(result).not.toBeNull();
            expect(result!._id).not.toBe('moving');
            expect(isSpecialRun(result!.title)).toBe(true);
            expect(near(result!)).toBe(true);
          }
        },
      ),
    );
  });

  it('has the spec confirmation text', () => {
    expect(HEAVY_CONFLICT_TITLE).toBe('Anda akan menempatkan 2 aktivitas berat secara berurutan');
    expect(HEAVY_CONFLICT_QUESTION).toBe('Apakah anda yakin ingin melanjutkan?');
  });
});
