import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminGroupRunListQuerySchema,
  adminGroupRunListSchema,
  groupRunBodySchema,
  groupRunChangeSchema,
  groupRunDetailResponseSchema,
  groupRunIdParamsSchema as idParams,
  groupRunInputSchema,
  groupRunListQuerySchema,
  groupRunListSchema,
  groupRunMessages,
  groupRunMessageSchema as message,
  groupRunParticipantParamsSchema,
  groupRunPatchBodySchema,
  groupRunPatchSchema,
  groupRunReportSchema,
  groupRunVisibilitySchema,
  myGroupRunsSchema,
} from '../../../domain/group-runs/contract';
import { GROUP_RUNS_PER_DAY } from '../../../domain/group-runs/group-runs';
import type { Mailer } from '../../adapters/mail/port';
import { AppError, badRequest, notFound } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { allowRoles, requireUser, signedIn } from '../../plugins/auth';
import { bodyParsedByHandler } from '../../plugins/validation';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { publicReadCacheFor, sendCached } from '../../plugins/public-cache';
import {
  cancelGroupRun,
  createGroupRun,
  findGroupRun,
  joinGroupRun,
  leaveGroupRun,
  listForReview,
  listGroupRuns,
  myUpcomingGroupRuns,
  removeGroupRunParticipant,
  reportGroupRun,
  setGroupRunHidden,
  updateGroupRun,
} from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * Parsed in the handler (the route publishes the static body, see bodyParsedByHandler): `startsAt` is
 * checked against the clock, and every refusal carries the contract's message and INVALID_GROUP_RUN.
 */
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? groupRunMessages.required, 'INVALID_GROUP_RUN');
  return parsed.data;
}

/**
 * Running Buddy (issue 16 item 5): the public list and detail (anonymous answers from the shared
 * public read cache, decision 015), and the signed-in actions: create (rate limited per user),
 * the host's edit / cancel / remove, and join / leave.
 */
