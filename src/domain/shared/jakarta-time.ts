import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { JAKARTA_OFFSET_MS, jakartaParts } from './jakarta-clock';

// The clock without date-fns lives in jakarta-clock.ts (light enough for the public pages).
export { JAKARTA_TIME_ZONE, jakartaParts } from './jakarta-clock';

export function jakartaHour(instant: Date): number {
  return jakartaParts(instant).hour;
}

/** The Jakarta wall clock at `instant` as 'YYYY-MM-DDTHH:mm:ss.sss' (no offset); slice what you need. */
export function jakartaWallClock(instant: Date): string {
  return new Date(instant.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 23);
}

/**
 * The instant at which Jakarta's wall clock reads `wallClock`: 'YYYY-MM-DD' (midnight) or
 * 'YYYY-MM-DDTHH:mm[:ss]'. An unreadable value gives an Invalid Date, as `new Date` does.
 */
export function fromJakartaWallClock(wallClock: string): Date {
  return new Date(`${wallClock.length === 10 ? `${wallClock}T00:00:00` : wallClock}+07:00`);
}

/** 00:00 in Jakarta of the Jakarta day holding `instant`. */
export function startOfJakartaDay(instant: Date): Date {
  return fromJakartaWallClock(jakartaWallClock(instant).slice(0, 10));
}

/** '08.05': the Jakarta clock time of an instant, the way Indonesian writes it. */
export function formatJakartaTime(instant: Date): string {
  return jakartaWallClock(instant).slice(11, 16).replace(':', '.');
}

/**
 * Formats the Jakarta calendar date of an instant with date-fns and the `id` locale,
 * e.g. '21 Mei 2027' (default) or 'EEEE, d MMMM yyyy' → 'Jumat, 21 Mei 2027'.
 * Returns '-' for a missing or unreadable value.
 */
export function formatJakartaDate(value: Date | string | null | undefined, pattern = 'd MMMM yyyy'): string {
  if (value === null || value === undefined || value === '') return '-';
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return '-';
  const { year, month, day } = jakartaParts(instant);
  // A local-midnight Date carrying Jakarta's calendar day, so date-fns prints that day everywhere.
  return format(new Date(year, month, day), pattern, { locale: id });
}

/**
 * 'Minggu, 6 Desember 2026': a calendar day (YYYY-MM-DD) as people read it, in chat replies and mails
 * (issue 28 item 11: never the wire's '06-12-2026' in a sentence). `withYear: false` for days of the
 * coming weeks ('Minggu, 6 Desember').
 */
export function formatDayLong(day: string, { withYear = true }: { withYear?: boolean } = {}): string {
  return formatJakartaDate(fromJakartaWallClock(day), withYear ? 'EEEE, d MMMM yyyy' : 'EEEE, d MMMM');
}

const WEEKDAY_WORDS = 'Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu';
const WIRE_DATE_IN_TEXT = new RegExp(String.raw`(?:\b(?:${WEEKDAY_WORDS}),?\s+)?(?<![\d-])(\d{2})-(\d{2})-(\d{4})(?![\d-])`, 'gi');

/**
 * Every DD-MM-YYYY date written in a sentence, as `formatDayLong` writes it (a weekday already in
 * front of it is taken in, not doubled): for text an adapter wrote (an LLM's reply). Not a real day: left as is.
 */
export function humanizeWireDates(text: string): string {
  return text.replace(WIRE_DATE_IN_TEXT, (whole, dd: string, mm: string, yyyy: string) => {
    const day = `${yyyy}-${mm}-${dd}`;
    const date = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return whole;
    return formatDayLong(day);
  });
}
