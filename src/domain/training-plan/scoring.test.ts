import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceScore, formatScore, heartRateScore, heartRateZone, MAX_HEART_RATE, paceScore, scoreRun, type ScoredRun } from './scoring';

describe('distanceScore (spec §5)', () => {
  it('is 10 for 100-105 % of plan (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 500 }).map((n) => 1 + n / 10_000),
        (planned, ratio) => {
          expect(distanceScore(planned * ratio, planned)).toBe(10);
        },
      ),
    );
    expect(distanceScore(10, 10)).toBe(10);
    expect(distanceScore(10.5, 10)).toBe(10);
    expect(distanceScore(22.155, 21.1)).toBe(10);
    // 43.218 / 41.16 is 1.0500000000000003 in floating point: still exactly 105 %.
    expect(distanceScore(43.218, 41.16)).toBe(10);
    expect(distanceScore(10.51, 10)).toBeLessThan(10);
  });

  it('loses 20 per unit of ratio above 1.05', () => {
    expect(distanceScore(11, 10)).toBeCloseTo(9, 9);
    expect(distanceScore(12, 10)).toBeCloseTo(7, 9);
    expect(distanceScore(15.5, 10)).toBeCloseTo(0, 9);
    expect(distanceScore(30, 10)).toBe(0);
  });

  it('is 10 × ratio below plan', () => {
    expect(distanceScore(5, 10)).toBe(5);
    expect(distanceScore(9, 10)).toBeCloseTo(9, 9);
    expect(distanceScore(0, 10)).toBe(0);
  });

  it('has no score without a planned distance', () => {
    expect(distanceScore(10, 0)).toBeNull();
    expect(distanceScore(-1, 10)).toBeNull();
    expect(distanceScore(Number.NaN, 10)).toBeNull();
  });
});

describe('paceScore (spec §5)', () => {
  const range: [number, number] = [250, 255];

  it('is 10 inside the planned range, bounds included', () => {
    expect(paceScore(250, range)).toBe(10);
    expect(paceScore(252, range)).toBe(10);
    expect(paceScore(255, range)).toBe(10);
  });

  it('falls at twice the relative deviation, on both sides', () => {
    expect(paceScore(255 * 1.1, range)).toBeCloseTo(8, 9); // 10 % slower than the slow bound
    expect(paceScore(250 * 0.9, range)).toBeCloseTo(8, 9); // 10 % faster than the fast bound
    expect(paceScore(255 * 1.25, range)).toBeCloseTo(5, 9);
    expect(paceScore(255 * 2, range)).toBe(0);
  });

  it('has no score without a pace', () => {
    expect(paceScore(0, range)).toBeNull();
    expect(paceScore(300, [0, 0])).toBeNull();
  });
});

describe('heart rate (spec §5, max HR 195)', () => {
  it('derives the zones from max HR 195', () => {
    expect(MAX_HEART_RATE).toBe(195);
    const cases: [string, number, number][] = [
      ['Recovery Run', 117, 136.5],
      ['Endurance Run', 136.5, 156],
      ['Steady Run', 136.5, 175.5],
      ['Tempo Run', 136.5, 175.5],
      ['Interval 6x800m', 136.5, 175.5],
      ['Race Day', 156, 195],
    ];
    for (const [title, low, high] of cases) {
      const zone = heartRateZone(title);
      expect(zone, title).not.toBeNull();
      expect(zone![0]).toBeCloseTo(low, 9);
      expect(zone![1]).toBeCloseTo(high, 9);
    }
  });

  it('has no zone for other workouts', () => {
    expect(heartRateZone('Cross training')).toBeNull();
    expect(heartRateZone('Jalan kaki')).toBeNull();
  });

  it('reads the common names through the run types: an easy run is scored in the recovery zone, a long run in endurance', () => {
    expect(heartRateZone('Easy Run')).toEqual(heartRateZone('Recovery'));
    expect(heartRateZone('Long Run')).toEqual(heartRateZone('Endurance'));
    expect(heartRateZone('Fartlek')).toEqual(heartRateZone('Tempo'));
  });

  it('scores 10 inside the zone and falls by the relative deviation outside', () => {
    const recovery = heartRateZone('Recovery Run')!;
    expect(heartRateScore(117, recovery)).toBe(10);
    expect(heartRateScore(130, recovery)).toBe(10);
    expect(heartRateScore(150, recovery)).toBeCloseTo(10 * (1 - 13.5 / 136.5), 9);
    expect(heartRateScore(100, recovery)).toBeCloseTo(10 * (1 - 17 / 117), 9);
    expect(heartRateScore(300, recovery)).toBe(0);
    expect(heartRateScore(0, recovery)).toBeNull();
  });

  it('decreases the further the HR is from the zone (property)', () => {
    const zone = heartRateZone('Tempo Run')!;
    fc.assert(
      fc.property(fc.integer({ min: 176, max: 250 }), fc.integer({ min: 1, max: 50 }), (hr, step) => {
        expect(heartRateScore(hr + step, zone)!).toBeLessThanOrEqual(heartRateScore(hr, zone)!);
        expect(heartRateScore(hr, zone)!).toBeLessThan(10);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 136 }), fc.integer({ min: 1, max: 20 }), (hr, step) => {
        expect(heartRateScore(Math.max(1, hr - step), zone)!).toBeLessThanOrEqual(heartRateScore(hr, zone)!);
        expect(heartRateScore(hr, zone)!).toBeLessThan(10);
      }),
    );
  });
});

