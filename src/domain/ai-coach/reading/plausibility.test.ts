import { describe, expect, it } from 'vitest';
import { checkReading, settleReading } from './plausibility';

describe('checkReading', () => {
  const run = { distance: 10.02, time: '00:52:13', avgHeartRate: 152 };

  it('keeps a plausible reading as it is', () => {
    expect(checkReading(run)).toEqual(run);
    expect(checkReading(run, { maxHeartRate: 178 })).toEqual(run);
    expect(checkReading({ distance: null, time: null, avgHeartRate: null })).toEqual({ distance: null, time: null, avgHeartRate: null });
  });

  it('keeps an average heart rate between 60 and 220 bpm, and not above the maximum', () => {
    expect(checkReading({ ...run, avgHeartRate: 59 }).avgHeartRate).toBeNull();
    expect(checkReading({ ...run, avgHeartRate: 60 }).avgHeartRate).toBe(60);
    expect(checkReading({ ...run, avgHeartRate: 220 }).avgHeartRate).toBe(220);
    expect(checkReading({ ...run, avgHeartRate: 221 }).avgHeartRate).toBeNull();
    expect(checkReading(run, { maxHeartRate: 151 }).avgHeartRate).toBeNull();
    expect(checkReading(run, { maxHeartRate: 152 }).avgHeartRate).toBe(152);
    // A maximum that is itself impossible says nothing about the average.
    expect(checkReading(run, { maxHeartRate: 17 }).avgHeartRate).toBe(152);
  });

  it('drops both distance and time when their pace is faster than 2:30 /km or slower than 20:00 /km', () => {
    expect(checkReading({ ...run, distance: 100.2 })).toEqual({ distance: null, time: null, avgHeartRate: 152 });
    expect(checkReading({ ...run, distance: 2.6 })).toEqual({ distance: null, time: null, avgHeartRate: 152 });
    expect(checkReading({ ...run, distance: 20, time: '00:50:00' })).toMatchObject({ distance: 20, time: '00:50:00' });
    expect(checkReading({ ...run, distance: 3, time: '01:00:00' })).toMatchObject({ distance: 3, time: '01:00:00' });
    // Alone, either one is kept.
    expect(checkReading({ ...run, time: null, distance: 100.2 }).distance).toBe(100.2);
  });

  it('drops distances and times no run has', () => {
    expect(checkReading({ ...run, distance: 0.05, time: null }).distance).toBeNull();
    expect(checkReading({ ...run, distance: 301, time: null }).distance).toBeNull();
    expect(checkReading({ ...run, time: '00:00:59', distance: null }).time).toBeNull();
    expect(checkReading({ ...run, time: '48:00:00', distance: null }).time).toBeNull();
    expect(checkReading({ ...run, time: 'soon', distance: null }).time).toBeNull();
  });
});

describe('settleReading', () => {
  it('drops only the less sure of a distance and a time that disagree', () => {
    const sure = (value: number) => ({ value, confidence: 2 });
    const unsure = (value: number) => ({ value, confidence: 0 });
    expect(settleReading({ distanceKm: sure(12.04), seconds: unsure(322), avgHeartRate: null, maxHeartRate: null })).toEqual({ distance: 12.04, time: null, avgHeartRate: null });
    expect(settleReading({ distanceKm: unsure(1.1), seconds: sure(6756), avgHeartRate: null, maxHeartRate: null })).toEqual({ distance: null, time: '01:52:36', avgHeartRate: null });
    expect(settleReading({ distanceKm: sure(1.1), seconds: sure(6756), avgHeartRate: null, maxHeartRate: null })).toEqual({ distance: null, time: null, avgHeartRate: null });
  });

  it('rounds the distance to two decimals and rejects a heart rate with decimals', () => {
    expect(settleReading({ distanceKm: { value: 5.00505984, confidence: 2 }, seconds: null, avgHeartRate: { value: 151.5, confidence: 2 }, maxHeartRate: null })).toEqual({
      distance: 5.01,
      time: null,
      avgHeartRate: null,
    });
  });
});
