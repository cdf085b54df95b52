/**
 * Strava counts requests in UTC quarter hours (00, 15, 30, 45) and UTC days; the fake server, the
 * adapter (the retry time of a 429) and the shared budget all use these same windows.
 */

const QUARTER_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RateLimits {
  overall15: number;
  overallDaily: number;
  read15: number;
  readDaily: number;
}

export const STRAVA_DEFAULT_LIMITS: RateLimits = { overall15: 200, overallDaily: 2000, read15: 100, readDaily: 1000 };

export function quarterStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS);
}
export function quarterEnd(now: Date): Date {
  return new Date(quarterStart(now).getTime() + QUARTER_MS);
}
export function dayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}
export function dayEnd(now: Date): Date {
  return new Date(dayStart(now).getTime() + DAY_MS);
}

/** The budget rows' keys: '15m:2026-11-24T13:15:00.000Z' and 'day:2026-11-24'. */
export function windowKeys(now: Date): { quarter: string; day: string } {
  return { quarter: `15m:${quarterStart(now).toISOString()}`, day: `day:${dayStart(now).toISOString().slice(0, 10)}` };
}

/** "15min,daily" as Strava sends it in X-RateLimit-Limit / X-RateLimit-Usage; null when absent or malformed. */
export function parsePair(value: string | null | undefined): [number, number] | null {
  if (!value) return null;
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n) || n < 0)) return null;
  return [parts[0]!, parts[1]!];
}

/**
 * When a 429 may be retried: the end of the day when a daily count is spent, otherwise the end of
 * the quarter hour (Strava sends no Retry-After).
 */
export function retryAtFromHeaders(get: (name: string) => string | null, now: Date): Date {
  for (const [limitName, usageName] of [
    ['x-ratelimit-limit', 'x-ratelimit-usage'],
    ['x-readratelimit-limit', 'x-readratelimit-usage'],
  ] as const) {
    const limit = parsePair(get(limitName));
    const usage = parsePair(get(usageName));
    if (limit && usage && usage[1] >= limit[1]) return dayEnd(now);
  }
  return quarterEnd(now);
}
