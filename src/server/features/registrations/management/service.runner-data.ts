import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { registrationStatusLabels } from '../../../../domain/registrations/registrations';
import { phoneSearchTerm } from '../../../../domain/shared/phone';
import { paymentStatusLabels, RACEPACK_UNDO_MINUTES, racepackMessages, statusesMatching } from '../../../../domain/registrations/runner-export';
import type { Db } from '../../../db/client';
import { eventCategories, events, type EventRow } from '../../../db/schema/events';
import { runnerRegistrations, type RunnerRegistrationRow } from '../../../db/schema/registrations';
import type { UserRow } from '../../../db/schema/users';
import { conflict, forbidden, notFound, type AppError } from '../../../app-error';
import { checkinMessages } from '../../../../domain/registrations/checkin';
import type { RegistrationFilters, RegistrationJson, RegistrationPage } from '../../../../domain/registrations/contract';
import { toRegistrationJson } from '../registration-view';
import { canManageEvent, findEventByKey } from '../../events/service';
import { countMissingBibNumbers } from '../bib-numbers';

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
    ilike(r.bibNumber, pattern),
    ilike(r.identityNo, pattern),
    ilike(eventCategories.name, pattern),
  ];
  // Phones are stored as +62…: '0812 999' is typed the way the runner wrote it on the form.
  const phone = phoneSearchTerm(needle);
  if (phone && phone !== needle) conditions.push(ilike(r.phone, containsPattern(phone)));
  const statuses = statusesMatching(registrationStatusLabels, needle);
  if (statuses.length) conditions.push(inArray(r.status, statuses));
  const payments = statusesMatching(paymentStatusLabels, needle);
  if (payments.length) conditions.push(inArray(r.paymentStatus, payments));
  return or(...conditions);
}

/**
 * The Data Pelari filters (all combined by AND with the search): one status, one payment status, one
 * category by its `categoryId`, and racepack taken (racepack_collected) or not yet (confirmed).
 */
function filterCondition(event: ManagedEvent, filters: RegistrationFilters): SQL {
  const r = runnerRegistrations;
  return and(
    eq(r.eventRef, event.id),
    searchCondition(filters.q),
    filters.status ? eq(r.status, filters.status) : undefined,
    filters.paymentStatus ? eq(r.paymentStatus, filters.paymentStatus) : undefined,
    filters.category ? eq(eventCategories.categoryId, filters.category) : undefined,
    filters.racepack === 'collected' ? eq(r.status, 'racepack_collected') : filters.racepack === 'not_collected' ? eq(r.status, 'confirmed') : undefined,
  )!;
}

const isFiltered = (filters: RegistrationFilters) =>
  Boolean(filters.q?.trim() || filters.status || filters.paymentStatus || filters.category || filters.racepack);

const registrationWithCategory = {
  registration: runnerRegistrations,
  category: { categoryId: eventCategories.categoryId, name: eventCategories.name },
};

/**
 * One page of the event's registrations (newest first), searched and filtered; without `limit`
 * every matching row comes back like the spec's list. `total` counts every match, `eventTotal` the
 * whole event, and `categories` lists the event's categories for the filter.
 */
