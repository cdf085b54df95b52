import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventCategories, events, orders, runnerRegistrations } from '../../db/schema';
import { notFound } from '../../app-error';
import { registrationErrors } from './registration-messages';
import type { PaymentStateJson } from '../../../domain/registrations/contract';
import { maskEmail } from '../../../domain/registrations/registration-identity';

const paidStatuses = new Set(['confirmed', 'racepack_collected']);

/**
 * Where a runner back from the payment page stands, for /registration-success: a denied or failed
 * payment keeps the registration and its slot until the hold ends, and the same checkout takes the
 * next try (issue 8 item 1: "the retry reuses it"). The caller must show both the registration id
 * and the gateway's order reference (which the gateway appends to the return address), so an id
 * seen in a mail subject alone reveals nothing. Once paid it also answers the receipt (name, BIB,
 * size, the QR code's value): the id and order reference together come only from the gateway's
 * return address, which only the payer's browser is sent to.
 */
export async function registrationPaymentState(db: Db, registrationId: string, orderRef: string, now: Date = new Date()): Promise<PaymentStateJson> {
  const [found] = await db
    .select({ registration: runnerRegistrations, order: orders, event: events, categoryName: eventCategories.name })
    .from(runnerRegistrations)
    .innerJoin(orders, eq(orders.id, runnerRegistrations.orderId))
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(and(eq(runnerRegistrations.registrationId, registrationId), eq(orders.gatewayRef, orderRef)));
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
      categoryName: found.categoryName,
    },
    payment_url: held ? order.paymentUrl : null,
    // Paid: what the success page shows the runner (their QR code and summary), never before.
    receipt: paidStatuses.has(row.status)
      ? { fullName: row.fullName, bibName: row.bibName, tshirtSize: row.tshirtSize, emailHint: maskEmail(row.email), qrToken: row.qrToken }
      : null,
  };
}
