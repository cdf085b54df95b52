import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedCreatedSchema, feedRevokedSchema, feedStatusSchema, feedTokenParamsSchema } from '../../../domain/training-plan/contract';
import { addDays, jakartaToday } from '../../../domain/shared/wire-date';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { notFound } from '../../app-error';
import { buildCalendar, EXPORT_FILENAME } from './ics';
import { feedOwner, feedStatus, revokeFeed, rotateFeed, runsFrom } from './calendar-feed';

/** The feed shows this many days of history, so the subscribed calendar keeps recent runs too. */
export const FEED_HISTORY_DAYS = 30;
/** Per client address; Google polls a subscription a few times a day, so this only stops abuse. */
export const FEED_RATE_LIMIT_PER_MINUTE = 120;

export interface CalendarFeedRoutesOptions {
  db: Db;
  config: AppConfig;
  /** Injectable clock for tests. */
  now?: () => Date;
}

const errors = { 401: errorSchema, 404: errorSchema };

const FEED_GONE = 'Tautan kalender tidak ditemukan atau sudah dicabut.';

/**
 * The runner's Google Calendar export: a private, revocable iCalendar feed (the token in the URL is the
 * only credential, stored hashed) and a one-off .ics download of the upcoming runs.
 */
export async function calendarFeedRoutes(app: FastifyInstance, { db, config, now = () => new Date() }: CalendarFeedRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const appUrl = `${config.publicUrl}/dashboard#calendar`;

  const sendCalendar = (reply: FastifyReply, body: string) =>
    reply
      .header('cache-control', 'private, no-store, max-age=0')
      .type('text/calendar; charset=utf-8')
      .send(body);

  r.post(
    '/api/training-plans/calendar-feed',
    {
      onRequest: [signedIn],
      schema: {
        tags: ['calendar-feed'],
        summary: "Creates the caller's private calendar feed, or rotates its token (the old URL stops working)",
        response: { 201: feedCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, createdAt } = await rotateFeed(db, requireUser(request).id);
      const url = `${config.publicUrl}/api/calendar/${token}.ics`;
      return reply.status(201).send({ url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://'), createdAt: createdAt.toISOString() });
    },
  );

  r.get(
    '/api/training-plans/calendar-feed',
    {
      onRequest: [signedIn],
      schema: {
        tags: ['calendar-feed'],
        summary: 'Whether the caller has an active calendar feed (its URL is shown only when created)',
        response: { 200: feedStatusSchema, ...errors },
      },
    },
    async (request) => {
      const status = await feedStatus(db, requireUser(request).id);
      return { active: status.active, createdAt: status.createdAt?.toISOString() ?? null };
    },
  );

  r.delete(
    '/api/training-plans/calendar-feed',
    {
      onRequest: [signedIn],
      schema: {
        tags: ['calendar-feed'],
        summary: "Revokes the caller's calendar feed; its URL answers 404 from then on",
        response: { 200: feedRevokedSchema, ...errors },
      },
    },
    async (request) => {
      await revokeFeed(db, requireUser(request).id);
      return { active: false, createdAt: null, message: 'Tautan kalender dicabut.' };
    },
  );

  r.get(
    '/api/training-plans/export.ics',
    {
      onRequest: [signedIn],
      schema: {
        tags: ['calendar-feed'],
        summary: "Downloads the caller's upcoming runs (today, Jakarta time, onward) as an .ics file; locked AI runs are left out",
        response: errors,
      },
    },
    async (request, reply) => {
      // A downloaded file is imported once and never updated, so a locked run would stay a 'Kunci'
      // event in the runner's calendar for good: it is left out (the subscribed feed shows it).
      const runs = await runsFrom(db, requireUser(request), jakartaToday(now()), 'omit');
      reply.header('content-disposition', `attachment; filename="${EXPORT_FILENAME}"`);
      return sendCalendar(reply, buildCalendar(runs, { appUrl, now: now() }));
    },
  );

  r.get(
    '/api/calendar/:token.ics',
    {
      config: { rateLimit: { max: FEED_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['calendar-feed'],
        summary: `Public iCalendar feed (the token is the credential): every run from ${FEED_HISTORY_DAYS} days ago onward; locked AI runs as bare 'Kunci' events`,
        security: [],
        params: feedTokenParamsSchema,
        response: { 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const owner = await feedOwner(db, request.params.token);
      if (!owner) throw notFound(FEED_GONE);
      const today = jakartaToday(now());
      // A locked run is a bare 'Kunci' event under the UID its whole event will have: the calendar
      // shows the day is planned, and fills it in by itself once the subscription is renewed.
      const runs = await runsFrom(db, owner, addDays(today, -FEED_HISTORY_DAYS), 'stub');
      // The URL is a secret: keep it out of search engines.
      reply.header('x-robots-tag', 'noindex, nofollow');
      return sendCalendar(reply, buildCalendar(runs, { appUrl, now: now() }));
    },
  );
}
