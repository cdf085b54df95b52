/** Durations and paces as runners type and read them. */

/**
 * Reads a run's time: `hh:mm:ss`, `mm:ss` or plain seconds. Minutes of `mm:ss` may exceed 59
 * (a 75-minute run typed as 75:00); seconds, and minutes under hours, must stay below 60.
 * Returns whole seconds, or null when the text is not a time.
 */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = value.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const numbers = parts.map(Number);
  if (parts.length === 2) {
    const [minutes, seconds] = numbers as [number, number];
    if (parts[1]!.length !== 2 || seconds >= 60) return null;
    return minutes * 60 + seconds;
  }
  const [hours, minutes, seconds] = numbers as [number, number, number];
  if (parts[1]!.length !== 2 || parts[2]!.length !== 2 || minutes >= 60 || seconds >= 60) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Seconds → `hh:mm:ss` (the log form's format). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** Seconds per km, or null when distance or time is missing or zero. */
export function paceSecondsPerKm(distanceKm: number | null | undefined, timeSeconds: number | null | undefined): number | null {
  if (!distanceKm || !timeSeconds || distanceKm <= 0 || timeSeconds <= 0) return null;
  if (!Number.isFinite(distanceKm) || !Number.isFinite(timeSeconds)) return null;
  return Math.round(timeSeconds / distanceKm);
}

export const EMPTY_PACE = '--:--/km';

/** Seconds per km → `mm:ss/km`; '--:--/km' when there is no pace. */
export function formatPace(secondsPerKm: number | null | undefined): string {
  if (secondsPerKm === null || secondsPerKm === undefined || !Number.isFinite(secondsPerKm) || secondsPerKm <= 0) {
    return EMPTY_PACE;
  }
  const s = Math.round(secondsPerKm);
  return `${two(Math.floor(s / 60))}:${two(s % 60)}/km`;
}

/** The live pace the log form shows from what the runner typed. */
export function paceFromInput(distanceText: string, timeText: string): string {
  const distance = Number(distanceText.replace(',', '.'));
  const time = parseDuration(timeText);
  return formatPace(paceSecondsPerKm(Number.isFinite(distance) ? distance : null, time));
}

/** One pace like 4'10, 4:10 or 4.10 (minutes and seconds) → seconds per km. */
export function parsePace(text: string): number | null {
  const m = /^\s*(\d{1,2})\s*['’′:.]\s*(\d{2})\s*(?:"|''|″|\/km)?\s*$/.exec(text);
  if (!m) return null;
  const seconds = Number(m[2]);
  if (seconds >= 60) return null;
  return Number(m[1]) * 60 + seconds;
}

/** A unit written once after the whole range: "4:10-4:15/km", "… min/km", "… menit/km". */
const RANGE_UNIT = /\s*(?:min|menit|mnt)?\s*\/\s*km\s*$/i;

/** A plan's pace range like "4'10 - 4'15" → [fastest, slowest] seconds per km; one pace gives a point range. */
export function parsePaceRange(text: string | null | undefined): [number, number] | null {
  if (!text) return null;
  const parts = text.replace(RANGE_UNIT, '').split(/\s*[-–—]\s*|\s+s\/d\s+/);
  const paces = parts.map(parsePace);
  if (paces.length === 0 || paces.length > 2 || paces.some((p) => p === null)) return null;
  const [a, b = a] = paces as number[];
  return [Math.min(a!, b!), Math.max(a!, b!)];
}

/** Seconds per km → the plan's `4'10` notation. */
export function formatPlanPace(secondsPerKm: number): string {
  const s = Math.round(secondsPerKm);
  return `${Math.floor(s / 60)}'${two(s % 60)}`;
}

/** Target paces a plan may hold, in seconds per km: faster than any runner's pace is a typo, slower is walking. */
export const MIN_PLAN_PACE = 2 * 60;
export const MAX_PLAN_PACE = 20 * 60;

/**
 * A typed pace range in the plan's notation ("4:10-4:15/km" → "4'10 - 4'15", fastest first; one
 * pace stays one pace); '' stays ''. Null when it is not a pace range (free text such as "cepat")
 * or a pace is outside MIN_PLAN_PACE..MAX_PLAN_PACE.
 */
export function normalisePaceRange(text: string): string | null {
  if (text.trim() === '') return '';
  const range = parsePaceRange(text.trim());
  if (!range) return null;
  const [fast, slow] = range;
  if (fast < MIN_PLAN_PACE || slow > MAX_PLAN_PACE) return null;
  return fast === slow ? formatPlanPace(fast) : `${formatPlanPace(fast)} - ${formatPlanPace(slow)}`;
}