describe('scoreRun', () => {
  const base: ScoredRun = {
    title: 'Tempo Run',
    program: '(10k)',
    paceRange: "5'00 - 5'10",
    trainingdistance: 10,
    trainingtime: 3000,
    traininghr: 150,
  };

  it('scores a run done exactly to plan 10 / 10 / 10, total 10', () => {
    expect(scoreRun(base)).toEqual({ distance: 10, pace: 10, heartRate: 10, total: 10 });
  });

  it('divides the sum of the available scores by 3', () => {
    const onlyDistance = scoreRun({ ...base, title: 'Cross training', paceRange: '' });
    expect(onlyDistance.distance).toBe(10);
    expect(onlyDistance.pace).toBeNull();
    expect(onlyDistance.heartRate).toBeNull();
    expect(onlyDistance.total).toBeCloseTo(10 / 3, 9);
    expect(formatScore(onlyDistance.total)).toBe('3,3');

    const twoScores = scoreRun({ ...base, program: '(45 menit)' });
    expect(twoScores.distance).toBeNull();
    expect(twoScores.total).toBeCloseTo(20 / 3, 9);
  });

  it('mixes partial scores', () => {
    // 11 km in 55:00 = 5'00/km; planned 10k → 9; HR 195 on a tempo run (high 175.5) → 10 × (1 − 19.5/175.5).
    const scores = scoreRun({ ...base, trainingdistance: 11, trainingtime: 3300, traininghr: 195 });
    expect(scores.distance).toBeCloseTo(9, 9);
    expect(scores.pace).toBe(10);
    const hr = 10 * (1 - 19.5 / 175.5);
    expect(scores.heartRate).toBeCloseTo(hr, 9);
    expect(scores.total).toBeCloseTo((9 + 10 + hr) / 3, 9);
  });

  it('has no scores and no total without a result', () => {
    expect(scoreRun({ ...base, trainingdistance: null, trainingtime: null, traininghr: null })).toEqual({
      distance: null,
      pace: null,
      heartRate: null,
      total: null,
    });
  });

  it('keeps every score within 0-10 for any input (property)', () => {
    const number = fc.option(fc.double(), { nil: null });
    const run = fc.record({
      title: fc.oneof(fc.constantFrom('Tempo Run', 'Recovery', 'Race Day', 'Easy Run', 'Endurance', 'Interval', 'Steady'), fc.string()),
      program: fc.oneof(fc.constantFrom('(10k)', '(HM)', '(FM)', '(2k + 6k + 2k)', '(45 menit)', '(0k)', null), fc.string()),
      paceRange: fc.oneof(fc.constantFrom("4'10 - 4'15", "5'30", "0'00", '', null), fc.string()),
      trainingdistance: number,
      trainingtime: number,
      traininghr: number,
    });
    fc.assert(
      fc.property(run, (r) => {
        const scores = scoreRun(r);
        for (const value of [scores.distance, scores.pace, scores.heartRate, scores.total]) {
          if (value !== null) {
            expect(Number.isNaN(value)).toBe(false);
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(10);
          }
        }
        const available = [scores.distance, scores.pace, scores.heartRate].filter((v) => v !== null);
        if (available.length === 0) expect(scores.total).toBeNull();
        else expect(scores.total).toBeCloseTo(available.reduce((a, b) => a + b, 0) / 3, 9);
      }),
    );
  });
});

describe('formatScore', () => {
  it.each([
    [8.5, '8,5'],
    [8.46, '8,5'],
    [10, '10'],
    [0, '0'],
    [7.04, '7'],
    [null, '-'],
  ])('%s → %j', (score, text) => {
    expect(formatScore(score)).toBe(text);
  });
});
