import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiMessages, chatReplySchema, chatRequestSchema, createPlanRequestSchema, draftParamsSchema, modifyRequestSchema, planDraftResponseSchema } from '../../../domain/ai-coach/contract';
import {
  coachingMessages,
  runnerParamsSchema,
  SCHEDULE_MAX_BYTES,
  schedulePreviewSchema,
} from '../../../domain/coaching/contract';
import { daysBetween, jakartaToday, planDateToIso } from '../../../domain/shared/wire-date';
import {
  messageResponseSchema,
  patchRunResponseSchema,
  planInputSchema,
  planListSchema,
  planRangeQuerySchema,
  planSchema,
  replaceInputSchema,
  runPatchSchema,
} from '../../../domain/training-plan/contract';
import { messages } from '../../../domain/training-plan/training-plan';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import type { ScheduleReaderPort } from '../../adapters/schedule/port';
import type { AiCoachService } from '../ai-coach/service';
import { addRuns, deleteOwnRun, isUuid, patchRun, readPlan, replaceRuns } from '../training-plan/service';
import { coachedRunner, previewSchedule, readScheduleUpload } from './service.schedule';

const MAX_RANGE_DAYS = 366;
/**
 * The runner's own plan writes and AI calls take the same bodies (training-plan/routes.ts,
 * ai-coach/routes.ts): up to 1000 runs per request, and a chat history with the client's copy of the plan.
 */
const PLAN_BODY_LIMIT = 2 * 1024 * 1024;
const CHAT_BODY_LIMIT = 512 * 1024;
const MODIFY_BODY_LIMIT = 2 * 1024 * 1024;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const aiErrors = { ...errors, 429: errorSchema, 502: errorSchema, 504: errorSchema };

const runnerParams = runnerParamsSchema;
const runnerPlanItemParams = runnerParams.extend({ planId: z.string().max(64), itemId: z.string().max(64) });
const runnerItemParams = runnerParams.extend({ itemId: z.string().max(64) });
const runnerDraftParams = runnerParams.merge(draftParamsSchema);

export interface RunnerPlanRoutesOptions {
  db: Db;
  config: AppConfig;
  /** The AI coach's service, called with the RUNNER's row and the coach as the one acting (decision 025). */
  ai: AiCoachService;
  schedule: ScheduleReaderPort;
  now?: () => Date;
}

/**
 * Ubah Jadwal (runner-and-coach §2, §6, §7): a coach reads and changes a connected runner's plan with
 * the same shapes as the runner's own `/api/training-plans*`, uses the AI for them and reads schedule
 * files. Every route asks the coaching access rule first (a live connection of the caller's, else 404);
 * runs the coach makes are 'coach' runs, and results they log need distance and time.
 * Strava-derived results belong to the runner alone (Strava API agreement): every read and every
 * write's answer here is the coach's view ('coach'), where a result Strava filled reads as not logged
 * until the runner keeps it (Simpan) in their own log; the AI used for a runner reads the same view.
 */
