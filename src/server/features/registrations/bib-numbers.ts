import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bibRangeOf, formatBibNumber, type BibRange } from '../../../domain/events/bib-numbers';
import type { Db } from '../../db/client';
import { eventCategories } from '../../db/schema/events';
import { registrationBibCounters, runnerRegistrations, type RunnerRegistrationRow } from '../../db/schema/registrations';

/**
 * Bib numbers (issue 28 §6): a confirmed registration gets the next free number of its category's
 * range, in the transaction that confirms it. The category's counter row moves by one conditional
 * UPDATE … RETURNING (like the slot counter, events/service.slots.ts): concurrent confirmations of
 * one category queue on that row for one statement each and every one reads its own number; the
 * unique index (event, bib_number) is the last guard. A number once taken is never given again,
 * not even when its registration is canceled later.
 *
 * When the range is unset or ran out, the registration stays confirmed without a number (the runner
 * paid; refusing the confirmation would refuse their money): the organizer is told, and 'Beri Nomor
 * BIB' in Data Pelari (assignMissingBibNumbers) numbers them once the range is set or widened.
 */

export type BibOutcome =
  | { bibNumber: string; row: RunnerRegistrationRow }
  | { bibNumber: null; row: RunnerRegistrationRow; reason: 'no_range' | 'exhausted'; range: BibRange | null };

/** Numbers skipped in a row before giving up: each one was already on a bib of the event (a moved prefix or range). */
const MAX_SKIPS = 200;

type Taken = { n: number; range: BibRange } | { n: null; reason: 'no_range' | 'exhausted'; range: BibRange | null };

/** The next number of `categoryRef`'s range, in `tx`: one conditional UPDATE of its counter (and its creation, once). */
async function takeNumber(tx: Db, categoryRef: string): Promise<Taken> {
  const c = registrationBibCounters;
  const ec = eventCategories;
  // The range may have moved up since the counter last counted: the larger of the two is next.
  const next = sql<number>`greatest(${c.nextNumber}, ${ec.bibStart})`;
  const take = () =>
    tx
      .update(c)
      .set({ nextNumber: sql`${next} + 1` })
      .from(ec)
      .where(and(eq(c.categoryRef, categoryRef), eq(ec.id, c.categoryRef), sql`${next} <= ${ec.bibEnd}`))
      .returning({ n: sql<number>`${c.nextNumber} - 1`, prefix: ec.bibPrefix, start: ec.bibStart, end: ec.bibEnd });
  const [taken] = await take();
  if (taken) return { n: Number(taken.n), range: { prefix: taken.prefix, start: taken.start!, end: taken.end! } };
  // No number: the category has no range, its range is used up, or this is its first number.
  const [category] = await tx.select({ bibPrefix: ec.bibPrefix, bibStart: ec.bibStart, bibEnd: ec.bibEnd }).from(ec).where(eq(ec.id, categoryRef));
  const range = category ? bibRangeOf(category) : null;
  if (!range) return { n: null, reason: 'no_range', range: null };
  // Its counter row is made once; a concurrent maker wins and this insert waits for its commit,
  // so the second try below (a new snapshot: each statement takes one) sees the row either way.
  await tx.insert(c).values({ categoryRef, nextNumber: 0 }).onConflictDoNothing();
  const [retaken] = await take();
  if (retaken) return { n: Number(retaken.n), range: { prefix: retaken.prefix, start: retaken.start!, end: retaken.end! } };
  return { n: null, reason: 'exhausted', range };
}

/**
 * Gives `row` (just confirmed in `tx`) the next free bib number of its category, unless it has one.
 * A number already printed on another bib of the event (possible only after the organizer moved a
 * prefix or a range onto numbers given before) is skipped.
 */
