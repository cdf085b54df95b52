import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devAiRunsBodySchema, planSchema } from '../../../domain/training-plan/contract';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { updateUser } from '../users/service';
import { addRuns } from './service';

const DAY_MS = 86_400_000;

/**
 * Development only (registered with the development sign-in, never in production): a stand-in for
 * the AI endpoints, which do not exist yet, so browser tests and demos can give a fresh runner
 * AI-made runs and a subscription period. A runner's own POST can never make an 'ai' run.
 */
export async function devTrainingPlanRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', signedIn);

  r.post(
    '/api/dev/training-plans/ai-runs',
    {
      schema: {
        tags: ['development'],
        summary:
          "Development only: adds runs made by the AI ('ai') to the caller's plan; accessDays sets the caller's " +
          'subscription period to end that many days from now (null: no period)',
        body: devAiRunsBodySchema,
        response: { 201: planSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      let owner = requireUser(request);
      const { trainingPlan, accessDays } = request.body;
      if (accessDays !== undefined) {
        const end = accessDays === null ? null : new Date(Date.now() + accessDays * DAY_MS);
        owner = (await updateUser(db, owner.id, { currentPeriodEnd: end, subscriptionStatus: end ? 'trialing' : 'none' })) ?? owner;
      }
      return reply.status(201).send(await addRuns(db, owner, trainingPlan, 'ai'));
    },
  );
}
