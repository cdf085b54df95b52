import { describe, expect, it } from 'vitest';
import { activityFileProblem, activityMessages, ActivityFileError, haversineMeters, pickRunForActivity, summarizeTrack, toReading } from './activities';

const T0 = Date.parse('2026-03-01T23:30:00Z');

describe('haversineMeters', () => {
  it('gives a degree of latitude as 111.2 km, and nothing for the same point', () => {
    expect(haversineMeters(0, 0, 1, 0)).toBeCloseTo(111_195, 0);
    expect(haversineMeters(-6.2, 106.8, -6.2, 106.8)).toBe(0);
  });
});

describe('summarizeTrack', () => {
  const walk = (n: number, metersPerStep: number, secondsPerStep: number, hr: number | null = 150, from = 0) =>
    Array.from({ length: n + 1 }, (_, i) => ({ time: T0 + (from + i * secondsPerStep) * 1000, distance: i * metersPerStep, hr }));

  it('counts moving steps only: standing still adds neither time nor distance', () => {
    const run = walk(10, 30, 10);
    const standing = Array.from({ length: 5 }, (_, i) => ({ time: T0 + (100 + i * 60) * 1000, distance: 300 + i * 2, hr: 100 }));
    const more = walk(10, 30, 10, 160, 340).map((p) => ({ ...p, distance: p.distance + 308 }));
    const totals = summarizeTrack([[...run, ...standing, ...more]])!;
    expect(totals.movingSeconds).toBe(200);
    expect(totals.distanceMeters).toBe(600);
    expect(totals.avgHeartRate).toBe(155);
    expect(totals.startedAt.getTime()).toBe(T0);
  });

  it('never bridges two segments, and sorts points by time', () => {
    const a = walk(5, 30, 10);
    const b = walk(5, 30, 10, 150, 1000).reverse();
    expect(summarizeTrack([a, b])).toMatchObject({ distanceMeters: 300, movingSeconds: 100 });
  });

  it('ignores impossible heart rates and falls back to the plain mean when no moving step has one', () => {
    expect(summarizeTrack([walk(4, 30, 10, 300)])!.avgHeartRate).toBeNull();
    const still = [{ time: T0, lat: 1, lon: 1, hr: 140 }, { time: T0 + 1000, lat: 1, lon: 1, hr: 150 }];
    expect(summarizeTrack([still])!.avgHeartRate).toBe(145);
  });

  it('is null without a timed point', () => {
    expect(summarizeTrack([[{ time: Number.NaN, lat: 1, lon: 1 }]])).toBeNull();
    expect(summarizeTrack([])).toBeNull();
  });
});

describe('toReading', () => {
  it('rounds to the form: km with 2 decimals, whole seconds and bpm, the Jakarta day', () => {
    expect(toReading('gpx', { distanceMeters: 5012.6, movingSeconds: 1799.6, avgHeartRate: 148.5, startedAt: new Date(T0) })).toEqual({
      format: 'gpx',
      distance: 5.01,
      time: 1800,
      avgHeartRate: 149,
      date: '02-03-2026',
      startedAt: '2026-03-01T23:30:00.000Z',
    });
  });

  it('refuses a file without distance or time', () => {
    expect(() => toReading('fit', { distanceMeters: 3, movingSeconds: 60, avgHeartRate: null, startedAt: new Date(T0) })).toThrow(activityMessages.noDistance);
    expect(() => toReading('fit', { distanceMeters: 3000, movingSeconds: 0.2, avgHeartRate: null, startedAt: new Date(T0) })).toThrow(ActivityFileError);
  });
});

describe('activityFileProblem (the browser check)', () => {
  it('takes .fit/.gpx/.tcx of at most 10 MB', () => {
    expect(activityFileProblem({ name: 'Lari Pagi.GPX', size: 1000 })).toBeNull();
    expect(activityFileProblem({ name: 'run.fit', size: 10 * 1024 * 1024 })).toBeNull();
    expect(activityFileProblem({ name: 'run.fit', size: 10 * 1024 * 1024 + 1 })).toBe(activityMessages.tooLarge);
    expect(activityFileProblem({ name: 'run.tcx', size: 0 })).toBe(activityMessages.empty);
    expect(activityFileProblem({ name: 'screenshot.png', size: 1000 })).toBe(activityMessages.unknownFormat);
  });
});

describe('pickRunForActivity', () => {
  const run = (_id: string, program: string, trainingdistance: number | null = null) => ({ _id, program, trainingdistance });
  it('takes the closest planned distance, an unlogged one on a tie, a run without distance last', () => {
    expect(pickRunForActivity([run('a', '(5k)'), run('b', '(10k)')], 9.2)?._id).toBe('b');
    expect(pickRunForActivity([run('a', '(45 menit)'), run('b', '(5k)')], 9.2)?._id).toBe('b');
    expect(pickRunForActivity([run('a', '(5k)', 5), run('b', '(5k)')], 5)?._id).toBe('b');
    expect(pickRunForActivity([run('a', '')], 5)?._id).toBe('a');
    expect(pickRunForActivity([], 5)).toBeNull();
  });
});
