import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stravaActivitiesQuerySchema, stravaActivityListSchema, stravaActivityParamsSchema, stravaMessageSchema } from '../../../domain/strava/contract';
import { stravaMessages } from '../../../domain/strava/strava';
import { runSchema } from '../../../domain/training-plan/contract';
import { AppError, conflict } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { findStravaAccount, requestSync } from './service';
import { discardActivity, keepActivity, listActivities } from './service.sync';

export interface StravaActivityRoutesOptions {
  db: Db;
  config: AppConfig;
  jobs: Pick<JobRunner, 'enqueue' | 'definitions'>;
  now?: () => Date;
}

/**
 * The runner's synced Strava runs (issue 15 §2): 'Sinkronkan sekarang', and the runs of days without
 * a planned run, which the runner keeps in their own log or discards. Each runner sees and changes
 * only their own (another runner's id answers 404, as one that does not exist).
 */
export async function stravaActivityRoutes(app: FastifyInstance, { db, config, jobs, now = () => new Date() }: StravaActivityRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', signedIn);
  const tags = ['strava'];
  const errors = { 401: errorSchema, 404: errorSchema };
  const perUser = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `strava-${name}:${request.auth?.user.id ?? request.ip}`,
      errorResponseBuilder: () => new AppError('too_many', stravaMessages.syncBusy, 'STRAVA_SYNC_RATE_LIMITED'),
    },
  });

  r.post(
    '/api/strava/sync',
    {
      config: perUser('sync', 3),
      schema: {
        tags,
        summary: "'Sinkronkan sekarang': queues the sync of the caller's last 30 days of Strava runs (works without premium)",
        response: { 202: stravaMessageSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!config.strava) throw conflict(stravaMessages.notConfigured, 'STRAVA_NOT_CONFIGURED');
      if (!(await findStravaAccount(db, user.id))) throw conflict(stravaMessages.notConnected, 'STRAVA_NOT_CONNECTED');
      const queued = await requestSync(jobs, user.id, now());
      return reply.status(202).send({ message: queued ? stravaMessages.syncStarted : stravaMessages.syncBusy });
    },
  );

  r.get(
    '/api/strava/activities',
    {
      schema: {
        tags,
        summary: "The caller's own synced Strava runs of one status (default 'unplanned': waiting for keep or discard), newest first",
        querystring: stravaActivitiesQuerySchema,
        response: { 200: stravaActivityListSchema, ...errors, 400: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listActivities(db, requireUser(request).id, request.query.status) };
    },
  );

  r.post(
    '/api/strava/activities/:id/keep',
    {
      schema: {
        tags,
        summary: "'Simpan ke Log': an unplanned Strava run becomes a run of the caller's own log on its day (result 'manual'); answers the run",
        params: stravaActivityParamsSchema,
        response: { 200: runSchema, ...errors, 400: errorSchema },
      },
    },
    async (request) => keepActivity(db, requireUser(request), request.params.id),
  );

  r.post(
    '/api/strava/activities/:id/discard',
    {
      schema: {
        tags,
        summary: "'Buang': the caller does not want this unplanned Strava run; it stays discarded",
        params: stravaActivityParamsSchema,
        response: { 200: stravaMessageSchema, ...errors },
      },
    },
    async (request) => {
      await discardActivity(db, requireUser(request).id, request.params.id);
      return { message: stravaMessages.activityDiscarded };
    },
  );
}
