import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationPayloadSchema } from '../../../domain/registration-form';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { publicRegistrationSchema, toPublicRegistrationJson } from './registration-view';
import { sweepSelfManagedRegistrations } from './self-managed-payment';
import { createRegistration, registerRegistrationPaymentHooks, type RegistrationDeps } from './service';

/**
 * The public side of registration (no sign-in needed): create a registration (slot + payment); the
 * self-managed payment's routes are in self-managed-routes.ts. Also wires the payment hooks and the
 * self-managed sweep (expiry and reminders). Registrations are rate limited per address by
 * `config.registrationRateLimitPerMinute` (default 30, generous for a family registering together,
 * tight for a bot hoarding slots).
 * Registered after the payments and mail plugins.
 */
export async function registrationPublicRoutes(app: FastifyInstance, opts: { db: Db; config: AppConfig }) {
  const deps: RegistrationDeps = {
    db: opts.db,
    payments: app.payments,
    mail: app.mail,
    reservationMinutes: opts.config.registrationReservationMinutes,
    selfManagedHoldHours: opts.config.selfManagedHoldHours,
    log: app.log,
  };
  registerRegistrationPaymentHooks(app.payments, app.mail, app.log);

  const interval = opts.config.paymentExpirySweepSeconds * 1000;
  if (interval > 0) {
    const timer = setInterval(() => {
      sweepSelfManagedRegistrations({ db: opts.db, mail: app.mail, publicUrl: opts.config.publicUrl }, opts.config.selfManagedReminderHours).catch(
        (err: unknown) => app.log.error({ err }, 'registration expiry sweep failed'),
      );
    }, interval);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/runner-registrations',
    {
      config: { rateLimit: { max: opts.config.registrationRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['registrations'],
        summary:
          'Register a runner for an accepted, open event (public; linked to the account when signed in). Reserves the slot atomically; for platform events opens the payment (payment_url), otherwise payment_url is null',
        security: [],
        body: registrationPayloadSchema,
        response: {
          201: z.object({ registration: publicRegistrationSchema, payment_url: z.string().nullable() }),
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createRegistration(deps, request.body, request.auth?.user.id ?? null);
      return reply.status(201).send({ registration: toPublicRegistrationJson(created.registration), payment_url: created.payment_url });
    },
  );
}
