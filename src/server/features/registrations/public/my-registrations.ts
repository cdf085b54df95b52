import { desc, eq, or } from 'drizzle-orm';
import type { MyRegistration } from '../../../../domain/registrations/contract';
import { emailKey } from '../../../../domain/registrations/registration-identity';
import type { Db } from '../../../db/client';
import { eventCategories, events } from '../../../db/schema/events';
import { runnerRegistrations } from '../../../db/schema/registrations';
import type { UserRow } from '../../../db/schema/users';
import { paymentKeyFor } from '../payment-key';

/** More than anyone runs; the dashboard lists the latest. */
export const MY_REGISTRATIONS_LIMIT = 100;

/**
 * 'Event Diikuti': the signed-in runner's registrations, those made while signed in and those made
 * with the account's email (sign-in is by Google, whose address is verified; compared as the
 * registration compares emails, so `nama+lari@` and dotted Gmail forms are the same mailbox). The
 * QR code's value only for paid registrations.
 */
export async function listMyRegistrations(db: Db, user: Pick<UserRow, 'id' | 'email'>, keySecret: Uint8Array): Promise<MyRegistration[]> {
  const rows = await db
    .select({ r: runnerRegistrations, event: events, categoryName: eventCategories.name })
    .from(runnerRegistrations)
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(or(eq(runnerRegistrations.userId, user.id), eq(runnerRegistrations.emailKey, emailKey(user.email))))
    .orderBy(desc(events.eventDate), desc(runnerRegistrations.createdAt))
    .limit(MY_REGISTRATIONS_LIMIT);
  return rows.map(({ r, event, categoryName }) => ({
    registrationId: r.registrationId,
    status: r.status,
    payment: { status: r.paymentStatus, amount: r.paymentAmount },
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    bibName: r.bibName,
    bibNumber: r.bibNumber,
    tshirtSize: r.tshirtSize,
    categoryName,
    event: {
      name: event.name,
      code: event.code,
      eventDate: event.eventDate.toISOString(),
      location: event.location,
      timezone: event.timezone,
      paymentType: event.paymentType,
    },
    qrToken: r.status === 'confirmed' || r.status === 'racepack_collected' ? r.qrToken : null,
    // The runner's own list opens the payment page with the secret that lets them send the proof.
    paymentKey: event.paymentType === 'self_managed' && (r.status === 'pending' || r.status === 'awaiting_verification') ? paymentKeyFor(keySecret, r.registrationId) : null,
  }));
}
