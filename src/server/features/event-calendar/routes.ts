import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import {
  calendarEntryParamsSchema,
  calendarFeedQuerySchema,
  calendarEntryResponseSchema,
  calendarListQuerySchema,
  calendarListSchema,
  calendarMessages,
  calendarModeratedSchema,
  calendarModerationListSchema,
  calendarModerationQuerySchema,
  calendarModerationSchema,
  calendarSubmissionBodySchema,
  calendarSubmissionSchema,
  calendarSubmittedSchema,
} from '../../../domain/event-calendar/contract';
import { roadOrTrailLabels } from '../../../domain/event-calendar/event-calendar';
import { JAKARTA_TIME_ZONE } from '../../../domain/shared/jakarta-time';
import { addDays } from '../../../domain/shared/wire-date';
import type { Mailer } from '../../adapters/mail/port';
import { AppError, badRequest, notFound } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { allowRoles, requireRole } from '../../plugins/auth';
import { bodyParsedByHandler } from '../../plugins/validation';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { publicReadCacheFor, sendCached } from '../../plugins/public-cache';
import { findCalendarEvent, listCalendar, listCalendarPage, listForModeration, moderateCalendarEvent, submitCalendarEvent } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/** Submissions per address per hour: enough for an organizer sending a season's races, not for a bot. */
export const SUBMISSIONS_PER_HOUR = 10;

/**
 * The public running calendar (events-and-coach-pages §7 `/api/eventcalendar*`): the list and one
 * entry for anyone (served from the shared public read cache, decision 015), submissions from
 * anyone (rate limited per address, honeypot), the `.ics` feed, and the admin's moderation.
 */
