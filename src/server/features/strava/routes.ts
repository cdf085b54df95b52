import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stravaCallbackQuerySchema, stravaMessageSchema, stravaStatusSchema } from '../../../domain/strava/contract';
import { STRAVA_SCOPE, stravaMessages, type StravaReturn } from '../../../domain/strava/strava';
import { StravaUnauthorized, type StravaApiPort } from '../../adapters/strava/port';
import { AppError, conflict } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { requireUser, signedIn } from '../../plugins/auth';
import { rateLimitKey } from '../../plugins/client-address';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import {
  accessTokenFor,
  checkConnectState,
  createConnectState,
  findStravaAccount,
  forgetStravaData,
  grantsActivityRead,
  requestSync,
  storeLink,
  stravaStatus,
} from './service';

export interface StravaRoutesOptions {
  db: Db;
  config: AppConfig;
  /** The budgeted Strava port; null when this server has no STRAVA_* config. */
  strava: StravaApiPort | null;
  jobs: Pick<JobRunner, 'enqueue' | 'definitions'>;
  now?: () => Date;
}

export const STRAVA_CALLBACK_PATH = '/api/strava/callback';
const SETTINGS = '/dashboard?view=pengaturan';

/** Where Pengaturan Profil shows the outcome of a connect (the web app reads `strava=`). */
const settingsWith = (flag: Exclude<StravaReturn, 'connected'>) => `${SETTINGS}&strava=${flag}`;


/**
 * Linking a runner's Strava account (issue 15 §1; spec runner-and-coach §2, §7): status, the OAuth
 * connect and callback (browser navigations that end on Pengaturan Profil), and disconnect, which
 * deauthorizes at Strava before anything is deleted.
 */
export async function stravaRoutes(app: FastifyInstance, { db, config, strava, jobs, now = () => new Date() }: StravaRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perUser = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `strava-${name}:${request.auth?.user.id ?? rateLimitKey(request)}`,
      errorResponseBuilder: () => new AppError('too_many', 'Terlalu banyak permintaan. Silakan coba lagi sebentar lagi.', 'STRAVA_RATE_LIMITED'),
    },
  });
  const stravaConfig = config.strava;
  const redirectUri = `${config.publicUrl}${STRAVA_CALLBACK_PATH}`;
  // A navigation without a session goes to the login page, which brings the runner back to the settings.
  const toLogin = (reply: FastifyReply) => reply.redirect(`/login?next=${encodeURIComponent(SETTINGS)}`);

  r.get(
    '/api/strava/status',
    {
      onRequest: signedIn,
      schema: {
        tags: ['strava'],
        summary: 'Whether Strava is configured here and linked for the caller; autoSync when the subscription is active or trialing',
        response: { 200: stravaStatusSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stravaStatus(db, config, requireUser(request), now());
    },
  );

  r.get(
    '/api/strava/connect',
    {
      config: perUser('connect', 30),
      schema: {
        tags: ['strava'],
        summary: "Browser navigation: to Strava's consent page (scope activity:read_all) with a state bound to the signed-in user",
      },
    },
    async (request, reply) => {
      if (!request.auth) return toLogin(reply);
      if (!strava || !stravaConfig) return reply.redirect(settingsWith('unconfigured'));
      const state = await createConnectState(db, config.jwtSecret, request.auth.user.id, now());
      reply.header('cache-control', 'no-store');
      return reply.redirect(strava.authorizeUrl({ redirectUri, state, scope: STRAVA_SCOPE }));
    },
  );

  r.get(
    STRAVA_CALLBACK_PATH,
    {
      config: perUser('callback', 30),
      schema: {
        tags: ['strava'],
        summary: "Strava's redirect after consent: checks the state, stores the link (sealed tokens), queues a sync, then back to the dashboard",
        querystring: stravaCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      if (!request.auth) return toLogin(reply);
      if (!strava || !stravaConfig) return reply.redirect(settingsWith('unconfigured'));
      const userId = request.auth.user.id;
      const { code, state, scope, error } = request.query;
      if (!state || !(await checkConnectState(db, config.jwtSecret, userId, state, now()))) return reply.redirect(settingsWith('invalid'));
      if (error) return reply.redirect(settingsWith(error === 'access_denied' ? 'denied' : 'failed'));
      if (!grantsActivityRead(scope, STRAVA_SCOPE)) return reply.redirect(settingsWith('scope'));
      if (!code) return reply.redirect(settingsWith('invalid'));
      let outcome;
      try {
        const grant = await strava.exchangeCode(code);
        outcome = await storeLink(db, stravaConfig, userId, { ...grant, scope: scope ?? grant.scope }, now());
      } catch (err) {
        request.log.warn({ err }, 'strava: connect failed');
        return reply.redirect(settingsWith('failed'));
      }
      if (outcome === 'taken') return reply.redirect(settingsWith('taken'));
      await requestSync(jobs, userId, now()).catch((err: unknown) => request.log.error({ err }, 'strava: could not queue the first sync'));
      return reply.redirect('/dashboard?strava=connected');
    },
  );

  r.post(
    '/api/strava/disconnect',
    {
      onRequest: signedIn,
      config: perUser('disconnect', 10),
      schema: {
        tags: ['strava'],
        summary: 'Deauthorizes Derap at Strava, then deletes the tokens and every Strava-derived data (results the runner kept stay)',
        response: { 200: stravaMessageSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema, 502: errorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const account = await findStravaAccount(db, user.id);
      if (!account) throw conflict(stravaMessages.notConnected, 'STRAVA_NOT_CONNECTED');
      // Without Strava config nothing can be revoked there; the data is still the runner's to delete.
      if (strava && stravaConfig) {
        try {
          const token = await accessTokenFor({ db, config: stravaConfig, strava }, user.id, now());
          await strava.deauthorize(token);
        } catch (err) {
          // Already revoked at Strava (or the refresh refused): nothing left there to undo.
          if (!(err instanceof StravaUnauthorized)) {
            request.log.warn({ err }, 'strava: deauthorize failed, nothing deleted');
            throw new AppError('gateway', stravaMessages.disconnectFailed, 'STRAVA_DISCONNECT_FAILED');
          }
        }
      }
      await forgetStravaData(db, user.id);
      return { message: stravaMessages.disconnected };
    },
  );
}
