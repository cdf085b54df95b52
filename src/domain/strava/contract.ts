/**
 * The Strava API's contract (issue 15): the routes the web app calls and the shapes they answer.
 * `GET /api/strava/connect` and `/api/strava/callback` are browser navigations (redirects);
 * `/api/strava/webhook` is Strava's. Pure: no I/O.
 */
import { z } from 'zod';
import { stravaActivityStatuses } from './strava';

/** GET /api/strava/status: what Pengaturan Profil and the calendar show. */
export const stravaStatusSchema = z.object({
  /** False: this server has no STRAVA_* config; the connect button explains, file upload is the way in. */
  configured: z.boolean(),
  connected: z.boolean(),
  athleteId: z.string().nullable(),
  connectedAt: z.string().nullable().describe('ISO instant'),
  lastSyncAt: z.string().nullable().describe('ISO instant'),
  /** Automatic (webhook) sync is a premium feature (spec §9); 'Sinkronkan sekarang' works for every connected runner. */
  autoSync: z.boolean(),
  /** Synced runs on days without a planned run, waiting for keep/discard. */
  unplanned: z.number().int(),
});
export type StravaStatus = z.infer<typeof stravaStatusSchema>;

/** A synced activity as its runner sees it (never anyone else). */
export const stravaActivitySchema = z.object({
  _id: z.string(),
  activityId: z.string(),
  name: z.string(),
  date: z.string().describe('DD-MM-YYYY, Asia/Jakarta'),
  distance: z.number().describe('km'),
  time: z.number().int().describe('moving time, seconds'),
  pace: z.number().int().nullable().describe('seconds per km'),
  avgHeartRate: z.number().int().nullable(),
  status: z.enum(stravaActivityStatuses),
  runId: z.string().nullable(),
});
export type StravaActivityView = z.infer<typeof stravaActivitySchema>;

/** GET /api/strava/activities?status=unplanned (default): the runner's own. */
export const stravaActivitiesQuerySchema = z.object({ status: z.enum(stravaActivityStatuses).default('unplanned') });
export const stravaActivityListSchema = z.object({ data: z.array(stravaActivitySchema) });

/** POST /api/strava/activities/{id}/keep | /discard */
export const stravaActivityParamsSchema = z.object({ id: z.string().max(64) });

export const stravaMessageSchema = z.object({ message: z.string() });
export type StravaMessage = z.infer<typeof stravaMessageSchema>;

const stravaId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Strava's webhook event (https://developers.strava.com/docs/webhooks/); unknown fields are ignored. */
export const stravaEventSchema = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: stravaId,
  aspect_type: z.enum(['create', 'update', 'delete']),
  owner_id: stravaId,
  subscription_id: stravaId.optional(),
  event_time: stravaId,
  updates: z.record(z.string().max(100), z.unknown()).optional(),
});
export type StravaEvent = z.infer<typeof stravaEventSchema>;

/** Strava's validation of the webhook subscription (hub.* query). */
export const stravaWebhookValidationQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});
/** The echo Strava expects of the validation. */
export const stravaWebhookChallengeSchema = z.object({ 'hub.challenge': z.string() });

/** Strava's connect callback (a browser navigation back from Strava). */
export const stravaCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(1024).optional(),
  scope: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});
