import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiAccessResponseSchema,
  chatReplySchema,
  chatRequestSchema,
  createPlanRequestSchema,
  draftParamsSchema,
  imageReadingSchema,
  imageRequestSchema,
  latestEvaluationResponseSchema,
  modifyRequestSchema,
  planDraftResponseSchema,
  aiUnprocessableSchema,
} from '../../../domain/ai-coach/contract';
import { planSchema } from '../../../domain/training-plan/contract';
import { PREMIUM_REQUIRED_MESSAGE, hasPremiumAccess } from '../../../domain/subscriptions/subscription';
import { AppError, notFound } from '../../app-error';
import type { AppConfig } from '../../config';
import { requireUser } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { isUuid } from '../training-plan/service';
import { aiMessages } from '../../../domain/ai-coach/contract';
import type { AiCoachService } from './service';

/** Every route of this plugin is an AI feature: only for active or trialing users (spec §5), checked against the database's row of this request. */
export async function requirePremium(request: FastifyRequest) {
  const user = requireUser(request);
  if (!hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd })) {
    throw new AppError('forbidden', PREMIUM_REQUIRED_MESSAGE, 'PREMIUM_REQUIRED');
  }
}

/** The chat history (30 messages of up to 4000 characters) and the client's copy of the plan. */
const CHAT_BODY_LIMIT = 512 * 1024;
const MODIFY_BODY_LIMIT = 2 * 1024 * 1024;
/** A workout screenshot as a data URL: 10 MB of image is 13.4 MB of base64. */
const IMAGE_BODY_LIMIT = 14 * 1024 * 1024;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema, 502: errorSchema, 504: errorSchema };

/**
 * The AI coach's routes, all under /api/ai and all behind the premium check. The route walk in
 * ai-access.test.ts holds every /api/ai route to it. Each AI call counts against a per-runner
 * limit per minute (shared store) and a daily quota (ai_usage).
 */
export async function aiCoachRoutes(app: FastifyInstance, { coach, config }: { coach: AiCoachService; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requirePremium);
  const rateLimit = {
    max: config.aiLimits.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `ai:${request.auth?.user.id ?? request.ip}`,
    errorResponseBuilder: () => new AppError('too_many', aiMessages.rateLimited, 'AI_RATE_LIMITED'),
  };
  const noStore = { 'cache-control': 'no-store' };

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
      reply.headers(noStore);
      return {
        access: true as const,
        subscription_status: user.subscriptionStatus,
        current_period_end: user.currentPeriodEnd ? user.currentPeriodEnd.toISOString() : null,
      };
    },
  );

  r.get(
    '/api/ai/evaluations/latest',
    {
      schema: {
        tags: ['ai'],
        summary: 'The latest two-weekly re-evaluation of the runner\'s AI plan: the note for the calendar, the weeks compared and adjusted, and the scores (null before the first)',
        response: { 200: latestEvaluationResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return coach.latestEvaluation(requireUser(request));
    },
  );

  r.post(
    '/api/ai/createplan',
    {
      config: { rateLimit },
      schema: {
        tags: ['ai'],
        summary:
          "A personal training plan from the AI form (spec §3 fields): checked by the safety rules, answered as a draft to save; or 422 with code SEE_A_DOCTOR, CHECK_INPUT (errors per field; resend with confirmInputs: true) or GOAL_NOT_SAFE (alternatives: the form fields to resend)",
        body: createPlanRequestSchema,
        response: { 200: planDraftResponseSchema, ...errors, 422: aiUnprocessableSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return coach.createPlan(requireUser(request), request.body);
    },
  );

  r.post(
    '/api/ai/chat',
    {
      bodyLimit: CHAT_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        tags: ['ai'],
        summary: 'Ask the coach for a change: a clarification question, or modifications for the runner to approve',
        body: chatRequestSchema,
        response: { 200: chatReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return coach.chat(requireUser(request), request.body);
    },
  );

  r.post(
    '/api/ai/modify',
    {
      bodyLimit: MODIFY_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        tags: ['ai'],
        summary: 'Apply approved modifications: the new runs of the range they change, checked, as a draft to save',
        body: modifyRequestSchema,
        response: { 200: planDraftResponseSchema, ...errors, 422: aiUnprocessableSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { modification } = request.body;
      return coach.modify(requireUser(request), Array.isArray(modification) ? modification : [modification]);
    },
  );

  r.post(
    '/api/ai/drafts/:draftId/save',
    {
      config: { rateLimit: { ...rateLimit, max: config.aiLimits.perMinute * 2 } },
      schema: {
        tags: ['ai'],
        summary: "Save a draft from createplan or modify: its runs replace the range's AI runs that are not logged (runs made by the runner or a coach stay)",
        params: draftParamsSchema,
        response: { 200: planSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.draftId)) throw notFound(aiMessages.draftNotFound);
      return coach.saveDraft(requireUser(request), request.params.draftId);
    },
  );

  r.post(
    '/api/ai/trainingimages',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        tags: ['ai'],
        summary: 'Read distance, time and average heart rate from a workout screenshot (data URL; PNG, JPG or WebP up to 10 MB)',
        body: imageRequestSchema,
        response: { 200: imageReadingSchema, ...errors, 413: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return coach.readImage(requireUser(request), request.body.image);
    },
  );
}
