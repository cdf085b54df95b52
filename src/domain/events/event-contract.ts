/**
 * What the events API answers (events-and-coach-pages §3, §7): the organizer list item, the
 * public card and the registration-page event, plus the admin's moderation rules. The server
 * validates its responses with these schemas and the web app reads its types from them.
 * Dates are ISO 8601 instants. Pure: no I/O.
 */
import { z } from 'zod';
import { eventPaymentTypes, eventStatuses, type EventStatus } from './events';
import { paymentOptionKeys } from '../payments/payments';

const categorySummarySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  price: z.number().int(),
  adminFee: z.number().int(),
  slots: z.number().int(),
  sold: z.number().int(),
});

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
  categories: z.array(categorySummarySchema.extend({ paid: z.number().int(), pending: z.number().int() })),
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
  /** Whole rupiah received: sum of paid registrations' payment amounts (self-managed: verified ones only). */
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

/** GET /api/events/{code}: the registration page's event. */
export const registrationEventSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  headerImage: z.string().nullable(),
  location: z.string(),
  timezone: z.string(),
  status: z.enum(eventStatuses),
  eventDate: z.string(),
  regOpen: z.string(),
  regClose: z.string(),
  earlyBirdEndDate: z.string().nullable(),
  paymentType: z.enum(eventPaymentTypes),
  paymentOptions: z.array(z.enum(paymentOptionKeys)),
  paymentInstruction: z.object({ qrImage: z.string(), instructions: z.string() }).nullable(),
  organizer: z.object({ name: z.string() }),
  categories: z.array(
    categorySummarySchema.extend({
      description: z.string(),
      originalPrice: z.number().int().nullable(),
      earlyBird: z.boolean(),
      earlyBirdEndDate: z.string().nullable(),
    }),
  ),
});
export type RegistrationEvent = z.infer<typeof registrationEventSchema>;

/** POST /api/uploads. */
export const uploadResultSchema = z.object({
  url: z.string(),
  key: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * The admin's moderation moves (DESIGN.md §4: Diajukan → Diterima / Ditolak / Tutup). A rejected
 * event can be reconsidered and a closed one reopened; nothing goes back to Diajukan, which only
 * means "not looked at yet".
 */
export const eventStatusTransitions: Record<EventStatus, readonly EventStatus[]> = {
  diajukan: ['diterima', 'ditolak', 'tutup'],
  diterima: ['tutup', 'ditolak'],
  ditolak: ['diterima'],
  tutup: ['diterima'],
};

export function canMoveEventStatus(from: EventStatus, to: EventStatus): boolean {
  return eventStatusTransitions[from].includes(to);
}

/** Statuses anyone may see on the registration page (the public list shows `diterima` only). */
export const publicEventStatuses: readonly EventStatus[] = ['diterima', 'tutup'];
