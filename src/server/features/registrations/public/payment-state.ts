import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client';
import { findRegistrationByOrderRef } from './registration-by-order';
import { notFound } from '../../../app-error';
import { registrationErrors } from '../registration-messages';
import type { PaymentStateJson } from '../../../../domain/registrations/contract';
import { maskEmail } from '../../../../domain/registrations/registration-identity';

const paidStatuses = new Set(['confirmed', 'racepack_collected']);

/** The httpOnly cookie that marks the runner's own browser, scoped to their registration's API paths. */
export const RECEIPT_COOKIE = 'derap_receipt';
export const RECEIPT_COOKIE_DAYS = 30;

/**
 * The key that shows a paid registration's receipt (name, BIB, size, the racepack QR code; issue
 * 26 §8): HMAC-SHA256 of the registration id under the JWT secret. Derived, not stored: every
 * server computes it, nothing new sits in the database, and only the answer to the runner's own
 * registration (the httpOnly cookie) or a link made by Derap carries it. The gateway's return
 * address (id + order_id) alone shows the status without personal data: it sits in the browser's
 * history, the gateway's logs and whatever a runner forwards.
 */
export function receiptKey(secret: Uint8Array, registrationId: string): string {
  return createHmac('sha256', secret).update('derap-registration-receipt\0').update(registrationId).digest('base64url');
}

export function isReceiptKey(secret: Uint8Array, registrationId: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(receiptKey(secret, registrationId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Where a runner back from the payment page stands, for /registration-success: a denied or failed
 * payment keeps the registration and its slot until the hold ends, and the same checkout takes the
 * next try (issue 8 item 1: "the retry reuses it"). The caller must show both the registration id
 * and the gateway's order reference (which the gateway appends to the return address), so an id
 * seen in a mail subject alone reveals nothing. Once paid it also answers the receipt (name, BIB,
 * size, the QR code's value) — but only to a caller with the receipt key (`withReceipt`: the runner's
 * own browser's cookie, or Derap's link); anyone else sees where it stands without personal data.
 */
export async function registrationPaymentState(db: Db, registrationId: string, orderRef: string, now: Date = new Date(), withReceipt = false): Promise<PaymentStateJson> {
  const found = await findRegistrationByOrderRef(db, registrationId, orderRef);
  if (!found) throw notFound(registrationErrors.registrationNotFound);
  const { registration: row, order, event } = found;
  const held = row.status === 'pending' && (!row.expiresAt || row.expiresAt.getTime() > now.getTime());
  // The registration keeps `pending` through a denied attempt; the order says it failed.
  const paymentStatus = row.status === 'pending' && order.status === 'failed' ? 'failed' : row.paymentStatus;
  return {
    registration: {
      registrationId: row.registrationId,
      status: row.status,
      payment: { status: paymentStatus, amount: row.paymentAmount },
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      eventCode: event.code,
      eventName: event.name,
      categoryName: found.category.name,
    },
    payment_url: held ? order.paymentUrl : null,
    // Paid: what the success page shows the runner (their QR code and summary), never before.
    receipt: withReceipt && paidStatuses.has(row.status)
      ? { fullName: row.fullName, bibName: row.bibName, bibNumber: row.bibNumber, tshirtSize: row.tshirtSize, emailHint: maskEmail(row.email), qrToken: row.qrToken }
      : null,
  };
}
