/**
 * The Running Buddy API's contract (issue 16 item 5): the public list and detail, creating and
 * editing a run, joining and leaving. Field names are the issue's. Pure: no I/O.
 */
import { z } from 'zod';
import { isValidIsoDay } from '../shared/wire-date';
import {
  GROUP_RUN_MAX_CAPACITY,
  GROUP_RUN_MAX_DAYS_AHEAD,
  GROUP_RUN_MAX_KM,
  GROUP_RUN_MIN_CAPACITY,
  GROUP_RUN_MIN_KM,
  groupRunMessages,
  groupRunStatuses,
} from './group-runs';

export { groupRunMessages };

const text = (max: number) => z.string().trim().min(1, groupRunMessages.required).max(max, groupRunMessages.tooLong);

const mapUrl = z
  .string()
  .trim()
  .max(500, groupRunMessages.tooLong)
  .transform((v) => v || null)
  .nullable()
  .refine((v) => v === null || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), groupRunMessages.mapUrl);

/** A start instant as sent: ISO with an offset (a WIB time is '+07:00'). */
const startsAtText = z
  .string()
  .trim()
  .min(1, groupRunMessages.required)
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), groupRunMessages.startsAtInvalid)
  .describe('ISO instant with an offset, in the future and at most a year ahead');

/** The same instant checked against the clock: in the future and at most a year ahead. */
function startsAt(now: Date) {
  return startsAtText
    .transform((v) => new Date(v))
    .refine((d) => Number.isNaN(d.getTime()) || d.getTime() > now.getTime(), groupRunMessages.startsAtPast)
    .refine((d) => Number.isNaN(d.getTime()) || d.getTime() <= now.getTime() + GROUP_RUN_MAX_DAYS_AHEAD * 86_400_000, groupRunMessages.startsAtTooFar);
}

const fields = {
  title: text(100),
  city: text(60),
  meetingPoint: text(200),
  mapUrl,
  startsAt: startsAtText,
  distanceKm: z.coerce
    .number({ message: groupRunMessages.distance })
    .min(GROUP_RUN_MIN_KM, groupRunMessages.distance)
    .max(GROUP_RUN_MAX_KM, groupRunMessages.distance)
    .transform((v) => Math.round(v * 10) / 10),
  paceGroup: text(40),
  capacity: z.coerce
    .number({ message: groupRunMessages.capacity })
    .int(groupRunMessages.capacity)
    .min(GROUP_RUN_MIN_CAPACITY, groupRunMessages.capacity)
    .max(GROUP_RUN_MAX_CAPACITY, groupRunMessages.capacity),
  description: z.string().trim().max(2000, groupRunMessages.tooLong).default(''),
};

/**
 * Creating a run, without the clock: the route's published body. groupRunInputSchema adds the
 * clock's checks on `startsAt` (the handler's parse).
 */
export const groupRunBodySchema = z.object({ ...fields, mapUrl: fields.mapUrl.optional().default(null) }).strict();

/** Creating a run. `now` bounds `startsAt` (tests pass their own clock). */
export function groupRunInputSchema(now: Date = new Date()) {
  return groupRunBodySchema.extend({ startsAt: startsAt(now) });
}
export type GroupRunInput = z.infer<ReturnType<typeof groupRunInputSchema>>;

/** The host's edit, without the clock: any of the fields (the route's published body). */
export const groupRunPatchBodySchema = z.object(fields).partial().strict();

/** The host's edit: any of the fields. */
export function groupRunPatchSchema(now: Date = new Date()) {
  return groupRunPatchBodySchema.extend({ startsAt: startsAt(now).optional() });
}
export type GroupRunPatch = z.infer<ReturnType<typeof groupRunPatchSchema>>;

export const groupRunListQuerySchema = z.object({
  city: z.string().trim().max(60).optional(),
  date: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidIsoDay(v), groupRunMessages.startsAtInvalid)
    .optional()
    .describe('YYYY-MM-DD, a Jakarta day'),
});

export const groupRunSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  meetingPoint: z.string(),
  mapUrl: z.string().nullable(),
  startsAt: z.string().describe('ISO instant'),
  distanceKm: z.number(),
  paceGroup: z.string(),
  capacity: z.number().int(),
  description: z.string(),
  status: z.enum(groupRunStatuses),
  participantsCount: z.number().int(),
  host: z.object({ id: z.string(), name: z.string() }),
});
export type GroupRun = z.infer<typeof groupRunSchema>;

/** One run as its page shows it: participants by name only (never an email), and the caller's place in it. */
export const groupRunDetailSchema = groupRunSchema.extend({
  /** `userId` only for the host (to remove someone); null for everyone else. */
  participants: z.array(z.object({ userId: z.string().nullable(), name: z.string() })),
  joined: z.boolean(),
  isHost: z.boolean(),
});
export type GroupRunDetail = z.infer<typeof groupRunDetailSchema>;

export const groupRunListSchema = z.object({ groupRuns: z.array(groupRunSchema) });
export type GroupRunList = z.infer<typeof groupRunListSchema>;

export const groupRunReportSchema = z.object({ reason: z.string().trim().min(1, groupRunMessages.reportReason).max(500, groupRunMessages.reportReason) }).strict();

/** A run as the admin reviews it: its reports and whether it is hidden. */
export const adminGroupRunSchema = groupRunSchema.extend({
  hidden: z.boolean(),
  reports: z.array(z.object({ reason: z.string(), reporterName: z.string(), createdAt: z.string() })),
});
export type AdminGroupRun = z.infer<typeof adminGroupRunSchema>;

export const groupRunIdParamsSchema = z.object({ id: z.string().min(1).max(120) });
export const groupRunParticipantParamsSchema = groupRunIdParamsSchema.extend({ userId: z.string().min(1).max(120) });

/** What every action without a run to return answers: its Indonesian confirmation. */
export const groupRunMessageSchema = z.object({ message: z.string() });
export type GroupRunMessage = z.infer<typeof groupRunMessageSchema>;

/** Created, edited or canceled: the confirmation and the run as it now stands. */
export const groupRunChangeSchema = z.object({ message: z.string(), groupRun: groupRunSchema });
export type GroupRunChange = z.infer<typeof groupRunChangeSchema>;

/** The caller's own upcoming runs, each marked when the caller hosts it. */
export const myGroupRunsSchema = z.object({ groupRuns: z.array(groupRunSchema.extend({ isHost: z.boolean() })) });
export type MyGroupRuns = z.infer<typeof myGroupRunsSchema>;

export const groupRunDetailResponseSchema = z.object({ groupRun: groupRunDetailSchema });
export type GroupRunDetailResponse = z.infer<typeof groupRunDetailResponseSchema>;

export const adminGroupRunListQuerySchema = z.object({ status: z.enum(['reported', 'hidden']).default('reported') });
export const adminGroupRunListSchema = z.object({ groupRuns: z.array(adminGroupRunSchema) });
export type AdminGroupRunList = z.infer<typeof adminGroupRunListSchema>;

export const groupRunVisibilitySchema = z.object({ hidden: z.boolean() }).strict();
