import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { suggestUniqueLink } from '../../../domain/coaching/coaching';
import {
  coachingMessages,
  devPackageBodySchema,
  devPackageSchema,
} from '../../../domain/coaching/contract';
import { forbidden } from '../../app-error';
import type { Db } from '../../db/client';
import { coachPackages, coachProfiles } from '../../db/schema/coaching';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';

/**
 * Development only (registered with the development sign-in, never in production): gives the
 * calling coach a package to sell (and a minimal profile when they have none), so the purchase's
 * browser test does not depend on the profile screens.
 */
export async function devCoachPurchaseRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', signedIn);
  r.addHook('onRequest', async (request) => {
    if (requireUser(request).role !== 'coach') throw forbidden(coachingMessages.notCoach);
  });

  r.post(
    '/api/dev/coaching/packages',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: a package of the calling coach (and a minimal profile with a unique link if they have none)',
        body: devPackageBodySchema,
        response: { 201: devPackageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const coach = requireUser(request);
      let [profile] = await db.select().from(coachProfiles).where(eq(coachProfiles.userId, coach.id));
      if (!profile) {
        const uniquelink = `${suggestUniqueLink(coach.name).slice(0, 30)}-${coach.id.slice(0, 8)}`;
        [profile] = await db.insert(coachProfiles).values({ userId: coach.id, shownName: coach.name, uniquelink }).returning();
      }
      const [pkg] = await db
        .insert(coachPackages)
        .values({ coachId: coach.id, title: request.body.title, durationWeeks: request.body.weeks, price: request.body.price, isActive: request.body.isActive })
        .returning({ id: coachPackages.id });
      return reply.status(201).send({ _id: pkg!.id, uniquelink: profile!.uniquelink });
    },
  );
}