export async function groupRunRoutes(app: FastifyInstance, { db, config, mail }: { db: Db; config: AppConfig; mail: Mailer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const parsedByHandler = bodyParsedByHandler(app.log);
  const cache = publicReadCacheFor(db, { ttlMs: config.publicReadCacheSeconds * 1000, pollMs: 500, maxEntries: 1000 });

  r.get(
    '/api/group-runs',
    {
      logLevel: 'warn',
      schema: {
        tags: ['group-runs'],
        summary: 'Upcoming group runs (past and canceled ones drop out), soonest first; city (any case) and date (a Jakarta day) filters',
        querystring: groupRunListQuerySchema,
        response: { 200: groupRunListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { city, date } = request.query;
      // The minute is in the key: a run drops out once it starts even while nothing else changes.
      const minute = Math.floor(Date.now() / 60_000);
      const cached = await cache.get(`group-runs:${(city ?? '').trim().toLowerCase()}:${date ?? ''}:${minute}`, async () => ({
        groupRuns: await listGroupRuns(db, { city, date }),
      }));
      return sendCached(request, reply, cached!, cache.options);
    },
  );

  r.get(
    '/api/group-runs/mine',
    {
      onRequest: signedIn,
      schema: {
        tags: ['group-runs'],
        summary: "The caller's upcoming runs, hosted or joined, soonest first (at most 5)",
        response: { 200: myGroupRunsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { groupRuns: await myUpcomingGroupRuns(db, requireUser(request)) };
    },
  );

  r.get(
    '/api/group-runs/:id',
    {
      logLevel: 'warn',
      schema: {
        tags: ['group-runs'],
        summary: "One group run with its participants' names (never emails), participantsCount, and joined / isHost for the caller",
        params: idParams,
        response: { 200: groupRunDetailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = request.auth?.user ?? null;
      if (viewer) {
        const groupRun = await findGroupRun(db, request.params.id, viewer);
        if (!groupRun) throw notFound(groupRunMessages.notFound);
        reply.header('cache-control', 'private, no-store');
        return { groupRun };
      }
      const cached = await cache.get(`group-run:${request.params.id.toLowerCase()}`, async () => {
        const groupRun = await findGroupRun(db, request.params.id, null);
        return groupRun ? { groupRun } : null;
      });
      if (!cached) throw notFound(groupRunMessages.notFound);
      return sendCached(request, reply, cached, cache.options);
    },
  );

  r.post(
    '/api/group-runs',
    {
      onRequest: signedIn,
      ...parsedByHandler,
      config: {
        rateLimit: {
          max: GROUP_RUNS_PER_DAY,
          timeWindow: '1 day',
          keyGenerator: (request: FastifyRequest) => `group-run-create:${request.auth?.user.id ?? request.ip}`,
          errorResponseBuilder: () => new AppError('too_many', groupRunMessages.tooMany, 'GROUP_RUN_RATE_LIMITED'),
        },
      },
      schema: {
        tags: ['group-runs'],
        summary: 'Create a group run (the caller hosts it): startsAt ISO with offset, in the future and at most a year ahead; mapUrl https only',
        body: groupRunBodySchema,
        response: { 201: groupRunChangeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const input = parse(groupRunInputSchema(), request.body);
      const groupRun = await createGroupRun(db, user, input);
      cache.changedHere();
      return reply.status(201).send({ message: groupRunMessages.created, groupRun });
    },
  );

  r.patch(
    '/api/group-runs/:id',
    {
      onRequest: signedIn,
      ...parsedByHandler,
      schema: {
        tags: ['group-runs'],
        summary: 'The host edits an active run that has not started; participants are mailed when time, place or distance change',
        params: idParams,
        body: groupRunPatchBodySchema,
        response: { 200: groupRunChangeSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const patch = parse(groupRunPatchSchema(), request.body);
      const groupRun = await updateGroupRun(db, mail, request.params.id, user, patch, config.publicUrl);
      cache.changedHere();
      return { message: groupRunMessages.updated, groupRun };
    },
  );

  r.delete(
    '/api/group-runs/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['group-runs'],
        summary: "The host cancels the run: status 'dibatalkan' (kept, so participants see it), every participant is mailed",
        params: idParams,
        response: { 200: groupRunChangeSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const groupRun = await cancelGroupRun(db, mail, request.params.id, user, config.publicUrl);
      cache.changedHere();
      return { message: groupRunMessages.canceled, groupRun };
    },
  );

  r.post(
    '/api/group-runs/:id/join',
    {
      onRequest: signedIn,
      schema: {
        tags: ['group-runs'],
        summary: 'Join a run (not its host); refused when full, canceled or started; the meeting details are mailed',
        params: idParams,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await joinGroupRun(db, mail, request.params.id, user, config.publicUrl);
      cache.changedHere();
      return { message: groupRunMessages.joined };
    },
  );

  r.delete(
    '/api/group-runs/:id/join',
    {
      onRequest: signedIn,
      schema: { tags: ['group-runs'], summary: 'Leave a run (harmless when not in it)', params: idParams, response: { 200: message, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      await leaveGroupRun(db, request.params.id, user);
      cache.changedHere();
      return { message: groupRunMessages.left };
    },
  );

  r.delete(
    '/api/group-runs/:id/participants/:userId',
    {
      onRequest: signedIn,
      schema: {
        tags: ['group-runs'],
        summary: 'The host removes a participant (who is mailed)',
        params: groupRunParticipantParamsSchema,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await removeGroupRunParticipant(db, mail, request.params.id, user, request.params.userId, config.publicUrl);
      cache.changedHere();
      return { message: groupRunMessages.removed };
    },
  );

  r.post(
    '/api/group-runs/:id/report',
    {
      onRequest: signedIn,
      ...parsedByHandler,
      config: { rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `group-run-report:${request.auth?.user.id ?? request.ip}` } },
      schema: {
        tags: ['group-runs'],
        summary: 'Report an abusive run to the admins (once per runner; not your own)',
        params: idParams,
        body: groupRunReportSchema,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { reason } = parse(groupRunReportSchema, request.body);
      await reportGroupRun(db, request.params.id, user, reason);
      return { message: groupRunMessages.reported };
    },
  );

  r.get(
    '/api/admin/group-runs',
    {
      onRequest: allowRoles('admin'),
      schema: {
        tags: ['group-runs'],
        summary: 'Reported group runs (most reported first) or hidden ones, with their reports',
        querystring: adminGroupRunListQuerySchema,
        response: { 200: adminGroupRunListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { groupRuns: await listForReview(db, request.query.status) };
    },
  );

  r.patch(
    '/api/admin/group-runs/:id',
    {
      onRequest: allowRoles('admin'),
      schema: {
        tags: ['group-runs'],
        summary: 'Hide a run from everyone but its host, or show it again',
        params: idParams,
        body: groupRunVisibilitySchema,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      await setGroupRunHidden(db, request.params.id, request.body.hidden);
      cache.changedHere();
      return { message: request.body.hidden ? groupRunMessages.hidden : groupRunMessages.shown };
    },
  );
}