export async function listEventRegistrations(
  db: Db,
  event: ManagedEvent,
  filters: RegistrationFilters = {},
  page: { limit?: number; offset?: number } = {},
): Promise<RegistrationPage> {
  const where = filterCondition(event, filters);
  const offset = page.offset ?? 0;
  const query = db
    .select(registrationWithCategory)
    .from(runnerRegistrations)
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(where)
    .orderBy(desc(runnerRegistrations.createdAt), desc(runnerRegistrations.id))
    .offset(offset);
  const rows = page.limit ? await query.limit(page.limit) : await query;
  const registrations = rows.map((row) => toRegistrationJson(row.registration, event, row.category));
  const countOf = async (condition: SQL) => {
    const [row] = await db
      .select({ n: count() })
      .from(runnerRegistrations)
      .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
      .where(condition);
    return row?.n ?? 0;
  };
  // A short page that starts at 0 holds every match: no count needed.
  const complete = offset === 0 && (!page.limit || rows.length < page.limit);
  const total = complete ? registrations.length : await countOf(where);
  const eventTotal = isFiltered(filters) ? await countOf(eq(runnerRegistrations.eventRef, event.id)) : total;
  const categories = await db
    .select({ categoryId: eventCategories.categoryId, name: eventCategories.name })
    .from(eventCategories)
    .where(eq(eventCategories.eventRef, event.id))
    .orderBy(asc(eventCategories.position), asc(eventCategories.name));
  return { registrations, total, eventTotal, categories, bibNumbers: await countMissingBibNumbers(db, event.id) };
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
  filters: RegistrationFilters = {},
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<RegistrationJson[]> {
  await refreshRegistrationStatistics(db);
  let cursor: KeysetCursor | null = null;
  for (;;) {
    const rows = await readBatch(db, event, filters, cursor, batchSize);
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

function readBatch(db: Db, event: ManagedEvent, filters: RegistrationFilters, cursor: KeysetCursor | null, batchSize: number) {
  const after = cursor
    ? sql`(${runnerRegistrations.createdAt}, ${runnerRegistrations.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({ ...registrationWithCategory, cursorAt: sql<string>`${runnerRegistrations.createdAt}::text` })
    .from(runnerRegistrations)
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(and(filterCondition(event, filters), after))
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

/** How a racepack was taken: when (default: now) and by which offline desk device (none: online). */
export interface RacepackTake {
  at?: Date;
  device?: { id: string; name: string | null } | null;
}

/**
 * The one racepack rule: a confirmed registration becomes racepack_collected, atomically. The status
 * condition sits in the UPDATE, so two scanners racing on one QR code (online, or two desks syncing)
 * cannot both succeed. True when this call took it.
 */
export async function takeRacepack(db: Db, userId: string, registrationRef: string, take: RacepackTake = {}): Promise<boolean> {
  const [updated] = await db
    .update(runnerRegistrations)
    .set({
      status: 'racepack_collected',
      racepackCollectedAt: take.at ?? sql`now()`,
      racepackCollectedBy: userId,
      racepackCollectedDevice: take.device?.id ?? null,
      racepackCollectedDeviceName: take.device?.name ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(runnerRegistrations.id, registrationRef), eq(runnerRegistrations.status, 'confirmed')))
    .returning({ id: runnerRegistrations.id });
  return Boolean(updated);
}

type RacepackState = Pick<
  RunnerRegistrationRow,
  'status' | 'racepackCollectedAt' | 'updatedAt' | 'racepackCollectedDevice' | 'racepackCollectedDeviceName'
>;

/** The device that took a racepack, as recorded (null: an online scan). */
export function collectingDevice(row: Pick<RacepackState, 'racepackCollectedDevice' | 'racepackCollectedDeviceName'>) {
  return row.racepackCollectedDevice ? { id: row.racepackCollectedDevice, name: row.racepackCollectedDeviceName } : null;
}

/** Why a registration that this call did not take cannot be taken (409), with the spec's wording. */
export function racepackRefusal(row: RacepackState, timeZone: string, { forDesk = false } = {}): AppError {
  if (row.status === 'racepack_collected') {
    const at = row.racepackCollectedAt ?? row.updatedAt;
    const device = collectingDevice(row);
    // A desk's take names the device; an online one keeps the sentence the scan dialog always showed,
    // except to a desk, which is told it was an online scan.
    const message = device || forDesk ? checkinMessages.alreadyCollected(at, device, timeZone) : racepackMessages.alreadyCollected(at, timeZone);
    return conflict(message, 'RACEPACK_ALREADY_COLLECTED');
  }
  if (row.status === 'pending') return conflict(racepackMessages.unpaid, 'REGISTRATION_UNPAID');
  if (row.status === 'awaiting_verification') return conflict(racepackMessages.unverified, 'PAYMENT_UNVERIFIED');
  return conflict(racepackMessages.inactive, 'REGISTRATION_INACTIVE');
}

/** Marks a confirmed registration's racepack as collected (the scan dialog's 'Racepack Diambil'). */
export async function collectRacepack(db: Db, user: UserRow, found: FoundRegistration): Promise<RegistrationJson> {
  const taken = await takeRacepack(db, user.id, found.id);
  const row = await selectRegistration(db, eq(runnerRegistrations.id, found.id));
  if (!row) throw notFound(racepackMessages.notFound);
  if (taken) return toRegistrationJson(row.registration, row.event, row.category);
  throw racepackRefusal(row.registration, row.event.timezone);
}

/**
 * 'Urungkan': a hand-over made by mistake goes back to confirmed, only by the organizer (or admin)
 * who made it and within RACEPACK_UNDO_MINUTES of it (the card offers it for seconds; a desk that
 * synced late still has minutes). One conditional UPDATE: an undo racing a second scan cannot undo
 * the other's take. The desks see it with their next refresh (updated_at).
 */
export async function undoRacepack(db: Db, user: UserRow, found: FoundRegistration, now: Date = new Date()): Promise<RegistrationJson> {
  const r = runnerRegistrations;
  const [undone] = await db
    .update(r)
    .set({ status: 'confirmed', racepackCollectedAt: null, racepackCollectedBy: null, racepackCollectedDevice: null, racepackCollectedDeviceName: null, updatedAt: now })
    .where(
      and(
        eq(r.id, found.id),
        eq(r.status, 'racepack_collected'),
        eq(r.racepackCollectedBy, user.id),
        gte(r.racepackCollectedAt, new Date(now.getTime() - RACEPACK_UNDO_MINUTES * 60_000)),
      ),
    )
    .returning({ id: r.id });
  const row = await selectRegistration(db, eq(r.id, found.id));
  if (!row) throw notFound(racepackMessages.notFound);
  if (undone) return toRegistrationJson(row.registration, row.event, row.category);
  if (row.registration.status !== 'racepack_collected') throw conflict(racepackMessages.undoNotCollected, 'RACEPACK_NOT_COLLECTED');
  throw conflict(racepackMessages.undoRefused, 'RACEPACK_UNDO_REFUSED');
}
