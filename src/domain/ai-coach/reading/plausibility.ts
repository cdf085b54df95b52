import type { ImageReading } from '../contract';
import { formatDuration, parseDuration } from '../../training-plan/pace';

/**
 * What a running workout can show. A value outside these limits was misread or taken from the wrong
 * place (a split, a clock, the maximum heart rate), so it is dropped: for the runner an empty field
 * is better than a wrong number they may not notice.
 */
export const PLAUSIBLE = {
  distanceKm: { min: 0.1, max: 300 },
  /** A whole run: at least a minute, under two days. */
  seconds: { min: 60, max: 48 * 3600 - 1 },
  avgHeartRate: { min: 60, max: 220 },
  /** A maximum read beside the average; only used to check the average. */
  maxHeartRate: { min: 60, max: 250 },
  /** Faster than 2:30 /km or slower than 20:00 /km: the distance or the time is wrong. */
  paceSecondsPerKm: { min: 150, max: 1200 },
} as const;

const within = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;

/** A field as read, with how sure the reader is of it (higher is surer; equal when nothing tells them apart). */
export interface Found<T> {
  value: T;
  confidence: number;
}

export interface FoundReading {
  distanceKm: Found<number> | null;
  seconds: Found<number> | null;
  avgHeartRate: Found<number> | null;
  /** The maximum heart rate on the same screen, when one was read. */
  maxHeartRate: number | null;
}

/**
 * Keeps what is plausible. Each field has its own limits; the average heart rate may not exceed the
 * maximum read beside it; and distance and time must give a pace a runner can run. When they do not,
 * one of them is wrong and the less sure one is dropped (both when nothing tells them apart).
 */
export function settleReading(found: FoundReading): ImageReading {
  let distance = found.distanceKm && within(found.distanceKm.value, PLAUSIBLE.distanceKm) ? found.distanceKm : null;
  let time = found.seconds && within(found.seconds.value, PLAUSIBLE.seconds) ? found.seconds : null;
  let hr = found.avgHeartRate && Number.isInteger(found.avgHeartRate.value) && within(found.avgHeartRate.value, PLAUSIBLE.avgHeartRate) ? found.avgHeartRate : null;
  const max = found.maxHeartRate !== null && within(found.maxHeartRate, PLAUSIBLE.maxHeartRate) ? found.maxHeartRate : null;
  if (hr && max !== null && hr.value > max) hr = null;

  if (distance && time && !within(time.value / distance.value, PLAUSIBLE.paceSecondsPerKm)) {
    const [d, t] = [distance.confidence, time.confidence];
    if (d <= t) distance = null;
    if (t <= d) time = null;
  }
  return {
    distance: distance ? Math.round(distance.value * 100) / 100 : null,
    time: time ? formatDuration(time.value) : null,
    avgHeartRate: hr ? hr.value : null,
  };
}

/**
 * The same checks on a reading from elsewhere (the Gemini adapter), where nothing says which field is
 * surer: an impossible pace drops both distance and time.
 */
export function checkReading(reading: ImageReading, context: { maxHeartRate?: number | null } = {}): ImageReading {
  const seconds = reading.time === null ? null : parseDuration(reading.time);
  const found = <T>(value: T | null): Found<T> | null => (value === null ? null : { value, confidence: 0 });
  return settleReading({
    distanceKm: found(reading.distance),
    seconds: found(seconds),
    avgHeartRate: found(reading.avgHeartRate),
    maxHeartRate: context.maxHeartRate ?? null,
  });
}
