/**
 * Plan dates. On the wire they are `DD-MM-YYYY` (the spec's public contract); inside the product
 * we carry calendar days as ISO `YYYY-MM-DD` strings, which sort, compare and store as SQL `date`.
 * All arithmetic is on UTC midnights, so no machine time zone can shift a day.
 */
import { jakartaParts } from './jakarta-clock';

export type IsoDay = string;

const PLAN_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Years a plan may hold: wide enough for any real plan, narrow enough to reject typos like 0202. */
export const MIN_PLAN_YEAR = 2000;
export const MAX_PLAN_YEAR = 2100;

function validParts(year: number, month: number, day: number): boolean {
  if (year < MIN_PLAN_YEAR || year > MAX_PLAN_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `DD-MM-YYYY` → `YYYY-MM-DD`, or null when it is not a real calendar day. */
export function planDateToIso(value: string): IsoDay | null {
  const m = PLAN_DATE.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validParts(year, month, day) ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * A wire date `DD-MM-YYYY` of any year (a date of birth, not a plan day) → its calendar parts,
 * or null when it is not exactly that shape or not a real day. Years 0-99 are refused: JS reads
 * them as 19xx.
 */
export function parseWireDate(value: string): { year: number; month: number; day: number } | null {
  const m = PLAN_DATE.exec(value);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** A wire date `DD-MM-YYYY` of any year → `YYYY-MM-DD`, or null (see parseWireDate). */
export function wireDateToIso(value: string): IsoDay | null {
  const parts = parseWireDate(value);
  return parts && isoFromParts(parts.year, parts.month, parts.day);
}

export type PlanDateProblem = 'format' | 'calendar' | 'range';

/**
 * Why a wire date is not accepted, or null when it is: not DD-MM-YYYY at all ('format'), a year
 * outside MIN_PLAN_YEAR..MAX_PLAN_YEAR ('range'), or a day the calendar does not have ('calendar').
 */
export function planDateProblem(value: string): PlanDateProblem | null {
  const m = PLAN_DATE.exec(value.trim());
  if (!m) return 'format';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_PLAN_YEAR || year > MAX_PLAN_YEAR) return 'range';
  return validParts(year, month, day) ? null : 'calendar';
}

/** `YYYY-MM-DD` → `DD-MM-YYYY` (any ISO day: plan days, dates of birth). */
export function isoToPlanDate(iso: IsoDay): string {
  const m = ISO_DAY.exec(iso);
  if (!m) throw new Error(`not an ISO day: ${iso}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export function isValidIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  return !!m && validParts(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isoFromParts(year: number, month: number, day: number): IsoDay {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function toUtc(iso: IsoDay): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): IsoDay {
  const date = new Date(ms);
  return isoFromParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

export function addDays(iso: IsoDay, days: number): IsoDay {
  return fromUtc(toUtc(iso) + days * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** 0 = Monday … 6 = Sunday (the product's weeks start on Monday). */
export function weekdayIndex(iso: IsoDay): number {
  return (new Date(toUtc(iso)).getUTCDay() + 6) % 7;
}

export function startOfWeek(iso: IsoDay): IsoDay {
  return addDays(iso, -weekdayIndex(iso));
}

/** Today's calendar day on the product's clock (Asia/Jakarta). */
export function jakartaToday(now: Date = new Date()): IsoDay {
  const { year, month, day } = jakartaParts(now);
  return isoFromParts(year, month + 1, day);
}

/** The seven days Monday to Sunday of the week holding `iso`. */
export function weekDays(iso: IsoDay): IsoDay[] {
  const monday = startOfWeek(iso);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** A JS Date at local midnight of the day, for date-fns formatting in the browser. */
export function isoToLocalDate(iso: IsoDay): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
