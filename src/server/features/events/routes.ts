import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminEventsQuerySchema,
  createEventBodySchema,
  deleteEventResponseSchema,
  eventCodeParamsSchema,
  eventFinanceSchema,
  financeQuerySchema,
  organizerFinanceSchema,
  updateEventBodySchema,
  eventIdParamsSchema,
  eventResponseSchema,
  eventStatusBodySchema,
  organizerEventListSchema,
  publicEventListSchema,
  publicEventsQuerySchema,
  registrationEventResponseSchema,
} from '../../../domain/events/contract';
import type { Db } from '../../db/client';
import type { AppConfig } from '../../config';
import { allowRoles, requireRole } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { badRequest, notFound } from '../../app-error';
import { publicReadCacheFor, sendCached, type PublicReadCache } from '../../plugins/public-cache';
import { createEvent, eventMessages, findPublicEventByCode, listEventsByStatus, listOrganizerEvents, moveEventStatus } from './service';
import { closeRegistration, deleteEvent, lifecycleMessages, updateEvent } from './lifecycle';
import { eventFinance, organizerFinance } from './finance';

/** Description 5000 + 20 categories × 1000 characters, as escaped UTF-8 at worst. */
const EVENT_BODY_LIMIT = 256 * 1024;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Running events (events spec §3, §7): organizer creation and list, public list and registration-page event. */
export async function eventRoutes(app: FastifyInstance, { db, config }: { db: Db; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicEventsCache(db, config);

  r.post(
    '/api/events',
    {
      bodyLimit: EVENT_BODY_LIMIT,
      // Authorise before the body is validated: strangers learn nothing from validation messages.
      onRequest: [allowRoles('organizer', 'admin')],
      schema: {
        tags: ['events'],
        summary: "Creates an event (status 'diajukan', waiting for an admin); code and eventId must be unused",
        body: createEventBodySchema,
        response: { 201: eventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'organizer', 'admin');
      const event = await createEvent(db, user, request.body);
      cache.changedHere();
      return reply.status(201).send({ event });
    },
  );

  r.get(
    '/api/events',
    {
      onRequest: [allowRoles('organizer', 'admin')],
      schema: {
        tags: ['events'],
        summary: "The organizer's own events (an admin: every event) with participants, capacity and revenue",
        response: { 200: organizerEventListSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireRole(request, 'organizer', 'admin');
      return { events: await listOrganizerEvents(db, user.role === 'admin' ? {} : { createdBy: user.id }) };
    },
  );

  r.put(
    '/api/events/:id',
    {
      bodyLimit: EVENT_BODY_LIMIT,
      onRequest: [allowRoles('organizer', 'admin')],
      schema: {
        tags: ['events'],
        summary:
          'Edits an event (its organizer or an admin). Once runners registered, a sold category keeps its name, prices and early bird, slots shrink only down to what is sold, and the code and payment type stay (decision 020): 409 per refused change',
        params: eventIdParamsSchema,
        body: updateEventBodySchema,
        response: { 200: eventResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireRole(request, 'organizer', 'admin');
      const event = await updateEvent(db, user, request.params.id, request.body);
      cache.changedHere();
      return { event };
    },
  );

  r.delete(
    '/api/events/:id',
    {
      onRequest: [allowRoles('organizer', 'admin')],
      schema: {
        tags: ['events'],
        summary: "Deletes an event nobody ever registered for (its organizer or an admin); otherwise 409 pointing to 'Batalkan Event'",
        params: eventIdParamsSchema,
        response: { 200: deleteEventResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireRole(request, 'organizer', 'admin');
      const { name } = await deleteEvent(db, user, request.params.id);
      cache.changedHere();
      return { deleted: true as const, message: lifecycleMessages.deleted(name) };
    },
  );

  r.post(
    '/api/events/:id/close-registration',
    {
      onRequest: [allowRoles('organizer', 'admin')],
      schema: {
        tags: ['events'],
        summary: "'Tutup Pendaftaran': registration closes now (regClose becomes now); 409 before it opened or after it closed",
        params: eventIdParamsSchema,
        response: { 200: eventResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireRole(request, 'organizer', 'admin');
      const event = await closeRegistration(db, user, request.params.id);
      cache.changedHere();
      return { event };
    },
  );

  r.get(
    '/api/events/finance',
    {
      onRequest: [allowRoles('organizer', 'admin')],
      schema: {
        tags: ['events'],
        summary:
          "Keuangan: the organizer's events (an admin: all) with gross, platform fees, gateway fees, refunds and net payout, for one Jakarta month (month=YYYY-MM) or all time",
        querystring: financeQuerySchema,
        response: { 200: organizerFinanceSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireRole(request, 'organizer', 'admin');
      return organizerFinance(db, user, request.query.month ?? null);
    },
  );

  r.get(
    '/api/events/:id/finance',
    {
      onRequest: [allowRoles('organizer', 'admin')],
      schema: {
        tags: ['events'],
        summary: "Keuangan of one event (its organizer or an admin): totals, per month, per category and per payment method",
        params: eventIdParamsSchema,
        response: { 200: eventFinanceSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireRole(request, 'organizer', 'admin');
      return eventFinance(db, user, request.params.id);
    },
  );

  r.get(
    '/api/events/status',
    {
      // A hot anonymous read (decision 015): no per-request access lines at `info`; errors still log.
      logLevel: 'warn',
      schema: {
        tags: ['events'],
        summary: "Public cards of events with a status, soonest first; anyone may ask for 'diterima', admins for any",
        querystring: publicEventsQuerySchema,
        response: { 200: publicEventListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { status } = request.query;
      if (status === 'diterima') {
        const cached = await cache.get('list:diterima', async () => ({ events: await listEventsByStatus(db, status) }));
        return sendCached(request, reply, cached!, cache.options);
      }
      if (request.auth?.user.role !== 'admin') throw badRequest(eventMessages.statusNotPublic, 'STATUS_NOT_PUBLIC');
      reply.header('cache-control', 'private, no-store');
      return { events: await listEventsByStatus(db, status) };
    },
  );

  r.get(
    '/api/events/:code',
    {
      logLevel: 'warn',
      schema: {
        tags: ['events'],
        summary: 'The registration page event by its code (accepted or closed; other statuses only for its organizer and admins)',
        params: eventCodeParamsSchema,
        response: { 200: registrationEventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      // Accepted and closed events look the same to everyone: one cached body per code.
      const cached = await cache.get(`event:${code.toLowerCase()}`, async () => {
        const event = await findPublicEventByCode(db, code, null);
        return event ? { event } : null;
      });
      if (cached) return sendCached(request, reply, cached, cache.options);
      // Other statuses only for their organizer and admins, never cached.
      const event = request.auth ? await findPublicEventByCode(db, code, request.auth.user) : null;
      if (!event) throw notFound(eventMessages.notFound);
      reply.header('cache-control', 'private, no-store');
      return { event };
    },
  );
}

/** The admin's event moderation (DESIGN.md §4), under /api/admin like the rest of the admin area. */
export async function adminEventRoutes(app: FastifyInstance, { db, config }: { db: Db; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicEventsCache(db, config);
  r.addHook('onRequest', allowRoles('admin'));

  r.get(
    '/api/admin/events',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every event, optionally with one status, newest first',
        querystring: adminEventsQuerySchema,
        response: { 200: organizerEventListSchema, ...errors },
      },
    },
    async (request) => ({ events: await listOrganizerEvents(db, { status: request.query.status }) }),
  );

  r.patch(
    '/api/admin/events/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accepts, rejects, closes or reopens an event',
        params: eventIdParamsSchema,
        body: eventStatusBodySchema,
        response: { 200: eventResponseSchema, ...errors },
      },
    },
    async (request) => {
      const event = await moveEventStatus(db, request.params.id, request.body.status);
      cache.changedHere();
      return { event };
    },
  );
}

/** The public event reads' cache of this app (decision 015); the admin routes drop it on moderation. */
function publicEventsCache(db: Db, config: AppConfig): PublicReadCache {
  return publicReadCacheFor(db, { ttlMs: config.publicReadCacheSeconds * 1000, pollMs: 500, maxEntries: 1000 });
}
