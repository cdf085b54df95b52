import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { registrationStatusLabels, type RegistrationStatus } from '../../../domain/events/events';
import { paymentStatusLabels, racepackMessages, statusesMatching } from '../../../domain/registrations/runner-export';
import type { Db } from '../../db/client';
import { eventCategories, events, runnerRegistrations, type EventRow, type UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../app-error';
import type { RegistrationJson } from '../../../domain/registrations/contract';
import { toRegistrationJson } from './registration-view';
import { canManageEvent, findEventByKey } from '../events/service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows read per query when exporting: enough to be fast, small enough that memory stays flat. */
export const EXPORT_BATCH_SIZE = 1000;

export type ManagedEvent = Pick<EventRow, 'id' | 'eventId' | 'code' | 'name' | 'createdBy' | 'timezone'>;

const eventColumns = {
  id: events.id,
  eventId: events.eventId,
  code: events.code,
  name: events.name,
  createdBy: events.createdBy,
  timezone: events.timezone,
};


/**
 * The event of `/event/{eventId}`: its slug, its code or its `_id`. 404 when there is none, 403 when
 * it belongs to another organizer (the organizer list shows only their own events anyway).
 */
export async function findManagedEvent(db: Db, user: UserRow, key: string): Promise<ManagedEvent> {
  const event = await findEventByKey(db, key);
  if (!event) throw notFound('Event tidak ditemukan.');
  if (!canManageEvent(event, user)) throw forbidden('Anda tidak memiliki akses ke data pelari event ini.');
  return event;
}

/** `%q%` for ILIKE with the pattern characters of `q` taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The spec's search: id, name, email, phone, BIB name, identity number, category, status, payment status. */
function searchCondition(q: string | undefined): SQL | undefined {
  const needle = q?.trim();
  if (!needle) return undefined;
  const pattern = containsPattern(needle);
  const r = runnerRegistrations;
  const conditions: SQL[] = [
    ilike(r.registrationId, pattern),
    sql`${r.id}::text ilike ${pattern}`,
    ilike(r.fullName, pattern),
    ilike(r.email, pattern),
    ilike(r.phone, pattern),
    ilike(r.bibName, pattern),
    ilike(r.identityNo, pattern),
    ilike(eventCategories.name, pattern),
  ];
  const statuses = statusesMatching(registrationStatusLabels, needle);
  if (statuses.length) conditions.push(inArray(r.status, statuses));
  const payments = statusesMatching(paymentStatusLabels, needle);
  if (payments.length) conditions.push(inArray(r.paymentStatus, payments));
  return or(...conditions);
}

const registrationWithCategory = {
  registration: runnerRegistrations,
  category: { categoryId: eventCategories.categoryId, name: eventCategories.name },
};

export interface RegistrationPage {
  registrations: RegistrationJson[];
  /** Registrations matching the search (all of them when there is no search). */
  total: number;
  /** Every registration of the event, whatever the search. */
  eventTotal: number;
}

/**
 * The event's registrations (newest first), optionally searched or of one status; `limit` keeps a screen's list
 * small on a big event (the CSV has them all), without it every row comes back like the spec's list.
 */
export async function listEventRegistrations(
  db: Db,
  event: ManagedEvent,
  q?: string,
  limit?: number,
  status?: RegistrationStatus,
): Promise<RegistrationPage> {
  const where = and(eq(runnerRegistrations.eventRef, event.id), searchCondition(q), status ? eq(runnerRegistrations.status, status) : undefined);
  const query = db
    .select(registrationWithCategory)
    .from(runnerRegistrations)
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(where)
    .orderBy(desc(runnerRegistrations.createdAt), desc(runnerRegistrations.id));
  const rows = limit ? await query.limit(limit) : await query;
  const registrations = rows.map((row) => toRegistrationJson(row.registration, event, row.category));
  const countOf = async (condition: SQL | undefined) => {
    const [row] = await db
      .select({ n: count() })
      .from(runnerRegistrations)
      .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
      .where(condition);
    return row?.n ?? 0;
  };
  const total = limit && rows.length === limit ? await countOf(where) : registrations.length;
  const eventTotal = q?.trim() || status ? await countOf(eq(runnerRegistrations.eventRef, event.id)) : total;
  return { registrations, total, eventTotal };
}

/**
 * Keeps the planner's row estimates for registrations fresh before a long keyset walk. PostgreSQL's
 * autovacuum usually does this; the embedded PGlite has no autovacuum, and with a never-analysed
 * table the planner expects a few dozen rows per event and sorts the whole event for every batch
 * (an export turns quadratic: 150 ms per batch at 60 000 rows instead of 50 ms). Same threshold
 * as autovacuum's analyse: 10 % of the table changed. Best effort: without the right it skips.
 */
export async function refreshRegistrationStatistics(db: Db): Promise<boolean> {
  try {
    const result = await db.execute<{ stale: boolean }>(
      sql`select n_mod_since_analyze > greatest(1000, n_live_tup / 10) as stale
          from pg_stat_user_tables where relname = 'runner_registrations' and schemaname = current_schema()`,
    );
    const rows = (result as unknown as { rows: { stale: boolean }[] }).rows;
    if (!rows[0]?.stale) return false;
    await db.execute(sql`analyze runner_registrations`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The same rows as `listEventRegistrations`, read in batches by keyset (created_at, id) so an export
 * of any size holds one batch in memory. The cursor keeps `created_at` as text: a JS Date has only
 * milliseconds, PostgreSQL microseconds, and a truncated cursor would skip rows.
 */
export async function* eventRegistrationBatches(
  db: Db,
  event: ManagedEvent,
  q?: string,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<RegistrationJson[]> {
  await refreshRegistrationStatistics(db);
  let cursor: KeysetCursor | null = null;
  for (;;) {
    const rows = await readBatch(db, event, q, cursor, batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => toRegistrationJson(row.registration, event, row.category));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.cursorAt, id: last.registration.id };
  }
}

interface KeysetCursor {
  createdAt: string;
  id: string;
}

function readBatch(db: Db, event: ManagedEvent, q: string | undefined, cursor: KeysetCursor | null, batchSize: number) {
  const after = cursor
    ? sql`(${runnerRegistrations.createdAt}, ${runnerRegistrations.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({ ...registrationWithCategory, cursorAt: sql<string>`${runnerRegistrations.createdAt}::text` })
    .from(runnerRegistrations)
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(and(eq(runnerRegistrations.eventRef, event.id), searchCondition(q), after))
    .orderBy(desc(runnerRegistrations.createdAt), desc(runnerRegistrations.id))
    .limit(batchSize);
}

export interface FoundRegistration {
  registration: RegistrationJson;
  id: string;
  event: ManagedEvent;
}

async function selectRegistration(db: Db, where: SQL) {
  const [row] = await db
    .select({ ...registrationWithCategory, event: eventColumns })
    .from(runnerRegistrations)
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .where(where)
    .limit(1);
  return row;
}

/**
 * A registration by its `_id`, its `registrationId` or the value its QR code carries (the qrToken,
 * or a link ending in it). Anyone but the event's organizer or an admin gets the same 404 as for a
 * registration that does not exist, so ids cannot be probed.
 */
export async function findManagedRegistration(db: Db, user: UserRow, value: string): Promise<FoundRegistration> {
  const candidates = new Set<string>();
  const trimmed = value.trim();
  if (trimmed) candidates.add(trimmed);
  // A scanner may hand over a whole link or a prefixed value: its last segment is the token.
  const tail = trimmed.split(/[/:=?&#]/).filter(Boolean).at(-1);
  if (tail) candidates.add(tail);
  for (const candidate of candidates) {
    const r = runnerRegistrations;
    const match = [eq(r.qrToken, candidate), eq(r.registrationId, candidate.toUpperCase()), eq(r.registrationId, candidate)];
    if (UUID.test(candidate)) match.push(eq(r.id, candidate.toLowerCase()));
    const row = await selectRegistration(db, or(...match)!);
    if (!row) continue;
    if (!canManageEvent(row.event, user)) break;
    return { registration: toRegistrationJson(row.registration, row.event, row.category), id: row.registration.id, event: row.event };
  }
  throw notFound(racepackMessages.notFound);
}

/**
 * Marks a confirmed registration's racepack as collected, atomically: the status condition sits in
 * the UPDATE, so two scanners racing on one QR code cannot both succeed.
 */
export async function collectRacepack(db: Db, user: UserRow, found: FoundRegistration): Promise<RegistrationJson> {
  const [updated] = await db
    .update(runnerRegistrations)
    .set({ status: 'racepack_collected', racepackCollectedAt: sql`now()`, racepackCollectedBy: user.id, updatedAt: sql`now()` })
    .where(and(eq(runnerRegistrations.id, found.id), eq(runnerRegistrations.status, 'confirmed')))
    .returning({ id: runnerRegistrations.id });
  const row = await selectRegistration(db, eq(runnerRegistrations.id, found.id));
  if (!row) throw notFound(racepackMessages.notFound);
  const registration = toRegistrationJson(row.registration, row.event, row.category);
  if (updated) return registration;
  const current = row.registration;
  if (current.status === 'racepack_collected') {
    throw conflict(
      racepackMessages.alreadyCollected(current.racepackCollectedAt ?? current.updatedAt, row.event.timezone),
      'RACEPACK_ALREADY_COLLECTED',
    );
  }
  if (current.status === 'pending') throw conflict(racepackMessages.unpaid, 'REGISTRATION_UNPAID');
  if (current.status === 'awaiting_verification') throw conflict(racepackMessages.unverified, 'PAYMENT_UNVERIFIED');
  throw conflict(racepackMessages.inactive, 'REGISTRATION_INACTIVE');
}
