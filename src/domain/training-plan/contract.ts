/**
 * The training plan API's contract (spec §3, §7): the run shapes every read returns, what a client
 * may send, and the request and response schemas of the plan, calendar feed and development
 * endpoints. The routes validate with these schemas and the web app reads its types from them.
 * Wire dates are DD-MM-YYYY; messages are the spec's Indonesian text (training-plan.ts).
 */
import { z } from 'zod';
import { normalisePaceRange } from './pace';
import { planDateProblem } from '../shared/wire-date';
import { isValidProgram } from './training-program';
import { resultSources } from '../strava/strava';
import {
  generatedByValues,
  MAX_LOGGED_HEART_RATE,
  MAX_RUN_DISTANCE_KM,
  MAX_RUN_TIME_SECONDS,
  MAX_RUNS_PER_REQUEST,
  messages,
  MIN_HEART_RATE,
  periodizationValues,
} from './training-plan';

const dateMessages = { format: messages.dateInvalid, calendar: messages.dateNotInCalendar, range: messages.dateOutOfRange } as const;

/** A DD-MM-YYYY wire date that must be a real calendar day; each way of failing says what is wrong. */
export const planDateSchema = z
  .string({ error: messages.dateRequired })
  .trim()
  .min(1, { message: messages.dateRequired, abort: true })
  .check((ctx) => {
    const problem = planDateProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: dateMessages[problem], input: ctx.value });
  });

const distanceSchema = z
  .number({ error: 'Jarak lari harus berupa angka.' })
  .positive('Jarak lari harus lebih dari 0 km.')
  .max(MAX_RUN_DISTANCE_KM, `Jarak lari maksimal ${MAX_RUN_DISTANCE_KM} km.`);
const timeSchema = z
  .number({ error: 'Waktu lari harus berupa angka (detik).' })
  .int('Waktu lari harus dalam detik bulat.')
  .positive('Waktu lari harus lebih dari 0 detik.')
  .max(MAX_RUN_TIME_SECONDS, 'Waktu lari maksimal 48 jam.');
const heartRateSchema = z
  .number({ error: 'Rata-rata HR harus berupa angka.' })
  .int('Rata-rata HR harus bilangan bulat.')
  .min(MIN_HEART_RATE, `Rata-rata HR minimal ${MIN_HEART_RATE} bpm.`)
  .max(MAX_LOGGED_HEART_RATE, `Rata-rata HR maksimal ${MAX_LOGGED_HEART_RATE} bpm.`);
const paceSchema = z.number().positive().max(MAX_RUN_TIME_SECONDS);

/** A run as the API returns it. */
export const runSchema = z.object({
  _id: z.string(),
  date: z.string().describe('DD-MM-YYYY'),
  title: z.string(),
  program: z.string(),
  paceRange: z.string(),
  color: z.string(),
  periodization: z.enum(periodizationValues).nullable(),
  generatedby: z.enum(generatedByValues),
  trainingdistance: z.number().nullable().describe('km'),
  trainingtime: z.number().nullable().describe('seconds'),
  trainingpace: z.number().nullable().describe('seconds per km'),
  traininghr: z.number().nullable().describe('bpm'),
  /**
   * Where the result came from: 'manual' (typed or kept by the runner, or typed by their coach),
   * 'strava' (filled by a synced activity; shown to the runner only, a coach reads it as not logged),
   * null when there is no result (or one logged before sources were kept).
   */
  source: z.enum(resultSources).nullable(),
  locked: z.literal(false).describe('false: the whole run is shown'),
});
export type Run = z.infer<typeof runSchema>;

/** A locked AI run as every read returns it: no title, program, pace or result (the paywall). */
export const lockedRunSchema = z.object({
  _id: z.string(),
  date: z.string().describe('DD-MM-YYYY'),
  generatedby: z.enum(generatedByValues),
  locked: z.literal(true).describe("true: an AI run after the subscription end, shown as 'Kunci'"),
});
export type LockedRun = z.infer<typeof lockedRunSchema>;

/** A run of a plan as a reader sees it: whole, or its locked stub. */
export const planRunSchema = z.discriminatedUnion('locked', [runSchema, lockedRunSchema]);
export type PlanRun = Run | LockedRun;

/** The plan container: clients read only the first of `trainingPlans`. */
export const planSchema = z.object({ _id: z.string(), trainingPlan: z.array(planRunSchema) });
export type TrainingPlan = z.infer<typeof planSchema>;
export const planListSchema = z.object({ trainingPlans: z.array(planSchema) });

