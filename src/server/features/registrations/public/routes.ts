import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  challengeResponseSchema,
  createdRegistrationSchema,
  createRegistrationBodySchema,
  paymentStateQuerySchema,
  paymentStateSchema,
  publicRegistrationParamsSchema,
  resendConfirmationBodySchema,
  resendConfirmationResponseSchema,
  emailCodeBodySchema,
  emailCodeResponseSchema,
  joinWaitingListBodySchema,
  joinWaitingListResponseSchema,
  waitingOfferQuerySchema,
  waitingOfferSchema,
} from '../../../../domain/registrations/contract';
import type { AppConfig } from '../../../config';
import type { Mailer } from '../../../adapters/mail/port';
import type { Db } from '../../../db/client';
import type { PaymentService } from '../../payments/service';
import { errorResponseSchema as errorSchema } from '../../../plugins/errors';
import { admissionHooks, createAdmissionGate } from './admission';
import { resendConfirmation, RESEND_WINDOW_MINUTES } from './confirmation-resend';
import {
  addressKeyOf,
  CHALLENGE_DOC,
  challengeKeys,
  challengeLevel,
  liveHoldsOf,
  newRegistrationChallenge,
  redeemRegistrationChallenge,
  type ChallengeKeys,
  type ChallengeSpender,
} from './challenge';
import { rateLimitKey } from '../../../plugins/client-address';
import { paymentKeyFor } from '../payment-key';
import { findRegistrationContext } from '../../events/service';
import { z } from 'zod';
import { isReceiptKey, RECEIPT_COOKIE, RECEIPT_COOKIE_DAYS, receiptKey, registrationPaymentState } from './payment-state';
import { toPublicRegistrationJson } from '../registration-view';
import { createRegistration, type RegistrationDeps } from '../service';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_SENDS_PER_HOUR, EMAIL_CODE_TTL_MINUTES, sendEmailCode } from './email-code';
import { findOffer, joinWaitingList, OFFER_MINUTES, toOfferJson } from './waiting-list';

/**
 * Per address (IPv4, or IPv6 /64) per minute. Registrations: `config.registrationRateLimitPerMinute`
 * (default 300: a crowd behind one carrier-grade NAT address registers at once; hoarding is made
 * pointless by one pending registration per identity and email, the per-identity limit and the
 * proof of work, not by this limit).
 */
/** A runner fetches one challenge per form (and one more after each submit): twice the registrations. */
export const challengeRateLimit = (registrationsPerMinute: number) => registrationsPerMinute * 2;
export const PAYMENT_STATE_RATE_LIMIT = 60;
/** 'Kirim ulang email' per address per hour (each registration also gets one per RESEND_WINDOW_MINUTES). */
export const RESEND_RATE_LIMIT_PER_HOUR = 10;
export const REGISTRATION_BODY_LIMIT = 32 * 1024;
/** 'Daftar Tunggu' joins per address per hour: a family or a club, not a script's invented list. */
export const WAITING_LIST_RATE_LIMIT_PER_HOUR = 20;

/** The registration form's event reference (id, slug or code); anything else is not looked up. */
const challengeQuerySchema = z.object({
  eventId: z.string().trim().min(1).max(100).optional().describe('The event the form registers for (its id, slug or code): the difficulty depends on it'),
});

/**
 * Who spends a challenge for an event: null when the event is not found (the registration answers
 * 404 itself) or none was named (the base difficulty).
 */
async function spenderOf(db: Db, keys: ChallengeKeys, request: FastifyRequest, eventId: unknown, cacheMs: number): Promise<ChallengeSpender | null> {
  if (typeof eventId !== 'string' || eventId.trim() === '' || eventId.length > 100) return null;
  const context = await findRegistrationContext(db, eventId.trim(), cacheMs);
  return context ? { eventRef: context.event.id, addressKey: addressKeyOf(keys, rateLimitKey(request)) } : null;
}

/**
 * The public side of registration (no sign-in needed): create a registration (slot + payment); the
 * self-managed payment's routes are in self-managed/routes.ts. The payment hooks are connected in
 * the wiring and the expiry sweep is a job (registrations/plugin.ts). Registrations are rate
 * limited per address by `config.registrationRateLimitPerMinute`.
 */
