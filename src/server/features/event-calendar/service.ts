import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  calendarMessages,
  type AdminCalendarEvent,
  type CalendarEvent,
  type CalendarList,
  type CalendarSubmission,
} from '../../../domain/event-calendar/contract';
import { CALENDAR_PAGE_META, calendarQueryString, calendarWindow, inferRoadOrTrail, matchesQuery, sameEventKey, type CalendarStatus, type RoadOrTrail } from '../../../domain/event-calendar/event-calendar';
import { jakartaToday, type IsoDay } from '../../../domain/shared/wire-date';
import type { Mailer } from '../../adapters/mail/port';
import { composeMail } from '../../adapters/mail/compose';
import { conflict, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { calendarEvents, type CalendarEventRow } from '../../db/schema/event-calendar';
import type { UserRow } from '../../db/schema/users';
import { listEventsByStatus } from '../events/service';

/**
 * The public running calendar (events-and-coach-pages §2–§5): approved submissions and the accepted
 * events of Derap's own registration, merged into one list by day. A platform event is never
 * listed twice: a submission for the same event (same folded name, same day) gives way to it, and a
 * new submission for it is refused as a duplicate.
 */

export interface CalendarFilter {
  month?: number;
  year?: number;
  q?: string;
  roadortrail?: RoadOrTrail;
  /** For the feed: entries whose location mentions it (a city or province). */
  region?: string;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no') as 'yes' | 'no';

export function toCalendarEvent(row: CalendarEventRow): CalendarEvent {
  return {
    _id: row.id,
    eventname: row.eventname,
    date: row.eventDate,
    location: row.location,
    website: row.website,
    roadortrail: row.roadortrail,
    category: row.categories,
    email: row.email,
    organizer: row.organizer,
    description: row.description,
    ispartnership: yesNo(row.ispartnership),
    isapproved: yesNo(row.status === 'approved'),
    source: 'submission',
    registerUrl: null,
  };
}

export function toAdminCalendarEvent(row: CalendarEventRow): AdminCalendarEvent {
  return {
    ...toCalendarEvent(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** Accepted platform events as calendar entries (they are Derap's partners: the partnership badge). */
async function platformEntries(db: Db): Promise<CalendarEvent[]> {
  const accepted = await listEventsByStatus(db, 'diterima');
  return accepted.map((e) => ({
    _id: `event-${e.code}`,
    eventname: e.name,
    date: jakartaToday(new Date(e.eventDate)),
    location: e.location,
    website: null,
    roadortrail: inferRoadOrTrail(e.name, e.categories.map((c) => c.name)),
    category: e.categories.map((c) => c.name),
    email: null,
    organizer: e.organizer.name,
    description: `Pendaftaran melalui Derap. Kategori: ${e.categories.map((c) => c.name).join(', ')}.`,
    ispartnership: 'yes',
    isapproved: 'yes',
    source: 'platform',
    registerUrl: `/register/${encodeURIComponent(e.code)}`,
  }));
}

/** Every approved entry in the filter's window, by day then name; platform events first on a tie of the same event. */
export async function listCalendar(db: Db, filter: CalendarFilter, today: IsoDay = jakartaToday()): Promise<CalendarEvent[]> {
  const window = calendarWindow(filter, today);
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.status, 'approved'),
        gte(calendarEvents.eventDate, window.from),
        window.to ? lte(calendarEvents.eventDate, window.to) : undefined,
        filter.roadortrail ? eq(calendarEvents.roadortrail, filter.roadortrail) : undefined,
      ),
    )
    .orderBy(asc(calendarEvents.eventDate), asc(calendarEvents.eventname));
  const platform = (await platformEntries(db)).filter(
    (e) => e.date >= window.from && (!window.to || e.date <= window.to) && (!filter.roadortrail || e.roadortrail === filter.roadortrail),
  );
  const platformKeys = new Set(platform.map((e) => sameEventKey(e.eventname, e.date)));
  const submitted = rows.filter((row) => !platformKeys.has(row.sameKey)).map(toCalendarEvent);
  const region = filter.region?.trim();
  return [...platform, ...submitted]
    .filter((e) => !filter.q || matchesQuery(e, filter.q))
    .filter((e) => !region || matchesQuery({ eventname: '', location: e.location }, region))
    .sort((a, b) => a.date.localeCompare(b.date) || a.eventname.localeCompare(b.eventname, 'id'));
}

export async function listCalendarPage(db: Db, filter: CalendarFilter & { page: number; limit: number }): Promise<CalendarList> {
  const all = await listCalendar(db, filter);
  const start = (filter.page - 1) * filter.limit;
  return { events: all.slice(start, start + filter.limit), total: all.length, page: filter.page, limit: filter.limit };
}

/** One entry: approved ones (and accepted platform events) to anyone, any to admins. */
export async function findCalendarEvent(db: Db, id: string, viewer: Pick<UserRow, 'role'> | null): Promise<CalendarEvent | AdminCalendarEvent | null> {
  if (id.startsWith('event-')) {
    const code = decodeURIComponent(id.slice('event-'.length));
    return (await platformEntries(db)).find((e) => e._id === `event-${code}`) ?? null;
  }
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  if (!row) return null;
  if (viewer?.role === 'admin') return toAdminCalendarEvent(row);
  return row.status === 'approved' ? toCalendarEvent(row) : null;
}

/** A hash of the sender's address (spam review without keeping the address itself). */
export const submitterKeyOf = (ip: string) => createHash('sha256').update(`calendar-submitter:${ip}`).digest('base64url').slice(0, 22);

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

/** A new submission: always pending and not a partnership, whatever the client said (§4). */
export async function submitCalendarEvent(db: Db, input: CalendarSubmission, from: { ip: string; user: UserRow | null }): Promise<CalendarEvent> {
  const sameKey = sameEventKey(input.eventname, input.date);
  const platform = await platformEntries(db);
  if (platform.some((e) => sameEventKey(e.eventname, e.date) === sameKey)) throw conflict(calendarMessages.duplicate, 'CALENDAR_DUPLICATE');
  try {
    const [row] = await db
      .insert(calendarEvents)
      .values({
        eventname: input.eventname,
        eventDate: input.date,
        location: input.location,
        website: input.website,
        roadortrail: input.roadortrail,
        categories: input.category,
        email: input.email,
        organizer: input.organizer,
        description: input.description,
        status: 'pending',
        ispartnership: false,
        sameKey,
        submitterKey: submitterKeyOf(from.ip),
        submittedBy: from.user?.id ?? null,
      })
      .returning();
    return toCalendarEvent(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(calendarMessages.duplicate, 'CALENDAR_DUPLICATE');
    throw err;
  }
}

export async function listForModeration(db: Db, status: CalendarStatus | 'all'): Promise<AdminCalendarEvent[]> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(status === 'all' ? undefined : eq(calendarEvents.status, status))
    .orderBy(status === 'pending' ? asc(calendarEvents.createdAt) : desc(calendarEvents.createdAt))
    .limit(500);
  return rows.map(toAdminCalendarEvent);
}

export interface ModerationInput {
  isapproved?: 'yes' | 'no' | 'rejected';
  ispartnership?: 'yes' | 'no';
  eventname?: string;
  date?: string;
  location?: string;
  website?: string | null;
  roadortrail?: RoadOrTrail;
  category?: string[];
  email?: string;
  organizer?: string;
  description?: string;
}

/** An admin's decision and corrections; the submitter is mailed once when the entry is first approved. */
export async function moderateCalendarEvent(
  db: Db,
  mail: Mailer,
  id: string,
  input: ModerationInput,
  admin: UserRow,
  publicUrl: string,
): Promise<AdminCalendarEvent> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(calendarMessages.notFound);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for('update');
    if (!current) throw notFound(calendarMessages.notFound);
    const status: CalendarStatus =
      input.isapproved === 'yes' ? 'approved' : input.isapproved === 'rejected' ? 'rejected' : input.isapproved === 'no' ? 'pending' : current.status;
    const eventname = input.eventname ?? current.eventname;
    const eventDate = input.date ?? current.eventDate;
    const decided = input.isapproved !== undefined;
    try {
      const [row] = await tx
        .update(calendarEvents)
        .set({
          eventname,
          eventDate,
          location: input.location ?? current.location,
          website: input.website === undefined ? current.website : input.website,
          roadortrail: input.roadortrail ?? current.roadortrail,
          categories: input.category ?? current.categories,
          email: input.email ?? current.email,
          organizer: input.organizer ?? current.organizer,
          description: input.description ?? current.description,
          ispartnership: input.ispartnership === undefined ? current.ispartnership : input.ispartnership === 'yes',
          status,
          sameKey: sameEventKey(eventname, eventDate),
          ...(decided ? { reviewedAt: new Date(), reviewedBy: admin.id } : {}),
          updatedAt: new Date(),
        })
        .where(eq(calendarEvents.id, id))
        .returning();
      if (status === 'approved' && current.status !== 'approved') {
        await mail.enqueue(approvedMail(row!, publicUrl), { tx });
      }
      return toAdminCalendarEvent(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(calendarMessages.duplicate, 'CALENDAR_DUPLICATE');
      throw err;
    }
  });
}

function approvedMail(row: CalendarEventRow, publicUrl: string) {
  const url = `${publicUrl}/calendar?${new URLSearchParams({ month: String(Number(row.eventDate.slice(5, 7))), year: row.eventDate.slice(0, 4), event: row.id })}`;
  return composeMail({
    to: row.email,
    subject: `Event Anda tampil di Kalender Lari Derap: ${row.eventname}`,
    heading: 'Event Anda sudah disetujui',
    intro: [`Halo ${row.organizer},`, `Terima kasih sudah mengirimkan ${row.eventname}. Admin Derap sudah memeriksanya dan event ini kini tampil di Kalender Lari.`],
    details: [
      ['Event', row.eventname],
      ['Tanggal', row.eventDate.split('-').reverse().join('-')],
      ['Lokasi', row.location],
    ],
    link: { label: 'Lihat di Kalender Lari', url },
    outro: ['Jika ada data yang perlu diperbaiki, balas email ini.'],
    // One mail per approval of this entry, even if an admin approves it twice.
    topic: `calendar-approved:${row.id}`,
  });
}

/** How many submissions are waiting (the admin tab's badge). */
export async function pendingCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(calendarEvents).where(eq(calendarEvents.status, 'pending'));
  return row?.n ?? 0;
}

/**
 * /calendar as served HTML: its own title and description, and for the bare address (the usual
 * way in) a preload of the list call the page makes first, built by the page's own function so the
 * two addresses are the same. A filtered address is left to the page.
 */
export function calendarPageMeta(query: URLSearchParams) {
  return Promise.resolve({
    ...CALENDAR_PAGE_META,
    image: null,
    ...([...query.keys()].length === 0 ? { preload: { fetch: [`/api/eventcalendar?${calendarQueryString({ page: 1 })}`] } } : {}),
  });
}
