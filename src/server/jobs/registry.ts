import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { runPlanEvaluations } from '../features/ai-coach/service.evaluation';
import { pruneAiCoachData } from '../features/ai-coach/service';
import { pruneSessions } from '../features/auth/service';
import { CANCEL_EVENT_JOB, runEventCancellation, sweepRegistrations, sweepWaitingList, WAITING_LIST_JOB } from '../features/registrations/service';
import { runSubscriptionLifecycle } from '../features/subscriptions/service';
import { pruneRateLimitHits } from '../plugins/rate-limit-store';
import { runStravaEvent, runStravaPending, runStravaSync, STRAVA_EVENT_JOB, STRAVA_PENDING_JOB, STRAVA_SYNC_JOB } from '../features/strava/service.sync';
import type { Services } from '../wiring';
import type { JobDefinition } from './runner';
import { pruneFinishedJobs } from './upkeep';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every named background job, in one list: what runs, how often. Each calls one plain exported
 * function of its feature (or port), which is tested on its own and safe to run twice.
 */
export function jobRegistry(config: AppConfig, db: Db, services: Services): JobDefinition[] {
  const sweep = config.paymentExpirySweepSeconds * 1000;
  const list: JobDefinition[] = [
    { name: 'rate-limits.prune', every: 10 * MINUTE, run: ({ now }) => pruneRateLimitHits(db, now) },
    { name: 'jobs.prune', every: 6 * HOUR, run: ({ now }) => pruneFinishedJobs(db, now) },
    // Expired refresh tokens and the sessions they leave empty or revoked long ago (decision 001).
    { name: 'auth.prune-sessions', every: 6 * HOUR, run: ({ now }) => pruneSessions(db, now) },
    // Periods that ended lapse (past_due, then none after the grace days); reminders 3 days before the end.
    // AI drafts nobody saved within a day, and the daily AI quota's past days.
    { name: 'ai-coach.prune', every: 6 * HOUR, run: ({ now }) => pruneAiCoachData(db, now) },
    // Each AI plan's two-weekly re-evaluation: hourly, so a runner is evaluated soon after their day
    // comes (one indexed query when nobody is due).
    { name: 'ai-coach.evaluate-plans', every: HOUR, run: ({ now, log }) => runPlanEvaluations({ db, log }, now) },
    { name: 'subscriptions.lifecycle', every: 5 * MINUTE, run: ({ now }) => runSubscriptionLifecycle({ db, mail: services.mail, publicUrl: config.publicUrl }, now) },
    // One per canceled event (keyed by the event): refunds, the manual list and the notice mails,
    // one registration per transaction; a refund the gateway refuses fails the run, which retries
    // with backoff and continues where it stopped (decision 021). A long lease: a big event's
    // refunds are many gateway calls, and a second server taking over early would only repeat work.
    {
      name: CANCEL_EVENT_JOB,
      maxAttempts: 12,
      leaseMs: 30 * MINUTE,
      run: ({ payload, log }) =>
        runEventCancellation({ db, payments: services.payments, mail: services.mail, publicUrl: config.publicUrl, log }, String(payload.eventRef ?? '')),
    },
  ];
  // PAYMENT_EXPIRY_SWEEP_SECONDS=0 keeps the sweeps off (tests run them by hand).
  if (sweep > 0) {
    list.push(
      // Unpaid orders past their time expire (the gateway asked first) and free what they held.
      { name: 'payments.expire-orders', every: sweep, run: ({ now }) => services.payments.expireStaleOrders(now) },
      { name: 'payments.prune-rejections', every: HOUR, run: ({ now }) => services.payments.pruneRejectedNotifications(now) },
      // Self-managed holds that ended, their reminders, spent attempt windows and challenges.
      {
        name: 'registrations.sweep',
        every: sweep,
        run: ({ now }) => sweepRegistrations({ db, mail: services.mail, publicUrl: config.publicUrl, keySecret: config.jwtSecret }, config.selfManagedReminderHours, now),
      },
      // 'Daftar Tunggu': unclaimed offers lapse and pass on, new offers get their mail and 30 minutes (decision 033).
      { name: WAITING_LIST_JOB, every: sweep, run: ({ now }) => sweepWaitingList({ db, mail: services.mail, publicUrl: config.publicUrl }, now) },
    );
  }
  // Strava (when configured): one job per athlete whose webhook events wait (coalesced, issue 26 §7)
  // and one per 'Sinkronkan sekarang'; 'strava.event' only moves rows queued by older releases into
  // their runner's wait. A spent request budget (shared, or the athlete's share) puts a job back to
  // the window's end without using an attempt (RetryAt), so a burst is processed across windows.
  if (config.strava && services.strava) {
    const strava = { db, config: config.strava, strava: services.strava };
    list.push(
      { name: STRAVA_PENDING_JOB, maxAttempts: 8, leaseMs: 15 * MINUTE, run: ({ payload, now, log }) => runStravaPending({ ...strava, log }, String(payload.userId ?? ''), now) },
      { name: STRAVA_EVENT_JOB, maxAttempts: 8, run: ({ payload, now, log }) => runStravaEvent({ ...strava, log }, payload, now) },
      { name: STRAVA_SYNC_JOB, maxAttempts: 8, leaseMs: 15 * MINUTE, run: ({ payload, now, log }) => runStravaSync({ ...strava, log }, String(payload.userId ?? ''), now) },
    );
  }
  // SMTP: mail queued by a transaction that committed after its kick goes out within the half minute.
  if (services.mail.name === 'smtp') list.push({ name: 'mail.flush', every: 30_000, run: () => services.mail.flush() });
  return list;
}
