import type { FastifyBaseLogger } from 'fastify';
import { createBuiltInCoach } from './adapters/ai/built-in';
import { createGeminiCoach } from './adapters/ai/gemini';
import type { AiCoachPort } from './adapters/ai/port';
import { createGoogleOidc, type IdentityProvider } from './adapters/auth/google-oidc';
import { createOutboxMailer } from './adapters/mail/outbox';
import type { Mailer } from './adapters/mail/port';
import { createSmtpMailer, createSmtpTransport } from './adapters/mail/smtp';
import { createMidtransGateway } from './adapters/payments/midtrans';
import type { PaymentGateway } from './adapters/payments/port';
import { createSandboxGateway, sandboxKey } from './adapters/payments/sandbox';
import type { FastifyRateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { createLocalDiskStorage } from './adapters/storage/local-disk';
import { createS3Storage } from './adapters/storage/s3';
import type { StoragePort } from './adapters/storage/port';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { JobRunner } from './jobs/runner';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { NOTIFICATION_PATH, createPaymentService, type PaymentService } from './features/payments/service';
import { registerRegistrationPaymentHooks } from './features/registrations/service';
import { registerSubscriptionPaymentHooks } from './features/subscriptions/service';
import { registerCoachingPaymentHooks } from './features/coaching/service.purchases';
import { createAiCoachService, type AiCoachService } from './features/ai-coach/service';
import { createBuiltInScheduleReader } from './adapters/schedule/built-in';
import { createGeminiScheduleReader } from './adapters/schedule/gemini';
import type { ScheduleReaderPort } from './adapters/schedule/port';
import { createStravaHttp } from './adapters/strava/http';
import type { StravaApiPort } from './adapters/strava/port';
import { createBudgetedStrava, createStravaBudget } from './features/strava/budget';

/**
 * The one place that decides which adapter serves each port (DESIGN.md §1.5: a real one from
 * config, the built-in one by default), builds the services features share, and connects
 * features to one another (payment hooks). Features receive what they need from here as plugin
 * options; none of them picks an adapter or reaches for another feature's internals.
 */

export interface Adapters {
  gateway: PaymentGateway;
  mailer: Mailer;
  storage: StoragePort;
  /** Google sign-in when configured; null means the development sign-in (or none). */
  identity: IdentityProvider | null;
  /** The AI coach: the built-in engine unless GEMINI_API_KEY is set. */
  ai: AiCoachPort & { close?(): Promise<void> };
  /** Reading coaches' schedule files: the built-in reader unless GEMINI_API_KEY is set. */
  schedule: ScheduleReaderPort;
  /**
   * Strava behind the shared request budget when STRAVA_* is set; null otherwise (activity files
   * are then the way in, decision 027).
   */
  strava: StravaApiPort | null;
}

export function createAdapters(config: AppConfig, db: Db, log: FastifyBaseLogger, overrides: Partial<Adapters> = {}): Adapters {
  return {
    gateway: overrides.gateway ?? paymentGateway(config, db),
    mailer: overrides.mailer ?? mailer(config, db, log),
    storage: overrides.storage ?? createStorage(config),
    ai: overrides.ai ?? aiCoach(config, log),
    schedule: overrides.schedule ?? scheduleReader(config, log),
    strava: overrides.strava !== undefined ? overrides.strava : stravaApi(config, db, log),
    identity:
      overrides.identity !== undefined
        ? overrides.identity
        : config.google
          ? createGoogleOidc({ ...config.google, allowInsecure: config.allowInsecureOidc })
          : null,
  };
}

/**
 * Uploaded files: an S3-compatible bucket when S3_BUCKET is set (shared by every server), otherwise
 * the local disk under STORAGE_DIR. The seed writes the demo images through it too.
 */
export function createStorage(config: AppConfig): StoragePort {
  if (config.s3) return createS3Storage(config.s3, { publicBaseUrl: config.publicUrl });
  return createLocalDiskStorage({ root: config.storageDir, publicBaseUrl: config.publicUrl });
}

/**
 * Where @fastify/rate-limit counts (decision 017): Redis when REDIS_URL is set (one round trip, no
 * database write per limited request), otherwise the PostgreSQL store. Both are shared by every
 * server; the plugin's own in-memory store never is, so it is not offered. While Redis cannot be
 * reached the limits are skipped (logged once per outage), so an outage of the counters never stops
 * registrations; the database rules against hoarding still hold.
 */
export function rateLimitStore(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
): { options: FastifyRateLimitOptions; ready(): Promise<void>; close(): Promise<void> } {
  if (!config.redis) return { options: { store: databaseRateLimitStore(db) }, ready: async () => {}, close: async () => {} };
  const redis = new Redis(config.redis.url, {
    // While disconnected a command fails at once (and the limit is skipped) instead of waiting in
    // ioredis's queue through reconnection attempts that back off to many seconds.
    enableOfflineQueue: false,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    // Named, so an operator (and the tests) can see which connections are this app's.
    connectionName: `${config.redis.keyPrefix}rate-limit`.replace(/\s/g, '_'),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err }, 'Redis for rate limits unreachable: limits are skipped until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis for rate limits reachable again');
    down = false;
  });
  return {
    options: { redis, nameSpace: `${config.redis.keyPrefix}rate-limit:`, skipOnError: true },
    /** Waits for the first connection (or its failure, at most the connect timeout), so the first requests are counted; a Redis that is down does not stop start-up. */
    ready: () =>
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              redis.off('ready', done);
              redis.off('error', done);
              resolve();
            };
            const timer = setTimeout(done, 5_000);
            redis.once('ready', done);
            redis.once('error', done);
          }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function paymentGateway(config: AppConfig, db: Db): PaymentGateway {
  if (config.midtrans) {
    // Midtrans can only reach a public https address; otherwise keep the dashboard's notification URL.
    const notificationUrl = config.publicUrl.startsWith('https://') ? `${config.publicUrl}${NOTIFICATION_PATH}` : null;
    return createMidtransGateway({ ...config.midtrans, notificationUrl });
  }
  // loadConfig refuses to start without Midtrans where the sandbox is not allowed; this is the last line.
  if (!config.sandboxPayments) throw new Error('the sandbox payment gateway is not allowed here (PUBLIC_URL https or production)');
  return createSandboxGateway({ publicUrl: config.publicUrl, key: sandboxKey(config.jwtSecret), db });
}

