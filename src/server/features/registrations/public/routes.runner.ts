import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myRegistrationsResponseSchema } from '../../../../domain/registrations/contract';
import type { Db } from '../../../db/client';
import { requireUser, signedIn } from '../../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../../plugins/errors';
import { listMyRegistrations } from './my-registrations';

/** The signed-in runner's own registrations (dashboard 'Event Diikuti'); any role may have run. */
export async function runnerRegistrationRoutes(app: FastifyInstance, { db, keySecret }: { db: Db; keySecret: Uint8Array }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/runner-registrations/mine',
    {
      onRequest: signedIn,
      schema: {
        tags: ['registrations'],
        summary:
          "The signed-in user's registrations: made while signed in or with the account's verified email, newest event first, at most 100; the QR code's value only for paid ones; the payment link's secret (`paymentKey`) for unpaid self-managed ones",
        response: { 200: myRegistrationsResponseSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { registrations: await listMyRegistrations(db, requireUser(request), keySecret) };
    },
  );
}
