import '../domain/shared/zod-locale';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createGoogleOidc, type IdentityProvider } from './adapters/auth/google-oidc';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { adminRoutes } from './features/users/admin-routes';
import { authRoutes } from './features/auth/routes';
import { calendarFeedRoutes } from './features/training-plan/calendar-feed-routes';
import { adminEventRoutes, eventRoutes } from './features/events/routes';
import { healthRoutes } from './features/health/routes';
import { publicSiteRoutes } from './features/public-site/routes';
import { paymentsPlugin } from './features/payments/routes';
import { mailOutboxRoutes } from './features/mail-outbox/routes';
import { registrationPublicRoutes } from './features/registrations/public-routes';
import { selfManagedPaymentRoutes } from './features/registrations/self-managed-routes';
import { mailPlugin } from './adapters/mail/mailer';
import { organizerRegistrationRoutes } from './features/registrations/organizer-routes';
import { devTrainingPlanRoutes } from './features/training-plan/dev-routes';
import { trainingPlanRoutes } from './features/training-plan/routes';
import { uploadRoutes } from './features/uploads/routes';
import { createLocalDiskStorage } from './adapters/storage/local-disk';
import type { StoragePort } from './adapters/storage/port';
import { authPlugin } from './plugins/auth';
import { authenticateAccessToken } from './features/auth/tokens';
import { rateLimitKey } from './plugins/client-address';
import { errorsPlugin } from './plugins/errors';
import { AppError } from './app-error';
import { DEFAULT_BODY_LIMIT, inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { databaseRateLimitStore } from './plugins/rate-limit-store';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Tests may hand in their own identity provider; by default Google when configured. */
  identity?: IdentityProvider | null;
  /** Where uploads are kept; by default the local disk under `config.storageDir`. */
  storage?: StoragePort;
  logger?: boolean | object;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole server: plugins in a fixed order, then feature routes, then the web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
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
  // Counters in the database (a limit must hold across every server, not per process), keyed by
  // the client's IPv4 address or IPv6 /64 (see plugins/client-address.ts).
  await app.register(fastifyRateLimit, { global: false, keyGenerator: rateLimitKey, store: databaseRateLimitStore(database.db) });
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
  await app.register(authPlugin, { authenticate: (token) => authenticateAccessToken(database.db, config, token) });

  // Features.
  const identity =
    deps.identity !== undefined
      ? deps.identity
      : config.google
        ? createGoogleOidc({ ...config.google, allowInsecure: config.allowInsecureOidc })
        : null;
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db: database.db, config, identity });
  await app.register(adminRoutes, { db: database.db });
  await app.register(paymentsPlugin, { db: database.db, config });
  await app.register(mailPlugin, { db: database.db, config });
  await app.register(registrationPublicRoutes, { db: database.db, config });
  const storage = deps.storage ?? createLocalDiskStorage({ root: config.storageDir, publicBaseUrl: config.publicUrl });
  await app.register(selfManagedPaymentRoutes, { db: database.db, config, storage });
  await app.register(mailOutboxRoutes, { db: database.db });
  await app.register(trainingPlanRoutes, { db: database.db });
  if (config.devLogin) await app.register(devTrainingPlanRoutes, { db: database.db });
  await app.register(calendarFeedRoutes, { db: database.db, config });
  await app.register(eventRoutes, { db: database.db });
  await app.register(adminEventRoutes, { db: database.db });
  await app.register(uploadRoutes, { db: database.db, storage });
  await app.register(organizerRegistrationRoutes, { db: database.db });
  await app.register(publicSiteRoutes, { db: database.db, config });

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