export async function assignBibNumber(tx: Db, row: RunnerRegistrationRow): Promise<BibOutcome> {
  if (row.bibNumber) return { bibNumber: row.bibNumber, row };
  for (let attempt = 0; attempt < MAX_SKIPS; attempt++) {
    const taken = await takeNumber(tx, row.categoryRef);
    if (taken.n === null) return { bibNumber: null, row, reason: taken.reason, range: taken.range };
    const bib = formatBibNumber(taken.range, taken.n);
    const [numbered] = await tx
      .update(runnerRegistrations)
      // updated_at too: racepack desks pick the number up with their next refresh (the list's `since`).
      .set({ bibNumber: bib, updatedAt: sql`now()` })
      .where(
        and(
          eq(runnerRegistrations.id, row.id),
          isNull(runnerRegistrations.bibNumber),
          sql`not exists (select 1 from ${runnerRegistrations} other where other.event_ref = ${row.eventRef} and other.bib_number = ${bib})`,
        ),
      )
      .returning();
    if (numbered) return { bibNumber: bib, row: numbered };
    // Numbered meanwhile by someone else (a concurrent 'Beri Nomor BIB'): keep that number.
    const [current] = await tx.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, row.id));
    if (current?.bibNumber) return { bibNumber: current.bibNumber, row: current };
  }
  return { bibNumber: null, row, reason: 'exhausted', range: null };
}

/** Confirmed runners (racepack taken included) without a number, per category. */
const numberedStatuses = ['confirmed', 'racepack_collected'] as const;

export interface MissingBibs {
  /**
   * Confirmed registrations without a bib number in the categories that have a range (those the
   * event numbers); while no category has one, every confirmed registration (all are without).
   */
  missing: number;
  /** Whether any category of the event has a range (no range anywhere: the event does not use bib numbers yet). */
  rangesSet: boolean;
}

/** Confirmed registrations of `eventRef` without a number, in categories with a range (`ranged`) or in any. */
const withoutNumber = (eventRef: string, ranged: boolean) =>
  and(
    eq(runnerRegistrations.eventRef, eventRef),
    inArray(runnerRegistrations.status, [...numberedStatuses]),
    isNull(runnerRegistrations.bibNumber),
    ranged ? sql`${eventCategories.bibStart} is not null` : undefined,
  );

export async function countMissingBibNumbers(db: Db, eventRef: string): Promise<MissingBibs> {
  const [ranged] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventCategories)
    .where(and(eq(eventCategories.eventRef, eventRef), sql`${eventCategories.bibStart} is not null`));
  const rangesSet = Number(ranged?.n ?? 0) > 0;
  const [counted] = await db
    .select({ missing: sql<number>`count(*)::int` })
    .from(runnerRegistrations)
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(withoutNumber(eventRef, rangesSet));
  return { missing: Number(counted?.missing ?? 0), rangesSet };
}

/**
 * 'Beri Nomor BIB': numbers the event's confirmed registrations that have none in categories with a
 * range (confirmed before the range was set, or after it ran out), in the order they were confirmed, one transaction per
 * category (`db` may itself be a transaction: the demo seed). A category without numbers left stops
 * there; the others go on.
 */
export async function assignMissingBibNumbers(db: Db, eventRef: string): Promise<{ assigned: number; missing: number }> {
  const r = runnerRegistrations;
  const rows = (
    await db
      .select({ r })
      .from(r)
      .innerJoin(eventCategories, eq(eventCategories.id, r.categoryRef))
      .where(withoutNumber(eventRef, true))
      .orderBy(asc(r.confirmedAt), asc(r.createdAt), asc(r.id))
  ).map((row) => row.r);
  const byCategory = new Map<string, RunnerRegistrationRow[]>();
  for (const row of rows) byCategory.set(row.categoryRef, [...(byCategory.get(row.categoryRef) ?? []), row]);
  let assigned = 0;
  for (const list of byCategory.values()) {
    assigned += await db.transaction(async (tx) => {
      let n = 0;
      for (const row of list) {
        const outcome = await assignBibNumber(tx, row);
        if (outcome.bibNumber === null) break;
        n++;
      }
      return n;
    });
  }
  return { assigned, missing: rows.length - assigned };
}
