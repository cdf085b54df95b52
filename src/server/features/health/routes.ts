import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.object({ kind: z.string(), reachable: z.boolean() }) }),
          503: z.object({ status: z.literal('degraded'), database: z.object({ kind: z.string(), reachable: z.boolean() }) }),
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
