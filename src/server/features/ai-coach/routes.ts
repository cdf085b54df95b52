import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiAccessResponseSchema } from '../../../domain/ai-coach/contract';
import { PREMIUM_REQUIRED_MESSAGE, hasPremiumAccess } from '../../../domain/subscriptions/subscription';
import { AppError } from '../../app-error';
import { requireUser } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';

/** Every route of this plugin is an AI feature: only for active or trialing users (spec §5), checked against the database's row of this request. */
export async function requirePremium(request: FastifyRequest) {
  const user = requireUser(request);
  if (!hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd })) {
    throw new AppError('forbidden', PREMIUM_REQUIRED_MESSAGE, 'PREMIUM_REQUIRED');
  }
}

/**
 * The AI coach's routes, all under /api/ai and all behind the premium check (the AI coach issue
 * adds createplan, chat, modify and trainingimages here). The route walk in ai-access.test.ts
 * holds every /api/ai route to it.
 */
export async function aiCoachRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requirePremium);

  r.get(
    '/api/ai/access',
    {
      schema: {
        tags: ['ai'],
        summary: 'Whether AI features are open to the caller: 200 when active or trialing, else 403 with the spec message',
        response: { 200: aiAccessResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return {
        access: true as const,
        subscription_status: user.subscriptionStatus,
        current_period_end: user.currentPeriodEnd ? user.currentPeriodEnd.toISOString() : null,
      };
    },
  );
}