export async function eventCalendarRoutes(app: FastifyInstance, { db, config, mail }: { db: Db; config: AppConfig; mail: Mailer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicReadCacheFor(db, { ttlMs: config.publicReadCacheSeconds * 1000, pollMs: 500, maxEntries: 1000 });

  r.get(
    '/api/eventcalendar',
    {
      logLevel: 'warn',
      schema: {
        tags: ['event-calendar'],
        summary: 'Approved calendar entries and accepted Derap events, by day; filters month, year, q (name or location), roadortrail; paged',
        querystring: calendarListQuerySchema,
        response: { 200: calendarListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `calendar:${q.year ?? ''}:${q.month ?? ''}:${q.roadortrail ?? ''}:${q.page}:${q.limit}:${(q.q ?? '').toLowerCase()}`;
      const cached = await cache.get(key, () => listCalendarPage(db, q));
      return sendCached(request, reply, cached!, cache.options);
    },
  );

  r.get(
    '/api/eventcalendar.ics',
    {
      logLevel: 'warn',
      schema: {
        tags: ['event-calendar'],
        summary: 'The approved calendar as an iCalendar feed to subscribe to (Google Calendar); optional roadortrail and region (a city or province in the location)',
        querystring: calendarFeedQuerySchema,
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { roadortrail, region } = request.query;
      const cached = await cache.getValue(`calendar-ics:${roadortrail ?? ''}:${(region ?? '').toLowerCase()}`, async () => {
        const entries = await listCalendar(db, { roadortrail, region });
        return buildFeed(entries, config.publicUrl, { roadortrail, region });
      });
      // Plain reply: the body is iCalendar text, not a JSON response of the schema.
      const plain: FastifyReply = reply;
      return plain.header('cache-control', `public, max-age=${60 * 60}`).type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="derap-kalender-lari.ics"').send(cached!);
    },
  );

  r.get(
    '/api/eventcalendar/:id',
    {
      logLevel: 'warn',
      schema: {
        tags: ['event-calendar'],
        summary: 'One calendar entry: approved ones to anyone, any (with its review status) to admins',
        params: calendarEntryParamsSchema,
        response: { 200: calendarEntryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = request.auth?.user ?? null;
      if (viewer?.role === 'admin') {
        const event = await findCalendarEvent(db, request.params.id, viewer);
        if (!event) throw notFound(calendarMessages.notFound);
        reply.header('cache-control', 'private, no-store');
        return { event };
      }
      const cached = await cache.get(`calendar-entry:${request.params.id.toLowerCase()}`, async () => {
        const event = await findCalendarEvent(db, request.params.id, null);
        return event ? { event } : null;
      });
      if (!cached) throw notFound(calendarMessages.notFound);
      return sendCached(request, reply, cached, cache.options);
    },
  );

  r.post(
    '/api/eventcalendar',
    {
      ...bodyParsedByHandler(app.log),
      config: {
        rateLimit: {
          max: SUBMISSIONS_PER_HOUR,
          timeWindow: '1 hour',
          errorResponseBuilder: () => new AppError('too_many', calendarMessages.tooMany, 'CALENDAR_RATE_LIMITED'),
        },
      },
      schema: {
        tags: ['event-calendar'],
        summary: "Submit an event to the calendar: always stored pending ('no') and not a partnership, whatever is sent; a duplicate (same name and day) is refused",
        body: calendarSubmissionBodySchema,
        response: { 201: calendarSubmittedSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Parsed here (the route publishes the static body): `date` is checked against today's Jakarta day.
      const parsed = calendarSubmissionSchema().safeParse(request.body);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? calendarMessages.submitFailed, 'INVALID_SUBMISSION');
      // The honeypot: people never see the field, bots fill it. Answer as if stored; store nothing.
      if (parsed.data.website2) {
        request.log.warn({ reason: 'honeypot' }, 'calendar submission dropped');
        return reply.status(201).send({ message: calendarMessages.submitted, event: { ...honeypotEcho(parsed.data) } });
      }
      const event = await submitCalendarEvent(db, parsed.data, { ip: request.ip, user: request.auth?.user ?? null });
      return reply.status(201).send({ message: calendarMessages.submitted, event });
    },
  );

  r.get(
    '/api/admin/eventcalendar',
    {
      onRequest: allowRoles('admin'),
      schema: {
        tags: ['event-calendar'],
        summary: 'Calendar submissions for moderation (status pending by default; approved, rejected or all)',
        querystring: calendarModerationQuerySchema,
        response: { 200: calendarModerationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { events: await listForModeration(db, request.query.status) };
    },
  );

  r.patch(
    '/api/admin/eventcalendar/:id',
    {
      onRequest: allowRoles('admin'),
      schema: {
        tags: ['event-calendar'],
        summary: "Moderate a submission: isapproved 'yes' / 'no' / 'rejected', ispartnership, and corrections of its fields; the submitter is mailed when it is approved",
        params: calendarEntryParamsSchema,
        body: calendarModerationSchema,
        response: { 200: calendarModeratedSchema, ...errors },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const event = await moderateCalendarEvent(db, mail, request.params.id, request.body, admin, config.publicUrl);
      cache.changedHere();
      return { event };
    },
  );
}

/** What a bot gets back from the honeypot: the shape of a stored entry, with nothing stored. */
function honeypotEcho(input: { eventname: string; date: string; location: string; website: string | null; roadortrail: 'road' | 'trail'; category: string[]; email: string; organizer: string; description: string }) {
  return {
    _id: '00000000-0000-4000-8000-000000000000',
    ...input,
    ispartnership: 'no' as const,
    isapproved: 'no' as const,
    source: 'submission' as const,
    registerUrl: null,
  };
}

const utcMidnight = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The feed: one all-day event per entry (the zone announced as in the training plan's feed). */
function buildFeed(entries: Awaited<ReturnType<typeof listCalendar>>, publicUrl: string, filter: { roadortrail?: 'road' | 'trail'; region?: string }): string {
  const scope = [filter.roadortrail ? roadOrTrailLabels[filter.roadortrail] : null, filter.region || null].filter(Boolean).join(' · ');
  const calendar = ical({
    name: scope ? `Derap - Kalender Lari (${scope})` : 'Derap - Kalender Lari',
    description: 'Event lari di Indonesia dari Kalender Lari Derap.',
    prodId: { company: 'Derap', product: 'Kalender Lari', language: 'ID' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 6 * 60 * 60,
  });
  for (const e of entries) {
    const url = e.registerUrl ? `${publicUrl}${e.registerUrl}` : `${publicUrl}/calendar?event=${encodeURIComponent(e._id)}`;
    calendar.createEvent({
      id: `${e._id}@kalender.derap.id`,
      allDay: true,
      start: utcMidnight(e.date),
      end: utcMidnight(addDays(e.date, 1)),
      summary: `${e.eventname} (${roadOrTrailLabels[e.roadortrail]})`,
      location: e.location,
      description: [`Kategori: ${e.category.join(', ')}`, `Penyelenggara: ${e.organizer}`, e.website ? `Website: ${e.website}` : null, e.description, `Lihat di Derap: ${url}`]
        .filter(Boolean)
        .join('\n'),
      url,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString().replace(/^(X-WR-CALNAME:.*\r\n)/m, `$1X-WR-TIMEZONE:${JAKARTA_TIME_ZONE}\r\n`);
}
