import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { daysBetween, jakartaToday, planDateToIso } from '../../../domain/shared/wire-date';
import { messages } from '../../../domain/training-plan/training-plan';
import {
  messageResponseSchema,
  patchRunResponseSchema,
  planByDateQuerySchema,
  planInputSchema,
  planListSchema,
  planRangeQuerySchema,
  planRunParamsSchema,
  planSchema,
  replaceInputSchema,
  runIdParamsSchema,
  runPatchSchema,
} from '../../../domain/training-plan/contract';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { badRequest, notFound } from '../../app-error';
import { addRuns, deleteOwnRun, deleteProgramRun, patchRun, readPlan, replaceRuns } from './service';

export const MAX_RANGE_DAYS = 366;

/** Up to 1000 runs per request (MAX_RUNS_PER_REQUEST): above the small default of plugins/input-guard.ts. */
const PLAN_BODY_LIMIT = 2 * 1024 * 1024;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The runner's own training plan (spec §7). Every route reads and writes only the caller's plan;
 * AI runs locked by the caller's subscription are returned as stubs and refused on every write.
 */
export async function trainingPlanRoutes(app: FastifyInstance, { db, now = () => new Date() }: { db: Db; /** Injectable clock for tests. */ now?: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The product's day (Asia/Jakarta): a result is only logged on or after a run's day. */
  const today = () => jakartaToday(now());
  r.addHook('onRequest', signedIn);

  r.get(
    '/api/training-plans',
    {
      schema: {
        tags: ['training-plans'],
        summary: "The caller's plan with all its runs; 404 when there is no plan yet",
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => {
      const plan = await readPlan(db, requireUser(request));
      if (!plan) throw notFound('Belum ada program latihan.');
      return { trainingPlans: [plan] };
    },
  );

  r.get(
    '/api/training-plans/by-date',
    {
      schema: {
        tags: ['training-plans'],
        summary: 'The runs of one day (DD-MM-YYYY)',
        querystring: planByDateQuerySchema,
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => {
      const day = planDateToIso(request.query.date)!;
      const plan = await readPlan(db, requireUser(request), { from: day, to: day });
      return { trainingPlans: plan ? [plan] : [] };
    },
  );

  r.get(
    '/api/training-plans/range',
    {
      schema: {
        tags: ['training-plans'],
        summary: `The runs from one day to another, both included (DD-MM-YYYY, at most ${MAX_RANGE_DAYS} days)`,
        querystring: planRangeQuerySchema,
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => {
      const from = planDateToIso(request.query.from)!;
      const to = planDateToIso(request.query.to)!;
      const span = daysBetween(from, to);
      if (span < 0) throw badRequest('Tanggal akhir harus sama dengan atau setelah tanggal awal.', 'INVALID_RANGE');
      if (span >= MAX_RANGE_DAYS) throw badRequest(`Rentang tanggal maksimal ${MAX_RANGE_DAYS} hari.`, 'INVALID_RANGE');
      const plan = await readPlan(db, requireUser(request), { from, to });
      return { trainingPlans: plan ? [plan] : [] };
    },
  );

  r.post(
    '/api/training-plans',
    {
      bodyLimit: PLAN_BODY_LIMIT,
      schema: {
        tags: ['training-plans'],
        summary: "Adds the runner's own runs ('user') to the caller's plan, creating it when there is none; returns the whole plan",
        body: planInputSchema,
        response: { 201: planSchema, ...errors },
      },
    },
    async (request, reply) => {
      const plan = await addRuns(db, requireUser(request), request.body.trainingPlan, 'user', today());
      return reply.status(201).send(plan);
    },
  );

  r.put(
    '/api/training-plans',
    {
      bodyLimit: PLAN_BODY_LIMIT,
      schema: {
        tags: ['training-plans'],
        summary:
          "Replaces the caller's plan with the given runs (runs sent with their _id keep it, their maker and their result; " +
          'locked runs come back only as their stub and stay; coach runs left out stay)',
        body: replaceInputSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => replaceRuns(db, requireUser(request), request.body.trainingPlan, today()),
  );

  r.patch(
    '/api/training-plans/:planId/item/:runId',
    {
      schema: {
        tags: ['training-plans'],
        summary: 'Logs a result (distance km, time s, average HR: all or none) and/or moves a run to another date',
        params: planRunParamsSchema,
        body: runPatchSchema,
        response: { 200: patchRunResponseSchema, ...errors },
      },
    },
    async (request) => ({
      item: await patchRun(db, requireUser(request), request.params.planId, request.params.runId, request.body, today()),
    }),
  );

  r.delete(
    '/api/training-plans/:planId/program/:runId',
    {
      schema: {
        tags: ['training-plans'],
        summary: "Removes a run from the plan (the runner's or an AI run; coach-made runs stay)",
        params: planRunParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteProgramRun(db, requireUser(request), request.params.planId, request.params.runId);
      return { message: 'Aktivitas dihapus.' };
    },
  );

  r.delete(
    '/api/training-plans/:runId',
    {
      schema: {
        tags: ['training-plans'],
        summary: 'Deletes a run the runner made (the log modal); other runs are refused',
        params: runIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.params.runId) throw badRequest(messages.deleteNoId);
      await deleteOwnRun(db, requireUser(request), request.params.runId);
      return { message: 'Aktivitas dihapus.' };
    },
  );
}
