import '../domain/shared/zod-locale';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { IdentityProvider } from './adapters/auth/google-oidc';
import type { Mailer } from './adapters/mail/port';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { adminRoutes } from './features/users/routes.admin';
import { authRoutes } from './features/auth/routes';
import { calendarFeedRoutes } from './features/training-plan/routes.calendar-feed';
import { adminEventRoutes, eventRoutes } from './features/events/routes';
import { healthRoutes } from './features/health/routes';
import { publicSiteRoutes } from './features/public-site/routes';
import { ledgerAdminRoutes } from './features/payments/routes.ledger';
import { paymentsPlugin } from './features/payments/routes';
import type { PaymentService } from './features/payments/service';
import { mailOutboxRoutes } from './features/mail-outbox/routes';
import { registrationPublicRoutes } from './features/registrations/public/routes';
import { selfManagedPaymentRoutes } from './features/registrations/self-managed/routes';
import { organizerRegistrationRoutes } from './features/registrations/management/routes.runner-data';
import { runnerRegistrationRoutes } from './features/registrations/public/routes.runner';
import { registrationManagementRoutes } from './features/registrations/management/routes';
import { devTrainingPlanRoutes } from './features/training-plan/routes.dev';
import { devCoachingRoutes } from './features/coaching/routes.dev';
import { devCoachPurchaseRoutes } from './features/coaching/routes.dev-purchase';
import { coachPaymentRoutes } from './features/coaching/routes.payments';
import { coachAdminRoutes } from './features/coaching/routes.admin';
import { connectionRoutes } from './features/coaching/routes.connections';
import { runnerPlanRoutes } from './features/coaching/routes.runner-plans';
import type { ScheduleReaderPort } from './adapters/schedule/port';
import { coachProfileRoutes } from './features/coaching/routes.profiles';
import { coachPageMeta } from './features/coaching/service.profiles';
import { sharePagesPlugin } from './features/public-site/page-meta';
import { trainingPlanRoutes } from './features/training-plan/routes';
import { uploadRoutes } from './features/uploads/routes';
import { adminSubscriptionRoutes, subscriptionRoutes } from './features/subscriptions/routes';
import { aiCoachRoutes } from './features/ai-coach/routes';
import { activityRoutes } from './features/activities/routes';
import { eventCalendarRoutes } from './features/event-calendar/routes';
import { calendarPageMeta } from './features/event-calendar/service';
import { groupRunRoutes } from './features/group-runs/routes';
import { groupRunPageMeta } from './features/group-runs/service';
import { eventListPageMeta, registerPageMeta } from './features/events/service';
import type { AiCoachPort } from './adapters/ai/port';
import type { StravaApiPort } from './adapters/strava/port';
import { stravaRoutes } from './features/strava/routes';
import { stravaWebhookRoutes } from './features/strava/routes.webhook';
import { stravaActivityRoutes } from './features/strava/routes.activities';
import type { StoragePort } from './adapters/storage/port';
import { authPlugin } from './plugins/auth';
import { authenticateAccessToken } from './features/auth/tokens';
import { rateLimitKey } from './plugins/client-address';
import { errorsPlugin } from './plugins/errors';
import { AppError } from './app-error';
import { DEFAULT_BODY_LIMIT, inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { jobRegistry } from './jobs/registry';
import { createAdapters, createServices, rateLimitStore } from './wiring';

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

/** A feature's routes as a named plugin that still keeps its own scope, with what it needs declared. */
function feature<Options extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<Options>, dependencies: string[]) {
  return fp(plugin, { name, dependencies, encapsulate: true });
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole server: plugins in a fixed order, then feature routes, then the web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Fastify 5 types (and runtime) take no hop count; as a function it means "trust the first n hops".
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // A schema whose refinement throws on input it did not expect (a null where an object belongs)
  // has found invalid input, not a server fault: answer 400, and log it so the schema gets fixed.
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => {
      try {
        return validate(data);
      } catch (err) {
        app.log.error({ err, url: route.url, method: route.method }, 'request schema threw while validating');
        return { error: new AppError('invalid', 'Data tidak valid.', 'VALIDATION_ERROR') };
      }
    };
  });
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
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
  const adapters = createAdapters(config, db, app.log, { identity: deps.identity, storage: deps.storage, ...(deps.ai ? { ai: deps.ai } : {}), ...(deps.schedule ? { schedule: deps.schedule } : {}), ...(deps.strava !== undefined ? { strava: deps.strava } : {}) });
  const services = createServices(config, db, app.log, adapters);
  const jobs = createJobRunner({ db, log: app.log, jobs: jobRegistry(config, db, services), pollMs: config.jobsPollSeconds * 1000 });
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

  // Features: each declares the plugins it needs; avvio refuses to boot if one is missing or later.
  const needs = ['errors', 'input-guard', 'auth', '@fastify/rate-limit', '@fastify/swagger'];
  const { payments, mail, storage, identity } = services;
  await app.register(feature('health', healthRoutes, ['errors', '@fastify/swagger']), { database });
  await app.register(feature('auth-routes', authRoutes, needs), { db, config, identity });
  await app.register(feature('users-admin', adminRoutes, needs), { db });
  await app.register(feature('payments', paymentsPlugin, needs), { db, config, payments });
  await app.register(feature('payments-ledger', ledgerAdminRoutes, needs), { db });
  await app.register(feature('registrations-public', registrationPublicRoutes, needs), { db, config, payments, mail });
  await app.register(feature('registrations-self-managed', selfManagedPaymentRoutes, needs), { db, config, storage, mail });
  await app.register(feature('registrations-organizer', organizerRegistrationRoutes, needs), { db });
  await app.register(feature('registrations-runner', runnerRegistrationRoutes, needs), { db, keySecret: config.jwtSecret });
  await app.register(feature('registrations-management', registrationManagementRoutes, needs), { db, config, payments, mail });
  await app.register(feature('mail-outbox', mailOutboxRoutes, needs), { db });
  await app.register(feature('training-plan', trainingPlanRoutes, needs), { db, now: deps.now });
  if (config.devLogin) await app.register(feature('training-plan-dev', devTrainingPlanRoutes, needs), { db });
  if (config.devLogin) await app.register(feature('coaching-dev', devCoachingRoutes, needs), { db });
  if (config.devLogin) await app.register(feature('coaching-dev-purchase', devCoachPurchaseRoutes, needs), { db });
  await app.register(feature('training-plan-feed', calendarFeedRoutes, needs), { db, config });
  await app.register(feature('events', eventRoutes, needs), { db, config });
  await app.register(feature('events-admin', adminEventRoutes, needs), { db, config });
  await app.register(feature('uploads', uploadRoutes, needs), { db, storage });
  await app.register(feature('subscriptions', subscriptionRoutes, needs), { db, payments, config });
  await app.register(feature('subscriptions-admin', adminSubscriptionRoutes, needs), { db });
  await app.register(feature('coaching-payment', coachPaymentRoutes, needs), { db, payments, config });
  await app.register(feature('coaching-admin', coachAdminRoutes, needs), { db, storage });
  await app.register(feature('ai-coach', aiCoachRoutes, needs), { coach: services.ai, config });
  await app.register(feature('activities', activityRoutes, needs));
  await app.register(feature('event-calendar', eventCalendarRoutes, needs), { db, config, mail });
  await app.register(feature('group-runs', groupRunRoutes, needs), { db, config, mail });
  await app.register(feature('coaching-connections', connectionRoutes, needs), { db, mail, config });
  await app.register(feature('coaching-runner-plans', runnerPlanRoutes, needs), { db, config, ai: services.ai, schedule: adapters.schedule, now: deps.now });
  await app.register(feature('coaching-profile', coachProfileRoutes, needs), { db, config, storage });
  await app.register(feature('strava', stravaRoutes, needs), { db, config, strava: services.strava, jobs, now: deps.now });
  await app.register(feature('strava-webhook', stravaWebhookRoutes, needs), { db, config, jobs, now: deps.now });
  await app.register(feature('strava-activities', stravaActivityRoutes, needs), { db, config, jobs, now: deps.now });
  await app.register(feature('public-site', publicSiteRoutes, ['errors']), { db, config });
  // Shared pages whose link previews need their own Open Graph tags in the served HTML. The public
  // pages (issue 12 item 5) also get their chunks, the lazy TanStack Query layout they render in,
  // and their first call loaded with the HTML.
  // The register page checks the event's answer with its zod/mini schema (a dynamic import in
  // registrations-api.ts) before it draws anything: preloaded too, or its ~19 KB start after the page's chunk.
  const withQueryLayout = (...pageModules: string[]) => ['app/query-layout.tsx', ...pageModules];
  await app.register(feature('share-pages', sharePagesPlugin, ['errors']), {
    config,
    pages: [
      { route: '/coaching/:uniquelink', meta: ({ uniquelink }) => coachPageMeta(db, uniquelink ?? ''), modules: withQueryLayout('features/coaching/public-page/public-coach-page.tsx') },
      { route: '/buddy/:id', meta: ({ id }) => groupRunPageMeta(db, id ?? ''), modules: withQueryLayout('features/group-runs/buddy-detail-page.tsx') },
      { route: '/register/:code', meta: ({ code }) => registerPageMeta(db, code ?? ''), modules: withQueryLayout('features/registrations/public/register-page.tsx', '../domain/events/registration-event-contract.ts') },
      { route: '/registration', meta: () => eventListPageMeta(), modules: withQueryLayout('features/registrations/public/registration-list-page.tsx') },
      { route: '/calendar', meta: (_, query) => calendarPageMeta(query), modules: withQueryLayout('features/event-calendar/calendar-page.tsx') },
      { route: '/coaching', meta: async () => null, modules: withQueryLayout('features/public-site/coaching-page.tsx') },
    ],
  });

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
