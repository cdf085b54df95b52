import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventCategories, events } from '../../../db/schema/events';
import { orders } from '../../../db/schema/payments';
import { runnerRegistrations } from '../../../db/schema/registrations';

/**
 * The registration–order–event read of the success page (its state and 'Kirim ulang email'): one
 * registration found by its id together with its gateway order reference — both must match, so an id
 * seen in a mail subject alone finds nothing. Reads the events' and payments' tables (declared reads).
 */
export async function findRegistrationByOrderRef(db: Db, registrationId: string, orderRef: string) {
  const [found] = await db
    .select({ registration: runnerRegistrations, order: orders, event: events, category: eventCategories })
    .from(runnerRegistrations)
    .innerJoin(orders, eq(orders.id, runnerRegistrations.orderId))
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(and(eq(runnerRegistrations.registrationId, registrationId), eq(orders.gatewayRef, orderRef)));
  return found;
}
