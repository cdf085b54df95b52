import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '../../../../domain/events/events';
import {
  organizerRegistrationParamsSchema,
  paymentKeyQuerySchema,
  paymentRejectionSchema,
  paymentVerificationSchema,
  publicRegistrationParamsSchema,
  registrationDecisionSchema,
  selfManagedPaymentResponseSchema,
} from '../../../../domain/registrations/contract';
import { paymentProofMessages as m } from '../../../../domain/registrations/payment-verification';
import type { Mailer } from '../../../adapters/mail/port';
import type { StoragePort } from '../../../adapters/storage/port';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { allowRoles, requireUser } from '../../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../../plugins/errors';
import { readImageUpload, sendStoredImage } from '../../uploads/service';
import { findManagedRegistration, type FoundRegistration } from '../management/service.runner-data';
import {
  readPaymentProof,
  readSelfManagedPayment,
  rejectSelfManagedPayment,
  submitPaymentProof,
  verifySelfManagedPayment,
  type SelfManagedDeps,
} from './service';

/** Per address per minute: 'Saya Sudah Membayar' (an upload) and the runner's payment page. */
export const CONFIRM_RATE_LIMIT = 20;
export const PAYMENT_PAGE_RATE_LIMIT = 60;

const organizerErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Self-managed payments (issue 8 item 9). Public, with the unguessable registrationId as the
 * credential (the spec's registration needs no account): the runner's payment page and 'Saya
 * Sudah Membayar' with the proof of transfer. The event's organizer and admins: the proof image,
 * Verifikasi and Tolak.
 */
export async function selfManagedPaymentRoutes(app: FastifyInstance, opts: { db: Db; config: AppConfig; storage: StoragePort; mail: Mailer }) {
  const { db, config, storage, mail } = opts;
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const deps: SelfManagedDeps = { db, mail, storage, holdHours: config.selfManagedHoldHours, publicUrl: config.publicUrl, keySecret: config.jwtSecret };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/runner-registrations/:registrationId/payment',
    {
      config: { rateLimit: { max: PAYMENT_PAGE_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['registrations'],
        summary:
          "The runner's payment page (public: the unguessable registrationId is the credential): status, amount, hold deadline, " +
          "the organizer's payment QR and instructions, and the latest rejection's reason. No personal data",
        security: [],
        params: publicRegistrationParamsSchema,
        response: { 200: selfManagedPaymentResponseSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({ registration: await readSelfManagedPayment(db, request.params.registrationId) }),
  );

  r.patch(
    '/api/runner-registrations/:registrationId/payment-status-paid',
    {
      config: { rateLimit: { max: CONFIRM_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['registrations'],
        summary:
          "The runner's 'Saya Sudah Membayar' for a self-managed event (public, but needs `key`, the secret of the runner's own payment link: " +
          'the `paymentKey` of the registration\'s answer, the `key` of the mailed link; 403 PAYMENT_KEY_REQUIRED without it). ' +
          'Requires the proof of transfer: multipart/form-data, field `file`, PNG/JPEG/WEBP/GIF by content, at most 10 MB. ' +
          'The registration then awaits the organizer\'s verification (status awaiting_verification); the hold still ends SELF_MANAGED_HOLD_HOURS ' +
          'after registering whatever was sent (the organizer may still verify it while a slot is free). Sending again before then replaces the proof; ' +
          'once verified it answers the confirmed registration unchanged',
        security: [],
        consumes: ['multipart/form-data'],
        params: publicRegistrationParamsSchema,
        querystring: paymentKeyQuerySchema,
        response: {
          200: selfManagedPaymentResponseSchema,
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      // The body is read first (at most 10 MB, per-address rate limit), so an answer never leaves
      // an upload half-read on the connection.
      const image = await readImageUpload(request, {
        noFile: m.proofRequired,
        notImage: m.notImage,
        tooLarge: m.tooLarge,
        tooManyParts: m.onePart,
      });
      return { registration: await submitPaymentProof(deps, request.params.registrationId, image, request.query.key) };
    },
  );

  // Organizer side: the registration is found and its event's ownership checked before the body is
  // validated, so someone else's registration answers 404 whatever they send (like the racepack route).
  const found = new WeakMap<FastifyRequest, FoundRegistration>();
  const loadRegistration = async (request: FastifyRequest) => {
    const { registrationId } = request.params as { registrationId?: unknown };
    found.set(request, await findManagedRegistration(db, requireUser(request), String(registrationId ?? '')));
  };
  const organizerOnly = allowRoles('organizer', 'admin');

  r.get(
    '/api/runner-registrations/:registrationId/payment-proof',
    {
      onRequest: organizerOnly,
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary: "The runner's latest proof of transfer (an image; only the event's organizer and admins, never cached)",
        params: organizerRegistrationParamsSchema,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const proof = await readPaymentProof(db, storage, found.get(request)!.id);
      return sendStoredImage(reply, proof, 'private, no-store');
    },
  );

  r.patch(
    '/api/runner-registrations/:registrationId/payment-verify',
    {
      onRequest: organizerOnly,
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary:
          "Verifikasi: the organizer confirms a self-managed payment awaiting verification (`proofSubmittedAt` names the proof they saw; " +
          '409 when it was replaced meanwhile). The registration becomes confirmed and paid, and the confirmation mail with the racepack QR is sent. ' +
          'A proof whose hold ended (status expired) takes a slot again if one is free (409 SLOT_TAKEN otherwise)',
        params: organizerRegistrationParamsSchema,
        body: paymentVerificationSchema,
        response: { 200: registrationDecisionSchema, ...organizerErrors },
      },
    },
    async (request) => {
      const { registration, bibWarning } = await verifySelfManagedPayment(deps, requireUser(request), found.get(request)!.id, request.body.proofSubmittedAt);
      return { registration, message: bibWarning ? `${m.verified} ${bibWarning}` : m.verified };
    },
  );

  r.patch(
    '/api/runner-registrations/:registrationId/payment-reject',
    {
      onRequest: organizerOnly,
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary:
          'Tolak: the organizer rejects the proof of transfer with a reason (1–500 characters), which is mailed to the runner. ' +
          'The registration is canceled (status canceled, nothing to refund) and its slot freed; the runner may register again. ' +
          'Also for a proof whose hold ended (status expired)',
        params: organizerRegistrationParamsSchema,
        body: paymentRejectionSchema,
        response: { 200: registrationDecisionSchema, ...organizerErrors },
      },
    },
    async (request) => {
      const registration = await rejectSelfManagedPayment(deps, requireUser(request), found.get(request)!.id, request.body);
      return { registration, message: m.rejected };
    },
  );
}
