import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stravaEventSchema, stravaMessageSchema, stravaWebhookChallengeSchema, stravaWebhookValidationQuerySchema } from '../../../domain/strava/contract';
import { forbidden, notFound } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { acceptStravaEvent, STRAVA_PENDING_JOB } from './service.sync';

export interface StravaWebhookRoutesOptions {
  db: Db;
  config: AppConfig;
  jobs: Pick<JobRunner, 'enqueue' | 'definitions'>;
  now?: () => Date;
}

export const STRAVA_WEBHOOK_PATH = '/api/strava/webhook';
/**
 * Events per minute from one address (IPv6 by /64). Strava posts from a few addresses, a busy
 * morning is a few events a second at most; a flood beyond this from one address is answered 429.
 */
export const WEBHOOK_RATE_LIMIT_PER_MINUTE = 600;

/** Strava's webhook events are a few hundred bytes; anyone may post to it. */
const WEBHOOK_BODY_LIMIT = 4 * 1024;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Strava's webhook (issue 15 §2; https://developers.strava.com/docs/webhooks/): the subscription's
 * validation, and events. Strava wants an answer within 2 seconds, so an event is only checked and
 * joins its runner's wait here (one durable job per athlete however many events: issue 26 §7) and
 * never calls Strava; the job does the work (service.sync.ts). Strava has no signature on events:
 * another subscription's are ignored, one address is limited per minute, and the job reads
 * everything back from Strava with the runner's own token, so a forged event can change nothing
 * Strava does not confirm and costs at most the athlete's share of reads. Without STRAVA_* config
 * both answer 404.
 */
export async function stravaWebhookRoutes(app: FastifyInstance, { db, config, jobs, now = () => new Date() }: StravaWebhookRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['strava'];
  // Before the body is read or validated: a server without Strava (or without its jobs) has no webhook at all.
  r.addHook('onRequest', async () => {
    if (!config.strava || !jobs.definitions.has(STRAVA_PENDING_JOB)) throw notFound('Alamat API tidak ditemukan.');
  });

  r.get(
    STRAVA_WEBHOOK_PATH,
    {
      schema: {
        tags,
        summary: "Strava's subscription validation: echoes hub.challenge when hub.mode=subscribe and hub.verify_token is STRAVA_WEBHOOK_VERIFY_TOKEN",
        querystring: stravaWebhookValidationQuerySchema,
        response: { 200: stravaWebhookChallengeSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const token = config.strava!.webhookVerifyToken;
      if (q['hub.mode'] !== 'subscribe' || !q['hub.verify_token'] || !sameSecret(q['hub.verify_token'], token) || q['hub.challenge'] === undefined) {
        throw forbidden('Token verifikasi webhook Strava tidak cocok.');
      }
      return { 'hub.challenge': q['hub.challenge'] };
    },
  );

  r.post(
    STRAVA_WEBHOOK_PATH,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Strava's event (activity create/update/delete, athlete deauthorization): acknowledged at once and processed by a durable job",
        body: stravaEventSchema,
        response: { 200: stravaMessageSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: WEBHOOK_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => {
      const outcome = await acceptStravaEvent(db, jobs, config.strava!, request.body, now());
      if (outcome !== 'queued') request.log.debug({ outcome, event: request.body.object_type }, 'strava: webhook event not queued');
      return { message: 'ok' };
    },
  );
}
