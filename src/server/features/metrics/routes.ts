import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { METRICS_PATH, metricsTextSchema } from '../../../domain/metrics/contract';
import { AppError, notFound } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { registerSharedStateMetrics } from './shared-state';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `Authorization: Bearer <token>` carries the configured token, compared in constant time. */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  // Both sides hashed first: equal lengths for timingSafeEqual, and the time says nothing of the token's length.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(expected)) && !!match;
}

export async function metricsRoutes(app: FastifyInstance, opts: { config: AppConfig; database: Database; jobs: JobRunner }) {
  const token = opts.config.metricsToken;
  const registry = app.metrics.registry;
  if (token && registry) {
    registerSharedStateMetrics(registry, { database: opts.database, jobNames: () => opts.jobs.definitions.keys(), smtp: !!opts.config.mail.smtpUrl });
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    METRICS_PATH,
    {
      schema: {
        tags: ['operations'],
        summary:
          'Prometheus metrics of this server (requests, latency, pool, jobs, payments, mail, rate limits, AI, public cache); `Authorization: Bearer $METRICS_TOKEN`; 404 while METRICS_TOKEN is unset',
        security: [{ metricsToken: [] }],
        response: { 200: metricsTextSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      // Off unless configured: the same answer as any address that does not exist.
      if (!token || !registry) throw notFound('Alamat tidak ditemukan.');
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated', 'Token metrik tidak valid.', 'UNAUTHORIZED');
      }
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    },
  );
}
