import type { StravaApiPort } from '../../adapters/strava/port';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import type { JobRunner } from '../../jobs/runner';
import { stravaActivityRoutes } from './routes.activities';
import { stravaRoutes } from './routes';
import { runStravaEvent, runStravaPending, runStravaSync, STRAVA_EVENT_JOB, STRAVA_PENDING_JOB, STRAVA_SYNC_JOB } from './service.sync';
import { stravaWebhookRoutes } from './routes.webhook';

const MINUTE = 60_000;

interface StravaJobDeps {
  db: Db;
  config: AppConfig;
  /** The budgeted Strava port; null without STRAVA_* config. */
  strava: StravaApiPort | null;
}

/** The sync's dependencies when Strava is configured; null otherwise (its jobs are then off). */
const configured = ({ db, config, strava }: StravaJobDeps) => (config.strava && strava ? { db, config: config.strava, strava } : null);

export const stravaFeature = serverFeature<StravaJobDeps & { jobs: JobRunner; now?: () => Date }, StravaJobDeps>({
  name: 'strava',
  plugin: async (app, { db, config, strava, jobs, now }) => {
    await app.register(routePlugin('strava', stravaRoutes), { db, config, strava, jobs, now });
    await app.register(routePlugin('strava-webhook', stravaWebhookRoutes), { db, config, jobs, now });
    await app.register(routePlugin('strava-activities', stravaActivityRoutes), { db, config, jobs, now });
  },
  // When configured: one job per athlete whose webhook events wait (coalesced, issue 26 §7) and one
  // per 'Sinkronkan sekarang'; 'strava.event' only moves rows queued by older releases into their
  // runner's wait. A spent request budget (shared, or the athlete's share) puts a job back to the
  // window's end without using an attempt (RetryAt), so a burst is processed across windows.
  jobs: [
    (deps) => {
      const sync = configured(deps);
      return sync && { name: STRAVA_PENDING_JOB, maxAttempts: 8, leaseMs: 15 * MINUTE, run: ({ payload, now, log }) => runStravaPending({ ...sync, log }, String(payload.userId ?? ''), now) };
    },
    (deps) => {
      const sync = configured(deps);
      return sync && { name: STRAVA_EVENT_JOB, maxAttempts: 8, run: ({ payload, now, log }) => runStravaEvent({ ...sync, log }, payload, now) };
    },
    (deps) => {
      const sync = configured(deps);
      return sync && { name: STRAVA_SYNC_JOB, maxAttempts: 8, leaseMs: 15 * MINUTE, run: ({ payload, now, log }) => runStravaSync({ ...sync, log }, String(payload.userId ?? ''), now) };
    },
  ],
});