export async function registrationPublicRoutes(app: FastifyInstance, opts: { db: Db; config: AppConfig; payments: PaymentService; mail: Mailer }) {
  const deps: RegistrationDeps = {
    db: opts.db,
    payments: opts.payments,
    mail: opts.mail,
    holdMinutes: opts.config.registrationHoldMinutes,
    identityLimitPerHour: opts.config.registrationIdentityLimitPerHour,
    selfManagedHoldHours: opts.config.selfManagedHoldHours,
    readCacheMs: opts.config.publicReadCacheSeconds * 1000,
    secret: opts.config.jwtSecret,
    log: app.log,
  };
  const keys = challengeKeys(opts.config.jwtSecret);
  // Per process (decision 018): protects this server's pool and event loop during a rush.
  const admission = admissionHooks(createAdmissionGate(opts.config.registrationAdmission));

  const r = app.withTypeProvider<ZodTypeProvider>();
  const spenderIfSolved = async (request: FastifyRequest, body: { altcha?: unknown; eventId?: unknown } | null) =>
    typeof body?.altcha === 'string' && body.altcha.trim() !== '' ? spenderOf(opts.db, keys, request, body.eventId, deps.readCacheMs ?? 0) : null;

  r.get(
    '/api/runner-registrations/challenge',
    {
      config: { rateLimit: { max: challengeRateLimit(opts.config.registrationRateLimitPerMinute), timeWindow: '1 minute' } },
      schema: {
        tags: ['registrations'],
        summary: 'A proof-of-work challenge for the registration form (public; enabled=false when the server does not ask for one)',
        description: CHALLENGE_DOC,
        security: [],
        querystring: challengeQuerySchema,
        response: { 200: challengeResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!opts.config.registrationChallenge) return { enabled: false, challenge: null };
      const spender = await spenderOf(opts.db, keys, request, request.query.eventId, deps.readCacheMs ?? 0);
      const now = new Date();
      const level = spender ? challengeLevel(await liveHoldsOf(opts.db, spender, now)) : 0;
      const challenge = await newRegistrationChallenge(keys, now, level);
      return { enabled: true, challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature! } };
    },
  );

  r.post(
    '/api/runner-registrations',
    {
      config: { rateLimit: { max: opts.config.registrationRateLimitPerMinute, timeWindow: '1 minute' } },
      // A registration is a few kilobytes; nothing bigger is even parsed.
      bodyLimit: REGISTRATION_BODY_LIMIT,
      // Before the body is read: past this server's capacity the runner waits in a bounded queue or gets 503 + Retry-After.
      onRequest: admission.onRequest,
      onResponse: admission.onResponse,
      onRequestAbort: admission.onRequestAbort,
      // The proof of work is checked before anything else, body validation included.
      preValidation: async (request) => {
        if (!opts.config.registrationChallenge) return;
        const body = request.body as { altcha?: unknown; eventId?: unknown } | null;
        // Not even an event look-up for a request without a solved challenge.
        await redeemRegistrationChallenge(opts.db, keys, body?.altcha, new Date(), await spenderIfSolved(request, body));
      },
      schema: {
        tags: ['registrations'],
        summary:
          'Register a runner for an accepted, open event (public; linked to the account when signed in). Needs `altcha`, a solved challenge of GET /api/runner-registrations/challenge, unless that says enabled=false. Reserves the slot atomically; for platform events opens the payment (payment_url), otherwise payment_url is null. Past the capacity of the server (a bounded queue per server) it answers 503 REGISTRATION_BUSY with Retry-After; the page retries by itself. One pending registration per identity number and per email per event: a repeat with the same identity number, email and category answers the first registration (200, resumed=true, same payment_url); other overlaps are refused with 409',
        security: [],
        body: createRegistrationBodySchema,
        response: {
          200: createdRegistrationSchema,
          201: createdRegistrationSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          429: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await createRegistration(deps, request.body, request.auth?.user.id ?? null, undefined, {
        onReserved: () => admission.release(request),
        addressKey: addressKeyOf(keys, rateLimitKey(request)),
      });
      // This browser is the runner's own: its success page may show the receipt (payment-state.ts).
      const registrationId = result.registration.registrationId;
      reply.setCookie(RECEIPT_COOKIE, receiptKey(opts.config.jwtSecret, registrationId), {
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.config.https,
        path: `/api/runner-registrations/${encodeURIComponent(registrationId)}`,
        maxAge: RECEIPT_COOKIE_DAYS * 86_400,
      });
      return reply
        .status(result.resumed ? 200 : 201)
        .send({
          registration: toPublicRegistrationJson(result.registration),
          payment_url: result.payment_url,
          resumed: result.resumed,
          // Only the runner who registers (or resumes with the same identity number and email) gets the link's secret.
          paymentKey: result.payment_url === null ? paymentKeyFor(opts.config.jwtSecret, result.registration.registrationId) : null,
        });
    },
  );

  r.get(
    '/api/runner-registrations/:registrationId/payment-state',
    {
      config: { rateLimit: { max: PAYMENT_STATE_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['registrations'],
        summary:
          "Public: where a platform-paid registration stands after the payment page (paid, still held with the same payment_url to try again, or over). Needs the gateway's order reference (`order`, appended to the return address as order_id) besides the registration id",
        security: [],
        params: publicRegistrationParamsSchema,
        querystring: paymentStateQuerySchema,
        response: { 200: paymentStateSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { registrationId } = request.params;
      const withReceipt =
        isReceiptKey(opts.config.jwtSecret, registrationId, request.cookies[RECEIPT_COOKIE]) || isReceiptKey(opts.config.jwtSecret, registrationId, request.query.key);
      return registrationPaymentState(opts.db, registrationId, request.query.order, new Date(), withReceipt);
    },
  );

  r.post(
    '/api/runner-registrations/:registrationId/resend-confirmation',
    {
      config: { rateLimit: { max: RESEND_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['registrations'],
        summary: `Public: the runner's 'Kirim ulang email' on the success page. Sends the confirmation mail (with the QR code) again to the registered address only. Needs the gateway's order reference (\`order\`) besides the registration id; paid registrations only (409 otherwise); one resend per registration per ${RESEND_WINDOW_MINUTES} minutes (429 RESEND_TOO_SOON) and ${RESEND_RATE_LIMIT_PER_HOUR} per address per hour`,
        security: [],
        params: publicRegistrationParamsSchema,
        body: resendConfirmationBodySchema,
        response: { 200: resendConfirmationResponseSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({ message: await resendConfirmation(opts.db, opts.mail, request.params.registrationId, request.body.order) }),
  );
  r.post(
    '/api/runner-registrations/email-code',
    {
      // Each registration of such an event needs one, so a crowd behind one address gets as many as it registers.
      config: { rateLimit: { max: opts.config.registrationRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['registrations'],
        summary: `Public: mails a 6-digit code to \`email\` for an event whose organizer turned the email code on (409 EMAIL_CODE_NOT_REQUIRED otherwise). The code is then sent as \`emailCode\` with POST /api/runner-registrations, which holds no slot without it (400 EMAIL_CODE_REQUIRED / EMAIL_CODE_INVALID / EMAIL_CODE_EXPIRED). Valid ${EMAIL_CODE_TTL_MINUTES} minutes and ${EMAIL_CODE_MAX_ATTEMPTS} attempts; a new code replaces the old one; one per ${EMAIL_CODE_RESEND_SECONDS} s and ${EMAIL_CODE_SENDS_PER_HOUR} an hour per email (429 EMAIL_CODE_TOO_SOON / EMAIL_CODE_LIMIT)`,
        security: [],
        body: emailCodeBodySchema,
        response: { 200: emailCodeResponseSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sendEmailCode({ db: opts.db, mail: opts.mail, secret: opts.config.jwtSecret, publicUrl: opts.config.publicUrl }, request.body);
    },
  );

  r.post(
    '/api/runner-registrations/waiting-list',
    {
      config: { rateLimit: { max: WAITING_LIST_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['registrations'],
        summary: `Public: joins 'Daftar Tunggu' of a full category of an open event (409 WAITING_LIST_NOT_FULL while it has room). Once per email per category (a repeat answers 200 with the same place). A freed slot is kept for the first runner waiting and offered by mail with a claim link valid ${OFFER_MINUTES} minutes (the registration page with ?klaim=<token>); unclaimed, it passes to the next`,
        security: [],
        body: joinWaitingListBodySchema,
        response: { 200: joinWaitingListResponseSchema, 201: joinWaitingListResponseSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { created, ...joined } = await joinWaitingList(opts.db, request.body);
      return reply.status(created ? 201 : 200).send(joined);
    },
  );

  r.get(
    '/api/runner-registrations/waiting-list/offer',
    {
      config: { rateLimit: { max: PAYMENT_STATE_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['registrations'],
        summary:
          "Public: what a 'Daftar Tunggu' claim link offers (event, category, the runner's name and email, until when), to pre-fill the registration form; the token is the credential. 404 for an unknown or used link, 409 WAITING_OFFER_EXPIRED once its time is up. The registration is then made with POST /api/runner-registrations and `waitingOffer` = the token, with the same email (no email code needed)",
        security: [],
        querystring: waitingOfferQuerySchema,
        response: { 200: waitingOfferSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toOfferJson(await findOffer(opts.db, request.query.token));
    },
  );
}