/** A run sent by a client. `color` and `trainingpace` are derived by the server, whatever is sent. */
export const runInputSchema = z.object({
  _id: z.string().max(64).optional(),
  date: planDateSchema,
  title: z.string({ error: messages.titleRequired }).trim().min(1, messages.titleRequired).max(100, 'Judul maksimal 100 karakter.'),
  program: z
    .string()
    .trim()
    .max(100, { message: 'Program maksimal 100 karakter.', abort: true })
    .refine(isValidProgram, messages.programInvalid)
    .optional()
    .default(''),
  // Stored in the plan's own notation ("4'10 - 4'15"), whichever accepted shape was typed.
  paceRange: z
    .string()
    .trim()
    .max(40, { message: 'Rentang pace maksimal 40 karakter.', abort: true })
    .refine((value) => normalisePaceRange(value) !== null, messages.paceRangeInvalid)
    .overwrite((value) => normalisePaceRange(value) ?? value)
    .optional()
    .default(''),
  color: z.string().optional(),
  periodization: z.enum(periodizationValues, { error: 'Periodisasi harus Base, Build atau Taper.' }).nullable().optional(),
  generatedby: z.enum(generatedByValues, { error: 'Sumber aktivitas tidak dikenal.' }).optional(),
  trainingdistance: distanceSchema.nullable().optional(),
  trainingtime: timeSchema.nullable().optional(),
  trainingpace: paceSchema.nullable().optional(),
  traininghr: heartRateSchema.nullable().optional(),
});
export type RunInput = z.input<typeof runInputSchema>;

export const planInputSchema = z.object({
  trainingPlan: z
    .array(runInputSchema, { error: 'trainingPlan harus berupa daftar aktivitas.' })
    .max(MAX_RUNS_PER_REQUEST, `Maksimal ${MAX_RUNS_PER_REQUEST} aktivitas per permintaan.`),
});

/**
 * A locked run sent back in a PUT exactly as it was read: it means "leave this run as it is".
 * Its date and maker, when sent, must still be what is stored.
 */
export const lockedRunInputSchema = z.object({
  _id: z.string({ error: messages.runNoId }).max(64),
  date: z.string().max(20).optional(),
  generatedby: z.enum(generatedByValues, { error: 'Sumber aktivitas tidak dikenal.' }).optional(),
  locked: z.literal(true),
});
export type LockedRunInput = z.infer<typeof lockedRunInputSchema>;

/** One item of a PUT: a whole run (new, or kept by its `_id`), or a locked run's stub. */
export const replaceItemSchema = z.discriminatedUnion(
  'locked',
  [runInputSchema.extend({ locked: z.literal(false).optional() }), lockedRunInputSchema],
  { error: 'locked harus true atau false.' },
);
export type ReplaceItem = z.input<typeof replaceItemSchema>;

export const replaceInputSchema = z.object({
  trainingPlan: z
    .array(replaceItemSchema, { error: 'trainingPlan harus berupa daftar aktivitas.' })
    .max(MAX_RUNS_PER_REQUEST, `Maksimal ${MAX_RUNS_PER_REQUEST} aktivitas per permintaan.`),
});

/** PATCH of one run: a result and/or a new date. */
export const runPatchSchema = z
  .object({
    date: planDateSchema.optional(),
    trainingdistance: distanceSchema.nullable().optional(),
    trainingtime: timeSchema.nullable().optional(),
    trainingpace: paceSchema.nullable().optional(),
    traininghr: heartRateSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Tidak ada perubahan yang dikirim.' });
export type RunPatch = z.input<typeof runPatchSchema>;

/** GET /api/training-plans/by-date. */
export const planByDateQuerySchema = z.object({ date: planDateSchema });
/** GET /api/training-plans/range. */
export const planRangeQuerySchema = z.object({ from: planDateSchema, to: planDateSchema });
export type PlanRangeQuery = z.input<typeof planRangeQuerySchema>;
export type PlanList = z.infer<typeof planListSchema>;

/** PATCH /api/training-plans/{planId}/item/{runId} and DELETE /api/training-plans/{planId}/program/{runId}. */
export const planRunParamsSchema = z.object({ planId: z.string().max(64), runId: z.string().max(64) });
export const patchRunResponseSchema = z.object({ item: planRunSchema });
export type PatchRunResponse = z.infer<typeof patchRunResponseSchema>;
/** DELETE /api/training-plans/{runId}. */
export const runIdParamsSchema = z.object({ runId: z.string().max(64) });
/** What a delete answers. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /api/training-plans/calendar-feed. */
export const feedCreatedSchema = z.object({
  url: z.string().describe('The private https feed URL; shown only once'),
  webcalUrl: z.string().describe('The same feed with the webcal: scheme (calendar apps subscribe to it)'),
  createdAt: z.string().describe('ISO 8601'),
});
export type CreatedFeed = z.infer<typeof feedCreatedSchema>;
/** GET /api/training-plans/calendar-feed (createdAt ISO 8601, null when there is no feed). */
export const feedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type FeedStatus = z.infer<typeof feedStatusSchema>;
/** DELETE /api/training-plans/calendar-feed. */
export const feedRevokedSchema = feedStatusSchema.extend({ message: z.string() });
/** GET /api/calendar/{token}.ics: the token is the credential. */
export const feedTokenParamsSchema = z.object({ token: z.string().max(100) });

/** POST /api/dev/training-plans/ai-runs (development only). */
export const devAiRunsBodySchema = planInputSchema.extend({
  accessDays: z.number({ error: 'accessDays harus berupa angka.' }).int().min(-3650).max(3650).nullable().optional(),
});
