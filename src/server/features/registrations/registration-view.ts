import { z } from 'zod';
import { isoToPlanDate } from '../../../domain/shared/wire-date';
import {
  registrationPaymentStatuses,
  registrationStatuses,
} from '../../../domain/events/events';
import type { EventCategoryRow, EventRow, RunnerRegistrationRow } from '../../db/schema';

/**
 * The spec's runner registration shape (events-and-coach-pages §3), shared by every registration
 * endpoint: `_id`, `registrationId`, `eventId`, `categoryId`, `status`, dates, `payment{status, amount}`,
 * `runnerData{...}`; plus names and racepack facts the organizer screens show.
 */
export const runnerDataSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  bibName: z.string(),
  community: z.string(),
  bloodType: z.string(),
  tshirtSize: z.string(),
  sex: z.string(),
  /** DD-MM-YYYY, like every date of the spec's data. */
  dob: z.string(),
  identityType: z.string(),
  identityNo: z.string(),
  emergencyName: z.string(),
  emergencyContact: z.string(),
  medicalNotes: z.string(),
});

export const registrationJsonSchema = z.object({
  _id: z.string(),
  registrationId: z.string(),
  /** The event's `eventId` slug. */
  eventId: z.string(),
  eventName: z.string(),
  eventCode: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  status: z.enum(registrationStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  payment: z.object({
    status: z.enum(registrationPaymentStatuses),
    amount: z.number().int(),
    eventFee: z.number().int(),
    adminFee: z.number().int(),
    method: z.string().nullable(),
  }),
  runnerData: runnerDataSchema,
  expiresAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  racepackCollectedAt: z.string().nullable(),
  /**
   * Self-managed payments: the runner's latest proof of transfer (an image only the event's
   * organizer and admins may fetch at `url`), the organizer's verification and latest rejection.
   */
  paymentProof: z.object({ url: z.string(), submittedAt: z.string() }).nullable(),
  paymentVerifiedAt: z.string().nullable(),
  paymentRejection: z.object({ reason: z.string(), rejectedAt: z.string() }).nullable(),
});
export type RegistrationJson = z.infer<typeof registrationJsonSchema>;

/**
 * What the public registration answer shows: whoever holds the response (or, later, the id) must
 * not see the runner's identity number, medical notes or contacts.
 */
export const publicRegistrationSchema = registrationJsonSchema.pick({
  _id: true,
  registrationId: true,
  eventId: true,
  categoryId: true,
  status: true,
  payment: true,
  createdAt: true,
  /** Until when the unpaid registration holds its slot (ISO): the runner sees it count down. */
  expiresAt: true,
});
export type PublicRegistrationJson = z.infer<typeof publicRegistrationSchema>;

export function toPublicRegistrationJson(r: RegistrationJson): PublicRegistrationJson {
  return {
    _id: r._id,
    registrationId: r.registrationId,
    eventId: r.eventId,
    categoryId: r.categoryId,
    status: r.status,
    payment: r.payment,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
  };
}

/**
 * `GET /api/runner-registrations/{registrationId}/payment-state`: where a runner back from the payment
 * page stands (paid, still held, or over) and how to pay again. Public facts only.
 */
export const paymentStateSchema = z.object({
  registration: z.object({
    registrationId: z.string(),
    status: z.enum(registrationStatuses),
    payment: z.object({ status: z.enum(registrationPaymentStatuses), amount: z.number().int() }),
    expiresAt: z.string().nullable(),
    eventCode: z.string(),
    eventName: z.string(),
    categoryName: z.string(),
  }),
  /** The same checkout as before, while the registration still holds its slot; otherwise null. */
  payment_url: z.string().nullable(),
});
export type PaymentStateJson = z.infer<typeof paymentStateSchema>;

/** Where the organizer's screens load a registration's proof of transfer (signed in, same origin). */
export const paymentProofPath = (id: string) => `/api/runner-registrations/${id}/payment-proof`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toRegistrationJson(
  row: RunnerRegistrationRow,
  event: Pick<EventRow, 'eventId' | 'name' | 'code'>,
  category: Pick<EventCategoryRow, 'categoryId' | 'name'>,
): RegistrationJson {
  return {
    _id: row.id,
    registrationId: row.registrationId,
    eventId: event.eventId,
    eventName: event.name,
    eventCode: event.code,
    categoryId: category.categoryId,
    categoryName: category.name,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    payment: {
      status: row.paymentStatus,
      amount: row.paymentAmount,
      eventFee: row.eventFee,
      adminFee: row.adminFee,
      method: row.paymentMethod,
    },
    runnerData: {
      fullName: row.fullName,
      email: row.email,
      phone: row.phone,
      bibName: row.bibName,
      community: row.community,
      bloodType: row.bloodType,
      tshirtSize: row.tshirtSize,
      sex: row.sex,
      dob: isoToPlanDate(row.dob),
      identityType: row.identityType,
      identityNo: row.identityNo,
      emergencyName: row.emergencyName,
      emergencyContact: row.emergencyContact,
      medicalNotes: row.medicalNotes,
    },
    expiresAt: iso(row.expiresAt),
    confirmedAt: iso(row.confirmedAt),
    racepackCollectedAt: iso(row.racepackCollectedAt),
    paymentProof:
      row.paymentProofKey && row.paymentProofSubmittedAt
        ? { url: paymentProofPath(row.id), submittedAt: row.paymentProofSubmittedAt.toISOString() }
        : null,
    paymentVerifiedAt: iso(row.paymentVerifiedAt),
    paymentRejection:
      row.paymentRejectedAt && row.paymentRejectionReason
        ? { reason: row.paymentRejectionReason, rejectedAt: row.paymentRejectedAt.toISOString() }
        : null,
  };
}
