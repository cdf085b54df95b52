/**
 * The public running calendar (events-and-coach-pages §2 Calendar page, §3 Calendar event, §5
 * Calendar submission, §9 chip colours): what a submission may say, how the calendar is filtered,
 * how entries are recognised as the same event. Pure: no I/O.
 */
import { addDays, type IsoDay } from '../shared/wire-date';

export const roadOrTrailValues = ['road', 'trail'] as const;
export type RoadOrTrail = (typeof roadOrTrailValues)[number];
export const roadOrTrailLabels: Record<RoadOrTrail, string> = { road: 'Road', trail: 'Trail' };

/** A submission's review: `pending` (isapproved 'no'), `approved` ('yes'), `rejected` (hidden, kept for the duplicate and spam record). */
export const calendarStatuses = ['pending', 'approved', 'rejected'] as const;
export type CalendarStatus = (typeof calendarStatuses)[number];
export const calendarStatusLabels: Record<CalendarStatus, string> = { pending: 'Menunggu moderasi', approved: 'Disetujui', rejected: 'Ditolak' };

export const CALENDAR_PAGE_SIZE = 50;

/** What /calendar's page says of itself: its document title and description, in the app and in the served HTML. */
export const CALENDAR_PAGE_META = {
  title: 'Kalender Lari Indonesia | Derap',
  description: 'Jadwal event lari road dan trail di seluruh Indonesia: cari per bulan, tahun, nama atau kota, dan tambahkan ke Google Calendar.',
} as const;

/** Rows per page of /calendar. */
export const CALENDAR_LIMIT = 20;

/** /calendar's filter, as its address holds it. */
export interface CalendarFilter {
  month?: number;
  year?: number;
  q?: string;
  roadortrail?: RoadOrTrail;
  page: number;
}

/**
 * The query of /calendar's list call. One function for the page and for the server that preloads
 * the first call in the page's HTML: the two addresses must be identical for the preload to be used.
 */
export function calendarQueryString(f: CalendarFilter): string {
  const params = new URLSearchParams();
  if (f.month) params.set('month', String(f.month));
  if (f.year) params.set('year', String(f.year));
  if (f.q) params.set('q', f.q);
  if (f.roadortrail) params.set('roadortrail', f.roadortrail);
  params.set('page', String(f.page));
  params.set('limit', String(CALENDAR_LIMIT));
  return params.toString();
}
export const CALENDAR_MAX_CATEGORIES = 12;

/** Categories as typed: comma-separated, trimmed, empties removed (§5), each once. */
export function splitCategories(text: string | readonly string[]): string[] {
  const parts = typeof text === 'string' ? text.split(',') : text.flatMap((part) => part.split(','));
  const out: string[] = [];
  for (const part of parts) {
    const value = part.trim().replace(/\s+/g, ' ');
    if (value && !out.some((kept) => kept.toLowerCase() === value.toLowerCase())) out.push(value);
  }
  return out;
}

/** What makes two entries the same event: the name without case, punctuation or repeated spaces, on the same day. */
export function sameEventKey(name: string, date: IsoDay): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return `${words}|${date}`;
}

/** Road or trail of a platform event (which has no such field): trail when its name or a category says so. */
export function inferRoadOrTrail(name: string, categories: readonly string[]): RoadOrTrail {
  return [name, ...categories].some((text) => /\btrail\b/i.test(text)) ? 'trail' : 'road';
}

/** The month filter: the first and last day of that month (month 1–12). */
export function monthRange(year: number, month: number): { from: IsoDay; to: IsoDay } {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/** The calendar's date window for the filters: a month of a year, a whole year, or from today on. */
export function calendarWindow(filter: { year?: number; month?: number }, today: IsoDay): { from: IsoDay; to: IsoDay | null } {
  if (filter.year && filter.month) return monthRange(filter.year, filter.month);
  if (filter.year) return { from: `${filter.year}-01-01`, to: `${filter.year}-12-31` };
  if (filter.month) {
    // A month without a year: its next occurrence (this year's if not over yet).
    const year = Number(today.slice(0, 4));
    const thisYear = monthRange(year, filter.month);
    return thisYear.to >= today ? thisYear : monthRange(year + 1, filter.month);
  }
  return { from: today, to: null };
}

/** Whether free text matches an entry's name or location (case- and accent-insensitive, every word). */
export function matchesQuery(entry: { eventname: string; location: string }, q: string): boolean {
  const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const hay = fold(`${entry.eventname} ${entry.location}`);
  return fold(q)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}
