/**
 * The events API's contract (events-and-coach-pages §3, §7): the request and response schemas of
 * every events endpoint — the organizer list item, the public card, the registration-page event
 * and the admin's moderation. The routes validate with these schemas and the web app reads its
 * types from them. Dates are ISO 8601 instants. Pure: no I/O.
 */
import { z } from 'zod';
import { eventInputSchema, eventUpdateInputSchema } from './event-form';
import { eventPaymentTypes, eventStatuses } from './events';
import { paymentOptionKeys } from '../payments/payments';
import { categorySummarySchema } from './registration-event-contract';

// The registration page's event lives in its own module: the page loads it without the organizer's
// form schemas (event-form, date-fns), about 10 KB gzip less before the event shows (issue 12).
export { registrationEventResponseSchema, registrationEventSchema, type RegistrationEvent } from './registration-event-contract';

/** GET /api/events and GET /api/admin/events: one row of 'Daftar Kegiatan'. */
export const organizerEventSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  headerImage: z.string().nullable(),
  status: z.enum(eventStatuses),
  location: z.string(),
  timezone: z.string(),
  paymentType: z.enum(eventPaymentTypes),
  /**
   * `sold` counts every held slot; `paid` the confirmed registrations (racepack collected
   * included) and `pending` those holding a slot while they wait for payment.
   */
  categories: z.array(
    z.object({
      ...categorySummarySchema.shape,
      paid: z.number().int(),
      pending: z.number().int(),
      description: z.string(),
      /** Normal price after early bird (stored as set; `price` is the stored early bird or only price). */
      originalPrice: z.number().int().nullable(),
      earlyBird: z.boolean(),
      earlyBirdEndDate: z.string().nullable(),
      /** What a runner is charged now (before the admin fee): early bird until its day ends, then the normal price. */
      currentPrice: z.number().int(),
      /** Sold a ticket (a held slot or any registration row): name, prices and early bird are fixed (decision 020). */
      locked: z.boolean(),
      /** Bib numbers (bib-numbers.ts): the prefix and range runners are numbered from when confirmed; no range (null), no numbers. */
      bibPrefix: z.string(),
      bibStart: z.number().int().nullable(),
      bibEnd: z.number().int().nullable(),
    }),
  ),
  earlyBirdEndDate: z.string().nullable(),
  paymentOptions: z.array(z.enum(paymentOptionKeys)),
  paymentInstruction: z.object({ qrImage: z.string(), instructions: z.string() }).nullable(),
  /** The runner must type a 6-digit code mailed to them before a slot is held (decision 033). */
  emailCodeRequired: z.boolean(),
  /** Registration rows of any status, ever: an event with none may be deleted. */
  registrations: z.number().int(),
  createdBy: z.object({ _id: z.string(), name: z.string() }),
  eventDate: z.string(),
  regOpen: z.string(),
  regClose: z.string(),
  /** The spec's list reads these lowercase names too. */
  eventdate: z.string(),
  regopen: z.string(),
  regclose: z.string(),
  /** Registrations confirmed or with their racepack collected ('Terbayar'). */
  participants: z.number().int(),
  /** Registrations holding a slot while they wait for payment ('Menunggu pembayaran'); not in `participants` or `revenue`. */
  pendingPayment: z.number().int(),
  /** Sum of the categories' slots. */
  capacity: z.number().int(),
  /**
   * 'Pendapatan': the organizer's net in whole rupiah — paid registrations (self-managed: verified
   * ones) less refunds and Derap's admin fees (decision 020); a Rp250.000 entry counts Rp250.000.
   */
  revenue: z.number().int(),
  /** Self-managed registrations whose proof of transfer waits for the organizer's verification. */
  awaitingVerification: z.number().int(),
  /** Cheapest and dearest total a runner pays (price + admin fee); null without categories. */
  fee: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type OrganizerEvent = z.infer<typeof organizerEventSchema>;

/** GET /api/events/status: what a public event card shows. */
export const publicEventCardSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  code: z.string(),
  name: z.string(),
  headerImage: z.string().nullable(),
  status: z.enum(eventStatuses),
  location: z.string(),
  timezone: z.string(),
  eventDate: z.string(),
  regOpen: z.string(),
  regClose: z.string(),
  organizer: z.object({ name: z.string() }),
  categories: z.array(categorySummarySchema),
});
export type PublicEventCard = z.infer<typeof publicEventCardSchema>;