/** Gemini when GEMINI_API_KEY is set; otherwise the built-in coach (engine, rule-based chat, OCR). */
export function aiCoach(config: AppConfig, log: FastifyBaseLogger): AiCoachPort & { close?(): Promise<void> } {
  if (config.gemini) return createGeminiCoach({ ...config.gemini, log });
  return createBuiltInCoach();
}

/** Gemini reads schedule files when GEMINI_API_KEY is set; otherwise PDF text and OCR on this server. */
export function scheduleReader(config: AppConfig, log: FastifyBaseLogger): ScheduleReaderPort {
  if (config.gemini) return createGeminiScheduleReader({ ...config.gemini, log });
  return createBuiltInScheduleReader();
}

/** Strava's HTTP API when configured, every call counted against the budget all servers share. */
export function stravaApi(config: AppConfig, db: Db, log: FastifyBaseLogger): StravaApiPort | null {
  if (!config.strava) return null;
  const budget = createStravaBudget(db, config.strava.limits);
  const http = createStravaHttp(config.strava, {
    onResponse: (headers) => budget.observe(headers).catch((err: unknown) => log.warn({ err }, 'strava: could not record the rate-limit headers')),
  });
  return createBudgetedStrava(http, budget);
}

function mailer(config: AppConfig, db: Db, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, from } = config.mail;
  return smtpUrl ? createSmtpMailer({ db, transport: createSmtpTransport(smtpUrl), from, log }) : createOutboxMailer(db);
}

export interface Services {
  payments: PaymentService;
  mail: Mailer;
  storage: StoragePort;
  identity: IdentityProvider | null;
  ai: AiCoachService;
  /** The budgeted Strava port, or null without STRAVA_* config (the sync jobs use it). */
  strava: StravaApiPort | null;
}

/** The shared services, with every cross-feature hook connected. */
export function createServices(config: AppConfig, db: Db, log: FastifyBaseLogger, adapters: Adapters): Services {
  const payments = createPaymentService({ db, gateway: adapters.gateway, publicUrl: config.publicUrl, appSchemes: [config.mobileApp.scheme], log });
  // What a paid, expired or refunded order of each kind grants or takes back.
  registerRegistrationPaymentHooks(payments, adapters.mailer, log, { publicUrl: config.publicUrl, secret: config.jwtSecret });
  registerSubscriptionPaymentHooks(payments, adapters.mailer, config.publicUrl);
  registerCoachingPaymentHooks(payments, adapters.mailer, config.publicUrl);
  const ai = createAiCoachService({ db, ai: adapters.ai, log, limits: config.aiLimits });
  return { payments, mail: adapters.mailer, storage: adapters.storage, identity: adapters.identity, ai, strava: adapters.strava };
}

/** What the composition hands each feature's job factories: config, database and the shared services. */
export interface JobContext extends Services {
  config: AppConfig;
  database: Database;
  db: Db;
  /** Reading coaches' schedule files: the port itself (no service wraps it). */
  schedule: ScheduleReaderPort;
  /** The clock of date rules; tests pin it. */
  now?: () => Date;
}

/** What each feature's plugin is handed: the same, and the job runner to queue work on. */
export interface FeatureContext extends JobContext {
  jobs: JobRunner;
}
