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
