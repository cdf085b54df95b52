/**
 * The calendar API's contract (events-and-coach-pages §3, §5, §7, §8): the public list, one entry,
 * a submission, and the admin's moderation. Field names are the spec's (`eventname`, `roadortrail`,
 * `category[]`, `isapproved` and `ispartnership` as 'yes'/'no'). Pure: no I/O.
 */
import { z } from 'zod';
import { jakartaToday, isValidIsoDay } from '../shared/wire-date';
import { CALENDAR_MAX_CATEGORIES, calendarStatuses, roadOrTrailValues, splitCategories } from './event-calendar';

export const calendarMessages = {
  loadFailed: 'Gagal memuat kalender event.',
  submitFailed: 'Gagal submit event',
  detailFailed: 'Gagal memuat detail event',
  submitted: 'Event berhasil disubmit!',
  moderationNote: 'Setiap event yang disubmit akan dimoderasi oleh admin terlebih dahulu sebelum tampil di kalender.',
  required: 'Wajib diisi',
  datePast: 'Tanggal tidak boleh sebelum hari ini.',
  dateInvalid: 'Tanggal tidak valid.',
  categoriesRequired: 'Isi minimal satu kategori, pisahkan dengan koma.',
  categoriesTooMany: `Maksimal ${CALENDAR_MAX_CATEGORIES} kategori.`,
  emailInvalid: 'Format email tidak valid',
  websiteInvalid: 'Alamat website tidak valid, contoh: larikota.id atau instagram.com/larikota.',
  roadOrTrail: 'Pilih Road atau Trail.',
  duplicate: 'Event dengan nama dan tanggal yang sama sudah ada di kalender atau sedang dimoderasi. Terima kasih!',
  notFound: 'Event tidak ditemukan.',
  tooMany: 'Terlalu banyak pengiriman dari alamat Anda. Silakan coba lagi nanti.',
} as const;

const yesNo = z.enum(['yes', 'no']);

