import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coachPaymentResponseSchema } from '../../../domain/coaching/admin-contract';
import { coachPaymentInputSchema } from '../../../domain/coaching/contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import type { PaymentService } from '../payments/service';
import { initiateCoachPayment } from './service.purchases';

/** Buying a coach package (events-and-coach-pages §7): any signed-in user, for themself. */
export async function coachPaymentRoutes(app: FastifyInstance, { db, payments, config }: { db: Db; payments: PaymentService; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', signedIn);

  r.post(
    '/api/coach/initiate-payment',
    {
      // As the subscription's initiate-payment: each call may open a gateway transaction.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary: "Buy a coach package for the caller (user_id must be the caller); the server prices it from the package and answers the checkout URL",
        body: coachPaymentInputSchema,
        response: { 200: coachPaymentResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema },
      },
    },
    async (request) => initiateCoachPayment({ db, payments, payableHours: config.subscriptionPaymentHours }, requireUser(request), request.body),
  );
}
