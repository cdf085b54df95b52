import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { packageEndDay } from '../../../domain/coaching/coaching';
import {
  coachingMessages,
  devConnectionBodySchema,
  devConnectionSchema,
} from '../../../domain/coaching/contract';
import { jakartaToday } from '../../../domain/shared/wire-date';
import { forbidden, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { coachConnections } from '../../db/schema/coaching';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { findUserByEmail } from '../users/service';

/**
 * Development only (registered with the development sign-in, never in production): links the
 * calling coach to a runner at once, so browser tests and demos can start from a connected runner
 * without a purchase or an admin.
 */
export async function devCoachingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', signedIn);
  r.addHook('onRequest', async (request) => {
    const role = requireUser(request).role;
    if (role !== 'coach' && role !== 'admin') throw forbidden(coachingMessages.notCoach);
  });

  r.post(
    '/api/dev/coaching/connections',
    {
      schema: {
        tags: ['development'],
        summary:
          "Development only: a live connection from the calling coach to the runner with that email ('freeslot' unless a package title is given); " +
          'without runnerEmail, an empty slot the coach fills by email',
        body: devConnectionBodySchema,
        response: { 201: devConnectionSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const coach = requireUser(request);
      const { runnerEmail } = request.body;
      const runner = runnerEmail ? await findUserByEmail(db, runnerEmail) : null;
      if (runnerEmail && !runner) throw notFound(coachingMessages.userNotRegistered(runnerEmail));
      const today = jakartaToday();
      const [row] = await db
        .insert(coachConnections)
        .values({
          coachId: coach.id,
          runnerId: runner?.id ?? null,
          packages: request.body.packages,
          title: request.body.packages === 'freeslot' ? 'Slot gratis' : request.body.packages,
          startDate: runner ? today : null,
          endDate: runner ? packageEndDay(today, request.body.weeks) : null,
          createdBy: coach.id,
        })
        .returning({ id: coachConnections.id });
      return reply.status(201).send({ _id: row!.id });
    },
  );
}
