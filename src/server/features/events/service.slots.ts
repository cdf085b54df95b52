import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventCategories, events } from '../../db/schema/events';

/**
 * The one writer of `event_categories.sold`, the anti-oversell counter (decision 014): every hold a
 * registration takes or gives back passes here, inside the caller's transaction, so the counter
 * moves in the same commit as the registration row. `sold` counts held slots (pending, awaiting
 * verification, confirmed) plus open waiting-list offers, and never passes `slots` (a check
 * constraint is the last guard).
 */

/**
 * What a new registration was priced on: the slot is taken only if the category still asks that
 * price and fee and its event is still accepted and open at `now` (the caller may have read them
 * from a cache; this re-checks them on the latest rows, in the same statement).
 */
export interface SlotTerms {
  eventRef: string;
  price: number;
  adminFee: number;
  originalPrice: number | null;
  now: Date;
}

/**
 * Takes one slot of `categoryRef` in `tx` when one is left: a single conditional UPDATE (`sold <
 * slots`), so two runners racing for the last slot cannot both get it. Nobody else waits on the row
 * longer than this statement and the caller's COMMIT. False when the category is full (or, with
 * `terms`, no longer as priced or open).
 */
export async function reserveCategorySlot(tx: Db, categoryRef: string, terms?: SlotTerms): Promise<boolean> {
  const taken = await tx
    .update(eventCategories)
    .set({ sold: sql`${eventCategories.sold} + 1` })
    .where(
      and(
        eq(eventCategories.id, categoryRef),
        lt(eventCategories.sold, eventCategories.slots),
        ...(terms
          ? [
              eq(eventCategories.price, terms.price),
              eq(eventCategories.adminFee, terms.adminFee),
              sql`${eventCategories.originalPrice} is not distinct from ${terms.originalPrice}`,
              sql`exists (select 1 from ${events} where ${events.id} = ${terms.eventRef} and ${events.status} = 'diterima' and ${events.regOpen} <= ${terms.now} and ${events.regClose} >= ${terms.now})`,
            ]
          : []),
      ),
    )
    .returning({ id: eventCategories.id });
  return taken.length > 0;
}

/**
 * Gives `count` held slots of `categoryRef` back to the public in `tx` (never below zero). Callers
 * that end a registration's hold go through the registrations waiting list first (its releaseSlot),
 * which offers the slot to the next waiting runner and calls this only when nobody waits.
 */
export async function releaseCategorySlots(tx: Db, categoryRef: string, count = 1): Promise<void> {
  await tx
    .update(eventCategories)
    .set({ sold: sql`greatest(${eventCategories.sold} - ${count}, 0)` })
    .where(eq(eventCategories.id, categoryRef));
}
