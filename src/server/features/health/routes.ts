import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthDegradedSchema, healthOkSchema } from '../../../domain/health/contract';
import type { Database } from '../../db/client';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          200: healthOkSchema,
          503: healthDegradedSchema,
        },
      },
    },
    async (_request, reply) => {
      const reachable = await database.ping();
      const body = { database: { kind: database.kind, reachable } };
      return reachable ? { status: 'ok' as const, ...body } : reply.status(503).send({ status: 'degraded' as const, ...body });
    },
  );
}
