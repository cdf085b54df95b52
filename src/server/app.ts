import '../domain/zod-locale';
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
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { calendarFeedRoutes } from './features/calendar-feed/routes';
import { adminEventRoutes, eventRoutes } from './features/events/routes';
import { healthRoutes } from './features/health/routes';
import { paymentsPlugin } from './features/payments/routes';
import { mailOutboxRoutes } from './features/mail-outbox/routes';
import { registrationPublicRoutes } from './features/registrations/public-routes';
import { mailPlugin } from './adapters/mail/mailer';
import { organizerRegistrationRoutes } from './features/registrations/organizer-routes';
import { devTrainingPlanRoutes } from './features/training-plans/dev-routes';
import { trainingPlanRoutes } from './features/training-plans/routes';
import { uploadRoutes } from './features/uploads/routes';
import { createLocalDiskStorage } from './adapters/storage/local-disk';
import type { StoragePort } from './adapters/storage/port';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';

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
    bodyLimit: 12 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });

  // External plugins.
  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
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
  await app.register(authPlugin, { db: database.db, config });

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
  await app.register(mailOutboxRoutes, { db: database.db });
  await app.register(trainingPlanRoutes, { db: database.db });
  if (config.devLogin) await app.register(devTrainingPlanRoutes, { db: database.db });
  await app.register(calendarFeedRoutes, { db: database.db, config });
  await app.register(eventRoutes, { db: database.db });
  await app.register(adminEventRoutes, { db: database.db });
  const storage = deps.storage ?? createLocalDiskStorage({ root: config.storageDir, publicBaseUrl: config.publicUrl });
  await app.register(uploadRoutes, { db: database.db, storage });
  await app.register(organizerRegistrationRoutes, { db: database.db });

  // The built web app; any non-API path returns index.html so client routes survive a reload.
  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
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
