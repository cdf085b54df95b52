import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminGrantBodySchema,
  adminSubscriptionResponseSchema,
  initiatePaymentBodySchema,
  initiatePaymentResponseSchema,
  mySubscriptionResponseSchema,
  startTrialBodySchema,
  subscriptionChangeResponseSchema,
  subscriptionMessages,
  subscriptionPatchBodySchema,
} from '../../../domain/subscriptions/contract';
import { userIdParamsSchema } from '../../../domain/users/contract';
import { forbidden, notFound } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { allowRoles, requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import type { PaymentService } from '../payments/service';
import { findUserById, toPublicUser } from '../users/service';
import {
  grantByAdmin,
  initiatePayment,
  listSubscriptionGrants,
  listSubscriptionPayments,
  setCancelAtPeriodEnd,
  startTrial,
  subscriptionSummary,
} from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** The signed-in user's subscription (spec §7: start-trial, initiate-payment). Any role may subscribe. */
export async function subscriptionRoutes(app: FastifyInstance, { db, payments, config }: { db: Db; payments: PaymentService; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', signedIn);

  r.get(
    '/api/subscriptions/me',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's subscription and subscription payments (newest first)",
        response: { 200: mySubscriptionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return { subscription: await subscriptionSummary(db, user), payments: await listSubscriptionPayments(db, user.id, 20) };
    },
  );

  r.post(
    '/api/subscriptions/start-trial',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['subscriptions'],
        summary: 'Start the free 14-day trial; once per user (409 after that)',
        body: startTrialBodySchema,
        response: { 200: subscriptionChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      if (request.body?.user_id && request.body.user_id !== caller.id) throw forbidden(subscriptionMessages.notYourAccount);
      const user = await startTrial(db, caller.id);
      return { user: toPublicUser(user), subscription: await subscriptionSummary(db, user) };
    },
  );

  r.patch(
    '/api/subscriptions/me',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['subscriptions'],
        summary: 'Stop the subscription at the end of its period (access continues until then), or keep it going',
        body: subscriptionPatchBodySchema,
        response: { 200: subscriptionChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await setCancelAtPeriodEnd(db, requireUser(request).id, request.body.cancel_at_period_end);
      return { user: toPublicUser(user), subscription: await subscriptionSummary(db, user) };
    },
  );

  r.post(
    '/api/initiate-payment',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['subscriptions'],
        summary: 'Buy a plan (1month, 6month, 12month, payg): the server prices it and answers the checkout URL',
        body: initiatePaymentBodySchema,
        response: { 200: initiatePaymentResponseSchema, ...errors, 502: errorSchema },
      },
    },
    async (request) => initiatePayment({ db, payments, payableHours: config.subscriptionPaymentHours }, requireUser(request), request.body),
  );
}

/** The admin's view of a user's subscription, and grants of access with a reason. */
export async function adminSubscriptionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', allowRoles('admin'));

  const view = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw notFound(subscriptionMessages.userNotFound);
    return {
      subscription: await subscriptionSummary(db, user),
      payments: await listSubscriptionPayments(db, user.id, 100),
      grants: await listSubscriptionGrants(db, user.id),
    };
  };

  r.get(
    '/api/admin/users/:id/subscription',
    {
      schema: {
        tags: ['admin'],
        summary: "A user's subscription, payment history and ledger of grants",
        params: userIdParamsSchema,
        response: { 200: adminSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => view(request.params.id),
  );

  r.post(
    '/api/admin/users/:id/subscription/grants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Grant or extend access by days (from the later of now and the period end), with a reason',
        params: userIdParamsSchema,
        body: adminGrantBodySchema,
        response: { 200: adminSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await grantByAdmin(db, requireUser(request), request.params.id, request.body);
      return view(request.params.id);
    },
  );
}
