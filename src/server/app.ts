import '../domain/shared/zod-locale';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { IdentityProvider } from './adapters/auth/google-oidc';
import type { Mailer } from './adapters/mail/port';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { PaymentService } from './features/payments/service';
import type { ScheduleReaderPort } from './adapters/schedule/port';
import type { AiCoachPort } from './adapters/ai/port';
import type { StravaApiPort } from './adapters/strava/port';
import type { StoragePort } from './adapters/storage/port';
import { authPlugin } from './plugins/auth';
import { authenticateAccessToken } from './features/auth/tokens';
import { rateLimitKey } from './plugins/client-address';
import { errorsPlugin } from './plugins/errors';
import { guardedValidatorCompiler } from './plugins/validation';
import { DEFAULT_BODY_LIMIT, inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { baseLogOptions, genReqId, requestContextPlugin } from './plugins/request-context';
import { createMetrics, metricsPlugin } from './plugins/metrics';
import { observeAiCoach, observeScheduleReader } from './adapters/ai/observed';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { jobRegistry } from './job-registry';
import type { ServerFeature } from './feature-kit';
import { activitiesFeature } from './features/activities/plugin';
import { aiCoachFeature } from './features/ai-coach/plugin';
import { authFeature } from './features/auth/plugin';
import { coachingFeature } from './features/coaching/plugin';
import { eventCalendarFeature } from './features/event-calendar/plugin';
import { eventsFeature } from './features/events/plugin';
import { groupRunsFeature } from './features/group-runs/plugin';
import { healthFeature } from './features/health/plugin';
import { mailOutboxFeature } from './features/mail-outbox/plugin';
import { metricsFeature } from './features/metrics/plugin';
import { paymentsFeature } from './features/payments/plugin';
import { publicSiteFeature } from './features/public-site/plugin';
import { registrationsFeature } from './features/registrations/plugin';
import { stravaFeature } from './features/strava/plugin';
import { subscriptionsFeature } from './features/subscriptions/plugin';
import { trainingPlanFeature } from './features/training-plan/plugin';
import { uploadsFeature } from './features/uploads/plugin';
import { usersFeature } from './features/users/plugin';
import { createAdapters, createServices, rateLimitStore, type FeatureContext, type JobContext } from './wiring';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Tests may hand in their own identity provider; by default Google when configured. */
  identity?: IdentityProvider | null;
  /** Where uploads are kept; by default the local disk under `config.storageDir`. */
  storage?: StoragePort;
  /** Tests may hand in their own AI coach adapter; by default the wiring's choice. */
  ai?: AiCoachPort;
  /** Tests may hand in their own schedule reader; by default the wiring's choice. */
  schedule?: ScheduleReaderPort;
  /** Tests may hand in their own Strava port (null: not configured); by default the wiring's choice. */
  strava?: StravaApiPort | null;
  /** Pino options (level, stream, transport); the redaction and serializers of plugins/request-context.ts are always added. */
  logger?: boolean | object;
  /** The clock of date rules (e.g. no result logged on a day still to come); tests pin it. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment module (orders, fulfilment hooks, expiry); built in wiring.ts. */
    payments: PaymentService;
    /** The mail port: SMTP when `SMTP_URL` is set, otherwise the built-in outbox. */
    mail: Mailer;
    /** The durable job runner (src/server/jobs/runner.ts). */
    jobs: JobRunner;
  }
}

/**
 * The server's features, in the order their routes are registered: each is its `features/<f>/plugin.ts`
 * (routes, body limits, share pages, jobs), handed the context below and taking the part it declares.
 */