export async function runnerPlanRoutes(app: FastifyInstance, { db, config, ai, schedule, now = () => new Date() }: RunnerPlanRoutesOptions) {
  await app.register(fastifyMultipart, { limits: { fileSize: SCHEDULE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = () => jakartaToday(now());
  r.addHook('onRequest', signedIn);
  r.addHook('onRequest', async (request) => {
    const role = requireUser(request).role;
    if (role !== 'coach' && role !== 'admin') throw forbidden(coachingMessages.notCoach);
  });
  const runnerOf = (request: FastifyRequest & { params: { runnerId: string } }) => coachedRunner(db, requireUser(request).id, request.params.runnerId);
  const tags = ['coaching'];

  r.get(
    '/api/runner/:runnerId/training-plans',
    { schema: { tags, summary: "A connected runner's plan as the runner sees it; 404 when there is none (or no live connection)", params: runnerParams, response: { 200: planListSchema, ...errors } } },
    async (request) => {
      const plan = await readPlan(db, await runnerOf(request), undefined, 'coach');
      if (!plan) throw notFound('Belum ada program latihan.');
      return { trainingPlans: [plan] };
    },
  );

  r.get(
    '/api/runner/:runnerId/training-plans/range',
    {
      schema: {
        tags,
        summary: `A connected runner's runs from one day to another (DD-MM-YYYY, at most ${MAX_RANGE_DAYS} days)`,
        params: runnerParams,
        querystring: planRangeQuerySchema,
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => {
      const runner = await runnerOf(request);
      const from = planDateToIso(request.query.from)!;
      const to = planDateToIso(request.query.to)!;
      const span = daysBetween(from, to);
      if (span < 0 || span >= MAX_RANGE_DAYS) throw badRequest(`Rentang tanggal 1 sampai ${MAX_RANGE_DAYS} hari.`, 'INVALID_RANGE');
      const plan = await readPlan(db, runner, { from, to }, 'coach');
      return { trainingPlans: plan ? [plan] : [] };
    },
  );

  r.post(
    '/api/runner/:runnerId/training-plans',
    { bodyLimit: PLAN_BODY_LIMIT, schema: { tags, summary: "Adds the coach's runs ('coach') to a connected runner's plan, creating it when there is none", params: runnerParams, body: planInputSchema, response: { 201: planSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await addRuns(db, await runnerOf(request), request.body.trainingPlan, 'coach', today())),
  );

  r.put(
    '/api/runner/:runnerId/training-plans',
    {
      bodyLimit: PLAN_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Replaces a connected runner's plan with the given runs (new ones are the coach's); the runner's own runs, logged runs and locked runs that are left out stay",
        params: runnerParams,
        body: replaceInputSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => replaceRuns(db, await runnerOf(request), request.body.trainingPlan, today(), 'coach'),
  );

  r.patch(
    '/api/runner/:runnerId/training-plans/:planId/item/:itemId',
    {
      schema: {
        tags,
        summary: "Logs a result for the runner (distance and time required, HR optional) and/or moves a run",
        params: runnerPlanItemParams,
        body: runPatchSchema,
        response: { 200: patchRunResponseSchema, ...errors },
      },
    },
    async (request) => ({
      item: await patchRun(db, await runnerOf(request), request.params.planId, request.params.itemId, request.body, today(), 'coach'),
    }),
  );

  r.delete(
    '/api/runner/:runnerId/training-plans/:itemId',
    { schema: { tags, summary: 'Deletes a run the coach made; other runs are refused', params: runnerItemParams, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      const runner = await runnerOf(request);
      if (!request.params.itemId) throw badRequest(messages.deleteNoId);
      await deleteOwnRun(db, runner, request.params.itemId, 'coach');
      return { message: 'Aktivitas dihapus.' };
    },
  );

  r.post(
    '/api/runner/:runnerId/training-plans/schedule/parse',
    {
      config: { rateLimit: { max: config.aiLimits.perMinute, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `schedule:${request.auth?.user.id ?? request.ip}` } },
      schema: {
        tags,
        summary: 'Reads a schedule file (multipart field `file`: PNG, JPEG or PDF by content, at most 10 MB) into runs: a preview, nothing is saved',
        consumes: ['multipart/form-data'],
        params: runnerParams,
        response: { 200: schedulePreviewSchema, ...errors, 413: errorSchema, 422: errorSchema, 429: errorSchema, 502: errorSchema, 504: errorSchema },
      },
    },
    async (request) => {
      await runnerOf(request);
      const file = await readScheduleUpload(request);
      return previewSchedule(schedule, file, today());
    },
  );

  // The AI for a connected runner: the runner's premium is not required (decision 025); the per-minute
  // limit and the daily quota are the coach's own, shared with the coach's AI use for every runner.
  const rateLimit = {
    max: config.aiLimits.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `ai:${request.auth?.user.id ?? request.ip}`,
    errorResponseBuilder: () => new AppError('too_many', aiMessages.rateLimited, 'AI_RATE_LIMITED'),
  };
  const noStore = { 'cache-control': 'no-store' };
  const acting = (request: FastifyRequest) => ({ coachId: requireUser(request).id });

  r.post(
    '/api/coach/runner/:runnerId/ai/createplan',
    { config: { rateLimit }, schema: { tags, summary: 'An AI plan for a connected runner (the AI form), as a draft to save', params: runnerParams, body: createPlanRequestSchema, response: { 200: planDraftResponseSchema, ...aiErrors } } },
    async (request, reply) => {
      const runner = await runnerOf(request);
      reply.headers(noStore);
      return ai.createPlan(runner, request.body, now(), acting(request));
    },
  );

  r.post(
    '/api/coach/runner/:runnerId/ai/chat',
    { bodyLimit: CHAT_BODY_LIMIT, config: { rateLimit }, schema: { tags, summary: "Ask the AI for a change of a connected runner's plan", params: runnerParams, body: chatRequestSchema, response: { 200: chatReplySchema, ...aiErrors } } },
    async (request, reply) => {
      const runner = await runnerOf(request);
      reply.headers(noStore);
      return ai.chat(runner, request.body, now(), acting(request));
    },
  );

  r.post(
    '/api/coach/runner/:runnerId/ai/modify',
    {
      bodyLimit: MODIFY_BODY_LIMIT,
      config: { rateLimit },
      schema: { tags, summary: "Apply approved modifications to a connected runner's plan, as a draft to save", params: runnerParams, body: modifyRequestSchema, response: { 200: planDraftResponseSchema, ...aiErrors, 422: errorSchema } },
    },
    async (request, reply) => {
      const runner = await runnerOf(request);
      reply.headers(noStore);
      const { modification } = request.body;
      return ai.modify(runner, Array.isArray(modification) ? modification : [modification], now(), acting(request));
    },
  );

  r.post(
    '/api/coach/runner/:runnerId/ai/drafts/:draftId/save',
    {
      config: { rateLimit: { ...rateLimit, max: config.aiLimits.perMinute * 2 } },
      schema: { tags, summary: "Save a draft for a connected runner: its runs become the coach's and replace the range's unlogged AI and coach runs", params: runnerDraftParams, response: { 200: planSchema, ...aiErrors, 409: errorSchema } },
    },
    async (request) => {
      const runner = await runnerOf(request);
      if (!isUuid(request.params.draftId)) throw notFound(aiMessages.draftNotFound);
      return ai.saveDraft(runner, request.params.draftId, now(), acting(request));
    },
  );
}
