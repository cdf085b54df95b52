import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventIdParamsSchema } from '../../../../domain/events/contract';
import { organizerRegistrationParamsSchema, registrationCorrectedSchema, registrationDecisionSchema } from '../../../../domain/registrations/contract';
import {
  cancelEventBodySchema,
  cancelRegistrationBodySchema,
  eventCancellationSchema,
  managementMessages as m,
  registrationCorrectionSchema,
  registrationHistorySchema,
  resendResponseSchema,
} from '../../../../domain/registrations/management';
import type { Mailer } from '../../../adapters/mail/port';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../app-error';
import { allowRoles, requireUser } from '../../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../../plugins/errors';
import type { PaymentService } from '../../payments/service';
import { findManagedEvent, findManagedRegistration, type FoundRegistration } from './service.runner-data';
import {
  CANCEL_EVENT_JOB,
  cancelEvent,
  cancelRegistration,
  correctRegistration,
  eventCancellationState,
  registrationHistory,
  resendConfirmation,
  settleManualRefund,
  type ManagementDeps,
} from './service';

/** Per address per minute: resending mails (each one also counts against RESEND_PER_HOUR per registration). */
export const RESEND_RATE_LIMIT = 10;
/** Per address per minute: cancellations (each may call the payment gateway). */
export const CANCEL_RATE_LIMIT = 30;

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * The organizer's management of registrations and events (issue 13 item 2, decision 021): cancel a
 * registration, resend its confirmation, correct its data and read the corrections, settle a
 * manual refund; cancel an event and follow its refunds. Only the event's organizer and admins; the
 * role is checked first, then the registration (or event) is found and its ownership checked before
 * the body is validated, so a stranger learns nothing.
 *
 * The event's cancellation lives here, not in the events feature: it ends registrations and refunds
 * their orders, and the events feature must never import registrations (registrations/service
 * imports events/service). The route keeps the events path (`/api/events/{id}/cancel`).
 */
export async function registrationManagementRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; payments: PaymentService; mail: Mailer },
) {
  const { db } = opts;
  const deps: ManagementDeps = { db, payments: opts.payments, mail: opts.mail, publicUrl: opts.config.publicUrl, log: app.log };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', allowRoles('organizer', 'admin'));

  const found = new WeakMap<FastifyRequest, FoundRegistration>();
  const loadRegistration = async (request: FastifyRequest) => {
    const { registrationId } = request.params as { registrationId?: unknown };
    found.set(request, await findManagedRegistration(db, requireUser(request), String(registrationId ?? '')));
  };
  const loadEvent = async (request: FastifyRequest) => {
    const { id } = request.params as { id?: unknown };
    await findManagedEvent(db, requireUser(request), String(id ?? ''));
  };

  r.post(
    '/api/runner-registrations/:registrationId/cancel',
    {
      preValidation: loadRegistration,
      config: { rateLimit: { max: CANCEL_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['runner-registrations'],
        summary:
          'Cancels a registration with a reason (mailed to the runner). `refund: true`: a platform payment gets the event fee back through the gateway ' +
          "(Derap's admin fee is kept), a self-managed one is put on the 'refund manual' list; `refund: false`: canceled without money back. " +
          'The slot is freed once. 409 when already canceled, expired or the racepack was collected; 502 when the gateway refuses (nothing changed)',
        params: organizerRegistrationParamsSchema,
        body: cancelRegistrationBodySchema,
        response: { 200: registrationDecisionSchema, 429: errorSchema, 502: errorSchema, ...errors },
      },
    },
    async (request) => cancelRegistration(deps, requireUser(request), found.get(request)!, request.body),
  );

  r.post(
    '/api/runner-registrations/:registrationId/resend',
    {
      preValidation: loadRegistration,
      config: { rateLimit: { max: RESEND_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['runner-registrations'],
        summary: 'Sends the confirmation mail with the racepack QR code again (confirmed registrations only; at most 3 an hour per registration)',
        params: organizerRegistrationParamsSchema,
        response: { 200: resendResponseSchema, 429: errorSchema, ...errors },
      },
    },
    async (request) => resendConfirmation(deps, found.get(request)!),
  );

  r.patch(
    '/api/runner-registrations/:registrationId',
    {
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary:
          "Corrects a runner's contact and race details (bibName ≤ 10, tshirtSize, community, bloodType, email, phone, emergency contact, medical notes) " +
          'with the registration form\'s rules; identity fields cannot be changed. Every change is kept in the history',
        params: organizerRegistrationParamsSchema,
        body: registrationCorrectionSchema,
        response: { 200: registrationCorrectedSchema, ...errors },
      },
    },
    async (request) => {
      if (Object.values(request.body).every((v) => v === undefined)) throw badRequest(m.correctionEmpty, 'NOTHING_TO_CHANGE');
      return correctRegistration(db, requireUser(request), found.get(request)!, request.body);
    },
  );

  r.get(
    '/api/runner-registrations/:registrationId/history',
    {
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary: "The corrections made to a registration's data: who, when, which field, old → new (newest first)",
        params: organizerRegistrationParamsSchema,
        response: { 200: registrationHistorySchema, ...errors },
      },
    },
    async (request) => ({ changes: await registrationHistory(db, found.get(request)!) }),
  );

  r.post(
    '/api/runner-registrations/:registrationId/refund-settled',
    {
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary: "Marks a canceled registration's manual refund (self-managed payment) as paid back by the organizer",
        params: organizerRegistrationParamsSchema,
        response: { 200: registrationDecisionSchema, ...errors },
      },
    },
    async (request) => ({ registration: await settleManualRefund(db, requireUser(request), found.get(request)!), message: m.refundSettled }),
  );

  r.get(
    '/api/events/:id/cancellation',
    {
      preValidation: loadEvent,
      schema: {
        tags: ['events'],
        summary:
          "What canceling the event would do (paid runners and the refund total, the manual list's size, unpaid holds) and, once canceled, " +
          "the refunds' progress and the 'refund manual' list",
        params: eventIdParamsSchema,
        response: { 200: eventCancellationSchema, ...errors },
      },
    },
    async (request) => {
      const event = await findManagedEvent(db, requireUser(request), request.params.id);
      return eventCancellationState(db, event.id);
    },
  );

  r.post(
    '/api/events/:id/cancel',
    {
      preValidation: loadEvent,
      config: { rateLimit: { max: CANCEL_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['events'],
        summary:
          'Cancels an event with a notice: status dibatalkan, then a durable job refunds every platform payment in full, ' +
          "lists self-managed payments to settle by hand, closes unpaid holds and mails every runner the notice. Repeating it answers the cancellation's state",
        params: eventIdParamsSchema,
        body: cancelEventBodySchema,
        response: { 200: eventCancellationSchema, 429: errorSchema, ...errors },
      },
    },
    async (request) => {
      const state = await cancelEvent(
        { db, enqueue: (tx, eventRef) => app.jobs.enqueue(CANCEL_EVENT_JOB, { eventRef }, { key: eventRef, executor: tx }) },
        requireUser(request),
        request.params.id,
        request.body.notice,
      );
      // Start at once on this server rather than at the next poll (the job runner serialises ticks).
      if (opts.config.jobsPollSeconds > 0) void app.jobs.runDue().catch((err: unknown) => app.log.error({ err }, 'event cancellation job did not start'));
      return state;
    },
  );
}