export const serverFeatures: readonly ServerFeature<FeatureContext, JobContext>[] = [
  healthFeature,
  metricsFeature,
  authFeature,
  usersFeature,
  paymentsFeature,
  registrationsFeature,
  mailOutboxFeature,
  trainingPlanFeature,
  eventsFeature,
  uploadsFeature,
  subscriptionsFeature,
  coachingFeature,
  aiCoachFeature,
  activitiesFeature,
  eventCalendarFeature,
  groupRunsFeature,
  stravaFeature,
  publicSiteFeature,
];

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole server: plugins in a fixed order, then feature routes, then the web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger ? { ...baseLogOptions(), ...(deps.logger === true ? {} : deps.logger) } : false,
    // A sane X-Request-Id of the caller (a proxy's, the mobile app's) is kept, otherwise a new UUID;
    // it is on every log line of the request as `requestId`, and echoed (plugins/request-context.ts).
    genReqId,
    requestIdHeader: false,
    // One line per request from request-context instead of Fastify's two, which carry the raw URL.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    // Fastify 5 types (and runtime) take no hop count; as a function it means "trust the first n hops".
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(guardedValidatorCompiler(app.log));
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await app.register(requestContextPlugin);
  const metrics = createMetrics(!!config.metricsToken);
  await app.register(metricsPlugin, { metrics });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin, { config });
  // Counters in PostgreSQL, or Redis when REDIS_URL is set (a limit must hold across every server,
  // not per process), keyed by the client's IPv4 address or IPv6 /64 (plugins/client-address.ts).
  const limits = rateLimitStore(config, db, app.log);
  app.addHook('onReady', () => limits.ready());
  app.addHook('onClose', () => limits.close());
  await app.register(fastifyRateLimit, { global: false, keyGenerator: rateLimitKey, ...limits.options });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Derap API', description: 'Dari pelari, untuk pelari.', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'derap_at' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (GET /metrics only)' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // App plugins.
  await app.register(authPlugin, { authenticate: (token) => authenticateAccessToken(db, config, token) });

  // Adapters, shared services and cross-feature hooks come from the wiring; background work is
  // the job runner's (src/server/jobs/). Tests reach them as app.payments, app.mail and app.jobs.
  const chosen = createAdapters(config, db, app.log, { identity: deps.identity, storage: deps.storage, ...(deps.ai ? { ai: deps.ai } : {}), ...(deps.schedule ? { schedule: deps.schedule } : {}), ...(deps.strava !== undefined ? { strava: deps.strava } : {}) });
  // AI calls are counted by adapter and result at the port, whoever calls it (only when metrics are on).
  const adapters = metrics.enabled
    ? {
        ...chosen,
        ai: observeAiCoach(chosen.ai, (operation, result) => metrics.aiCall(chosen.ai.name, operation, result)),
        schedule: observeScheduleReader(chosen.schedule, (operation, result) => metrics.aiCall(chosen.schedule.name, operation, result)),
      }
    : chosen;
  const services = createServices(config, db, app.log, adapters);
  const context: JobContext = { config, database, db, ...services, schedule: adapters.schedule, now: deps.now };
  const jobs = createJobRunner({ db, log: app.log, jobs: jobRegistry(serverFeatures, context), pollMs: config.jobsPollSeconds * 1000 });
  app.decorate('payments', services.payments);
  app.decorate('mail', services.mail);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await services.mail.close();
    await adapters.ai.close?.();
    await adapters.schedule.close?.();
    adapters.storage.close?.();
  });

  // Features: each route group declares the plugins it needs; avvio refuses to boot if one is missing or later.
  for (const { plugin } of serverFeatures) await app.register(plugin, { ...context, jobs });

  // The built web app; any non-API path returns index.html so client routes survive a reload.
  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        // The page names the current build's assets: always revalidated, so a deploy shows at once.
        else if (filePath.endsWith('index.html') || filePath.endsWith('index.html.br') || filePath.endsWith('index.html.gz')) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (!hasWeb) {
        return reply.status(503).type('text/plain; charset=utf-8').send('Aplikasi web belum dibangun: jalankan `npm run build`.');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Alamat API tidak ditemukan.', code: 'NOT_FOUND' });
  });

  return app;
}