const statusQuery = z.enum(eventStatuses, { error: `Status harus salah satu dari: ${eventStatuses.join(', ')}.` });

/**
 * POST /api/events. The field rules live with the event form (event-form.ts) because the dialog
 * validates with the very same schema before it sends.
 */
export const createEventBodySchema = eventInputSchema;
export const eventResponseSchema = z.object({ event: organizerEventSchema });
export type EventResponse = z.infer<typeof eventResponseSchema>;

/** PUT /api/events/{id}: the creation payload again; what may change is decided by the server (decision 020). */
export const updateEventBodySchema = eventUpdateInputSchema;

/** DELETE /api/events/{id}. */
export const deleteEventResponseSchema = z.object({ deleted: z.literal(true), message: z.string() });
export type DeleteEventResponse = z.infer<typeof deleteEventResponseSchema>;

/** GET /api/events and GET /api/admin/events. */
export const organizerEventListSchema = z.object({ events: z.array(organizerEventSchema) });
export type OrganizerEventList = z.infer<typeof organizerEventListSchema>;

/** GET /api/events/status. */
export const publicEventsQuerySchema = z.object({ status: statusQuery.default('diterima') });
export const publicEventListSchema = z.object({ events: z.array(publicEventCardSchema) });
export type PublicEventList = z.infer<typeof publicEventListSchema>;

/** GET /api/events/{code}. */
export const eventCodeParamsSchema = z.object({ code: z.string().max(100) });

/** GET /api/admin/events. */
export const adminEventsQuerySchema = z.object({ status: statusQuery.optional() });

/** PATCH /api/admin/events/{id}/status. */
export const eventIdParamsSchema = z.object({ id: z.string().max(64) });
export const eventStatusBodySchema = z.object({ status: statusQuery });
export type EventStatusBody = z.infer<typeof eventStatusBodySchema>;

/* ------------------------------------------------------------------ Keuangan (decision 020) */

export const moneyFiguresSchema = z.object({
  paidCount: z.number().int(),
  refundedCount: z.number().int(),
  gross: z.number().int(),
  platformFees: z.number().int(),
  gatewayFees: z.number().int(),
  refunds: z.number().int().describe('Returned to runners (gateway refunds confirmed, manual refunds settled)'),
  refundsOwed: z.number().int().describe('Owed back to runners, not yet returned (never paid out)'),
  net: z.number().int(),
  payoutDue: z.number().int(),
  collectedDirectly: z.number().int(),
  platformFeesOwed: z.number().int(),
});

const financeEventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  status: z.enum(eventStatuses),
  paymentType: z.enum(eventPaymentTypes),
  eventDate: z.string(),
});

/** GET /api/events/{id}/finance: one event's money, in total, per month, per category and per payment method. */
export const eventFinanceSchema = z.object({
  event: financeEventSchema,
  totals: moneyFiguresSchema,
  months: z.array(moneyFiguresSchema.extend({ month: z.string() })),
  categories: z.array(moneyFiguresSchema.extend({ categoryId: z.string(), name: z.string() })),
  methods: z.array(
    z.object({ group: z.enum(['va', 'qris', 'gopay', 'card', 'other']), label: z.string(), count: z.number().int(), amount: z.number().int(), fee: z.number().int() }),
  ),
});
export type EventFinance = z.infer<typeof eventFinanceSchema>;

/** GET /api/events/finance: the organizer's events (an admin's: all) for one month or all time. */
export const financeQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM.')
    .optional(),
});
export const organizerFinanceSchema = z.object({
  /** The month asked for ('YYYY-MM'), or null for all time. */
  month: z.string().nullable(),
  /** Every month with paid registrations, newest first (for the month picker). */
  months: z.array(z.string()),
  totals: moneyFiguresSchema,
  events: z.array(financeEventSchema.extend({ figures: moneyFiguresSchema })),
});
export type OrganizerFinance = z.infer<typeof organizerFinanceSchema>;
