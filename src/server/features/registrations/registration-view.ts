/** Rows to the registration shapes of the API (their schemas are in domain/registrations/contract.ts). */
import type { PublicRegistrationJson, RegistrationJson } from '../../../domain/registrations/contract';
import { isoToPlanDate } from '../../../domain/shared/wire-date';
import type { EventCategoryRow, EventRow } from '../../db/schema/events';
import type { RunnerRegistrationRow } from '../../db/schema/registrations';

/** What the public registration answer may show of a registration. */
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
      platform: row.orderId !== null,
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
    bibNumber: row.bibNumber,
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
    cancellation: row.canceledAt
      ? {
          canceledAt: row.canceledAt.toISOString(),
          reason: row.cancelReason ?? '',
          byEvent: row.canceledBy === null,
          refund: { mode: row.refundMode ?? 'none', amount: row.refundAmount ?? 0, settledAt: iso(row.refundSettledAt) },
        }
      : null,
  };
}