/** An entry as the calendar shows it; platform events carry their registration page. */
export const calendarEventSchema = z.object({
  _id: z.string(),
  eventname: z.string(),
  date: z.string().describe('YYYY-MM-DD (Asia/Jakarta day)'),
  location: z.string(),
  website: z.string().nullable(),
  roadortrail: z.enum(roadOrTrailValues),
  category: z.array(z.string()),
  email: z.string().nullable().describe('the contact email; null for platform events'),
  organizer: z.string(),
  description: z.string(),
  ispartnership: yesNo,
  isapproved: yesNo,
  /** 'platform': an accepted event of Derap's registration, registered at `registerUrl`. */
  source: z.enum(['submission', 'platform']),
  registerUrl: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarListQuerySchema = z.object({
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  q: z.string().trim().max(100).optional(),
  roadortrail: z.enum(roadOrTrailValues).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const calendarListSchema = z.object({
  events: z.array(calendarEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CalendarList = z.infer<typeof calendarListSchema>;

/**
 * A website as stored: what people type ('instagram.com/larikota', 'www.larikota.id') with
 * `https://` in front when no scheme is given (issue 28 item 11). Another scheme than http(s) is
 * kept as typed, so the check below refuses it.
 */
export function websiteUrl(typed: string): string {
  const value = typed.trim();
  // 'larikota.id:8080/daftar' is a host and a port, not a scheme.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d+(\/|$)/.test(value);
  if (value === '' || hasScheme) return value;
  return `https://${value.replace(/^\/\//, '')}`;
}

const websiteField = z
  .string()
  .trim()
  .max(300)
  .transform((v) => (v ? websiteUrl(v) : null))
  .nullable()
  .refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), calendarMessages.websiteInvalid);
/** A submission's website: blank or absent is none. */
const optionalUrl = websiteField.default(null);

const submissionDate = z
  .string()
  .trim()
  .min(1, calendarMessages.required)
  .refine((v) => isValidIsoDay(v), calendarMessages.dateInvalid)
  .describe('YYYY-MM-DD, not before today (Asia/Jakarta)');

/**
 * The fields a submitter (and an admin editing it) may set, without the clock: the route's published
 * body. calendarSubmissionSchema adds the check of `date` against today.
 */
export const calendarSubmissionBodySchema = z.object({
  eventname: z.string().trim().min(1, calendarMessages.required).max(150),
  date: submissionDate,
  location: z.string().trim().min(1, calendarMessages.required).max(150),
  website: optionalUrl,
  roadortrail: z.enum(roadOrTrailValues, { message: calendarMessages.roadOrTrail }),
  category: z
    .union([z.string(), z.array(z.string().max(60)).max(40)])
    .transform((v) => splitCategories(v))
    .refine((v) => v.length > 0, calendarMessages.categoriesRequired)
    .refine((v) => v.length <= CALENDAR_MAX_CATEGORIES, calendarMessages.categoriesTooMany),
  email: z.string().trim().min(1, calendarMessages.required).max(254).email(calendarMessages.emailInvalid),
  organizer: z.string().trim().min(1, calendarMessages.required).max(150),
  description: z.string().trim().min(1, calendarMessages.required).max(3000),
  /** Set by the server; whatever a client sends here is ignored (§4: submissions start 'no'/'no'). */
  ispartnership: z.unknown().optional(),
  isapproved: z.unknown().optional(),
  /** Honeypot: a field people never see; bots fill it. */
  website2: z.string().max(300).optional(),
});

/** The fields a submitter (and an admin editing it) may set. `today` bounds the date (§5: not before today). */
export function calendarSubmissionSchema(today: string = jakartaToday()) {
  return calendarSubmissionBodySchema.extend({
    date: submissionDate.refine((v) => !isValidIsoDay(v) || v >= today, calendarMessages.datePast),
  });
}
export type CalendarSubmission = z.infer<ReturnType<typeof calendarSubmissionSchema>>;

/** Admin moderation: approve/reject, partnership, and corrections (date may be any valid day: fixing an old entry). */
export const calendarModerationSchema = z.object({
  isapproved: z.enum(['yes', 'no', 'rejected']).optional(),
  ispartnership: yesNo.optional(),
  eventname: z.string().trim().min(1, calendarMessages.required).max(150).optional(),
  date: z.string().trim().refine((v) => isValidIsoDay(v), calendarMessages.dateInvalid).optional(),
  location: z.string().trim().min(1, calendarMessages.required).max(150).optional(),
  // No default here: a moderation that does not send the website (approve, partnership) keeps it.
  website: websiteField.optional(),
  roadortrail: z.enum(roadOrTrailValues).optional(),
  category: z
    .union([z.string(), z.array(z.string().max(60)).max(40)])
    .transform((v) => splitCategories(v))
    .refine((v) => v.length > 0 && v.length <= CALENDAR_MAX_CATEGORIES, calendarMessages.categoriesRequired)
    .optional(),
  email: z.string().trim().max(254).email(calendarMessages.emailInvalid).optional(),
  organizer: z.string().trim().min(1, calendarMessages.required).max(150).optional(),
  description: z.string().trim().min(1, calendarMessages.required).max(3000).optional(),
});

export const adminCalendarEventSchema = calendarEventSchema.extend({
  status: z.enum(calendarStatuses),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminCalendarEvent = z.infer<typeof adminCalendarEventSchema>;

/** The .ics feed's filters. */
export const calendarFeedQuerySchema = z.object({ roadortrail: z.enum(roadOrTrailValues).optional(), region: z.string().trim().max(60).optional() });

export const calendarEntryParamsSchema = z.object({ id: z.string().min(1).max(120) });

/** One entry: with its review status for admins, as the calendar shows it for everyone else. */
export const calendarEntryResponseSchema = z.object({ event: z.union([adminCalendarEventSchema, calendarEventSchema]) });
export type CalendarEntryResponse = z.infer<typeof calendarEntryResponseSchema>;

/** A submission's answer: the confirmation and the entry as stored (pending). */
export const calendarSubmittedSchema = z.object({ message: z.string(), event: calendarEventSchema });
export type CalendarSubmitted = z.infer<typeof calendarSubmittedSchema>;

export const calendarModerationQuerySchema = z.object({ status: z.enum([...calendarStatuses, 'all']).default('pending') });
export const calendarModerationListSchema = z.object({ events: z.array(adminCalendarEventSchema) });
export type CalendarModerationList = z.infer<typeof calendarModerationListSchema>;

export const calendarModeratedSchema = z.object({ event: adminCalendarEventSchema });
export type CalendarModerated = z.infer<typeof calendarModeratedSchema>;
