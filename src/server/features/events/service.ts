import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrganizerEvent, PublicEventCard, RegistrationEvent } from '../../../domain/events/contract';
import { eventFormMessages, type EventPayload } from '../../../domain/events/event-form';
import { canMoveEventStatus, EVENT_LIST_PAGE_META, eventStatusLabels, normaliseEventCode, PUBLIC_EVENT_LIST_PATH, publicEventStatuses, type EventStatus } from '../../../domain/events/events';
import { categoryPriceAt } from '../../../domain/events/early-bird';
import { isPaymentOptionKey, type PaymentOptionKey } from '../../../domain/payments/payments';
import { paidRegistrationSql, registrationLedgerJoins, registrationNetSql } from '../payments/service.ledger';
import type { Db } from '../../db/client';
import { eventCategories, events, type EventCategoryRow, type EventRow } from '../../db/schema/events';
import { orderRefunds, orders } from '../../db/schema/payments';
import { runnerRegistrations } from '../../db/schema/registrations';
import { users, type UserRow } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../app-error';
import { publicReadCacheFor } from '../../plugins/public-cache';
import { uploadedImageSrcSet } from '../../../domain/uploads/image-widths';

export const eventMessages = {
  notFound: 'Event dengan kode tersebut tidak ditemukan.',
  eventNotFound: 'Event tidak ditemukan.',
  statusNotPublic: 'Hanya event berstatus diterima yang dapat dilihat publik.',
  sameStatus: (status: EventStatus) => `Status event sudah ${eventStatusLabels[status]}.`,
  badTransition: (from: EventStatus, to: EventStatus) =>
    `Status event tidak dapat diubah dari ${eventStatusLabels[from]} menjadi ${eventStatusLabels[to]}.`,
  /** Issue 26 §2: runners who paid (or are paying) are refunded and told by a cancellation, never left behind a rejection. */
  hasRunners: (n: number, to: EventStatus) =>
    `Event ini sudah memiliki ${n.toLocaleString('id-ID')} pendaftaran yang dibayar atau menunggu pembayaran, sehingga tidak dapat ${to === 'ditolak' ? 'ditolak' : 'ditutup'}. Gunakan "Batalkan Event" di Daftar Kegiatan: dana pelari dikembalikan dan setiap pelari diberi tahu lewat email.`,
} as const;

/** Registrations a runner paid for or is paying for (a hold, a proof of transfer being checked). */
const LIVE_REGISTRATION_STATUSES = ['pending', 'awaiting_verification', 'confirmed', 'racepack_collected'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name of the unique index a PostgreSQL (or PGlite) unique violation hit, wherever drizzle wrapped it. */
function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? e.message ?? '';
  }
  return null;
}

/**
 * Creates an event with its categories in one transaction; status `diajukan` (waits for an
 * admin). The unique indexes on code and eventId decide races between two organizers.
 */
/** A category row's columns from the event form (creation and edit alike). */
export const categoryValues = (c: EventPayload['categories'][number], position: number) => ({
  categoryId: c.categoryId,
  name: c.name,
  description: c.description,
  price: c.price,
  originalPrice: c.originalPrice,
  slots: c.slots,
  adminFee: c.adminFee,
  earlyBird: c.earlyBird,
  earlyBirdEndDate: c.earlyBirdEndDate ? new Date(c.earlyBirdEndDate) : null,
  position,
  // A changed prefix or range applies to the numbers given from now on; given ones stay (bib-numbers.ts).
  bibPrefix: c.bibPrefix,
  bibStart: c.bibStart,
  bibEnd: c.bibEnd,
});

export async function createEvent(db: Db, creator: UserRow, input: EventPayload): Promise<OrganizerEvent> {
  // Codes and eventId slugs share one namespace: registration looks an event up by either, so a
  // code equal to another event's slug (or the reverse) would send runners to the wrong event.
  const taken = await db
    .select({ code: events.code, eventId: events.eventId })
    .from(events)
    .where(
      sql`${events.code} in (${input.code}, ${input.eventId}) or ${events.eventId} in (${input.code}, ${input.eventId})`,
    );
  if (taken.some((t) => t.code === input.code || t.eventId === input.code)) throw conflict(eventFormMessages.duplicateCode, 'DUPLICATE_CODE');
  if (taken.length > 0) throw conflict(eventFormMessages.duplicateEventId, 'DUPLICATE_EVENT_ID');
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(events)
        .values({
          eventId: input.eventId,
          code: input.code,
          name: input.name,
          description: input.description,
          headerImage: input.headerImage,
          location: input.location,
          eventDate: new Date(input.eventDate),
          regOpen: new Date(input.regOpen),
          regClose: new Date(input.regClose),
          earlyBirdEndDate: input.earlyBirdEndDate ? new Date(input.earlyBirdEndDate) : null,
          paymentType: input.paymentType,
          paymentOptions: input.paymentOptions,
          paymentQrImage: input.paymentInstruction?.qrImage ?? null,
          paymentInstructions: input.paymentInstruction?.instructions ?? null,
          emailCodeRequired: input.emailCodeRequired,
          status: 'diajukan',
          createdBy: creator.id,
        })
        .returning({ id: events.id });
      await tx.insert(eventCategories).values(
        input.categories.map((c, position) => ({ eventRef: row!.id, ...categoryValues(c, position) })),
      );
      return row!.id;
    });
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === null) throw error;
    if (index.includes('events_code_key')) throw conflict(eventFormMessages.duplicateCode, 'DUPLICATE_CODE');
    if (index.includes('events_event_id_key')) throw conflict(eventFormMessages.duplicateEventId, 'DUPLICATE_EVENT_ID');
    throw error;
  }
  const [created] = await listOrganizerEvents(db, { id });
  return created!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function categoriesOf(db: Db, eventIds: string[]): Promise<Map<string, EventCategoryRow[]>> {
  const byEvent = new Map<string, EventCategoryRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(eventCategories)
    .where(inArray(eventCategories.eventRef, eventIds))
    .orderBy(asc(eventCategories.position), asc(eventCategories.name));
  for (const row of rows) {
    const list = byEvent.get(row.eventRef) ?? [];
    list.push(row);
    byEvent.set(row.eventRef, list);
  }
  return byEvent;
}

/** A category as the public sees it at `now`: `price` is what a runner is charged then (early bird, decision 020). */
const categorySummary = (c: EventCategoryRow, now: Date = new Date()) => ({
  categoryId: c.categoryId,
  name: c.name,
  price: categoryPriceAt(c, now).price,
  adminFee: c.adminFee,
  slots: c.slots,
  sold: c.sold,
});

interface CategoryCounts {
  paid: number;
  pending: number;
  /** Registration rows of any status. */
  rows: number;
}

/** Paid, held-but-unpaid and all registrations per category of these events (one grouped query). */
async function categoryCountsOf(db: Db, eventIds: string[]): Promise<Map<string, CategoryCounts>> {
  const byCategory = new Map<string, CategoryCounts>();
  if (eventIds.length === 0) return byCategory;
  const rows = await db
    .select({
      categoryRef: runnerRegistrations.categoryRef,
      paid: sql<number>`(count(*) filter (where ${runnerRegistrations.status} in ('confirmed', 'racepack_collected')))::float8`,
      pending: sql<number>`(count(*) filter (where ${runnerRegistrations.status} = 'pending'))::float8`,
      rows: sql<number>`count(*)::float8`,
    })
    .from(runnerRegistrations)
    .where(inArray(runnerRegistrations.eventRef, eventIds))
    .groupBy(runnerRegistrations.categoryRef);
  for (const row of rows) byCategory.set(row.categoryRef, { paid: Number(row.paid), pending: Number(row.pending), rows: Number(row.rows) });
  return byCategory;
}

/** 'Pendapatan' in the list: the money ledger's net (payments/service.ledger.ts, the same as Keuangan). */
const organizerNetSql = registrationNetSql;

/**
 * The organizer's (or admin's) list with its figures, in four queries whatever the number of
 * events: events + creator + registration totals (one grouped subquery), all categories, and the
 * paid / held-but-unpaid counts per category.
 */
export async function listOrganizerEvents(
  db: Db,
  filter: { createdBy?: string; status?: EventStatus; id?: string } = {},
): Promise<OrganizerEvent[]> {
  const totals = db
    .select({
      eventRef: runnerRegistrations.eventRef,
      participants: sql<number>`(count(*) filter (where ${runnerRegistrations.status} in ('confirmed', 'racepack_collected')))::float8`.as('participants'),
      pendingPayment: sql<number>`(count(*) filter (where ${runnerRegistrations.status} = 'pending'))::float8`.as('pending_payment'),
      revenue: sql<number>`coalesce(sum(${organizerNetSql}) filter (where ${paidRegistrationSql}), 0)::float8`.as('revenue'),
      registrations: sql<number>`count(*)::float8`.as('registrations'),
      awaitingVerification: sql<number>`(count(*) filter (where ${runnerRegistrations.status} = 'awaiting_verification'))::float8`.as(
        'awaiting_verification',
      ),
    })
    .from(runnerRegistrations)
    .leftJoin(orders, registrationLedgerJoins.orders)
    .leftJoin(orderRefunds, registrationLedgerJoins.refunds)
    .groupBy(runnerRegistrations.eventRef)
    .as('totals');
  const where: SQL[] = [];
  if (filter.createdBy) where.push(eq(events.createdBy, filter.createdBy));
  if (filter.status) where.push(eq(events.status, filter.status));
  if (filter.id) where.push(eq(events.id, filter.id));
  const rows = await db
    .select({
      event: events,
      creatorName: users.name,
      participants: totals.participants,
      pendingPayment: totals.pendingPayment,
      revenue: totals.revenue,
      registrations: totals.registrations,
      awaitingVerification: totals.awaitingVerification,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.createdBy))
    .leftJoin(totals, eq(totals.eventRef, events.id))
    .where(and(...where))
    .orderBy(desc(events.createdAt), asc(events.id));
  const categories = await categoriesOf(
    db,
    rows.map((r) => r.event.id),
  );
  const counts = await categoryCountsOf(
    db,
    rows.map((r) => r.event.id),
  );
  const now = new Date();
  return rows.map(({ event: e, creatorName, participants, pendingPayment, revenue, registrations, awaitingVerification }) => {
    const cats = categories.get(e.id) ?? [];
    const totalsOf = cats.map((c) => categoryPriceAt(c, now).price + c.adminFee);
    return {
      ...eventSummary(e),
      description: e.description,
      paymentType: e.paymentType,
      categories: cats.map((c) => ({
        ...categorySummary(c),
        // The stored price (what the edit form shows); `currentPrice` is what a runner pays now.
        price: c.price,
        paid: counts.get(c.id)?.paid ?? 0,
        pending: counts.get(c.id)?.pending ?? 0,
        description: c.description,
        originalPrice: c.originalPrice,
        earlyBird: c.earlyBird,
        earlyBirdEndDate: iso(c.earlyBirdEndDate),
        currentPrice: categoryPriceAt(c, now).price,
        locked: c.sold > 0 || (counts.get(c.id)?.rows ?? 0) > 0,
        bibPrefix: c.bibPrefix,
        bibStart: c.bibStart,
        bibEnd: c.bibEnd,
      })),
      earlyBirdEndDate: iso(e.earlyBirdEndDate),
      paymentOptions: e.paymentOptions.filter(isPaymentOptionKey) as PaymentOptionKey[],
      paymentInstruction: paymentInstructionOf(e),
      emailCodeRequired: e.emailCodeRequired,
      registrations: Number(registrations ?? 0),
      createdBy: { _id: e.createdBy, name: creatorName },
      eventdate: e.eventDate.toISOString(),
      regopen: e.regOpen.toISOString(),
      regclose: e.regClose.toISOString(),
      participants: Number(participants ?? 0),
      pendingPayment: Number(pendingPayment ?? 0),
      capacity: cats.reduce((sum, c) => sum + c.slots, 0),
      revenue: Number(revenue ?? 0),
      awaitingVerification: Number(awaitingVerification ?? 0),
      fee: totalsOf.length ? { min: Math.min(...totalsOf), max: Math.max(...totalsOf) } : null,
      createdAt: e.createdAt.toISOString(),
    };
  });
}

/** Public cards of events with one status, soonest event first. */
export async function listEventsByStatus(db: Db, status: EventStatus): Promise<PublicEventCard[]> {
  const rows = await db
    .select({ event: events, organizerName: users.name })
    .from(events)
    .innerJoin(users, eq(users.id, events.createdBy))
    .where(eq(events.status, status))
    .orderBy(asc(events.eventDate), asc(events.name));
  const categories = await categoriesOf(
    db,
    rows.map((r) => r.event.id),
  );
  return rows.map(({ event: e, organizerName }) => ({
    ...eventSummary(e),
    organizer: { name: organizerName },
    categories: (categories.get(e.id) ?? []).map((c) => categorySummary(c)),
  }));
}

/**
 * Matches an event by `id` (uuid), `eventId` slug or code, and ranks the matches in that order, so
 * a key that is one event's slug and another's code (data older than the shared-namespace rule in
 * `createEvent`) always resolves to the same event.
 */
export function eventKeyMatch(key: string): { where: SQL; preference: SQL } {
  const lowered = key.trim().toLowerCase();
  const code = normaliseEventCode(key) || lowered;
  // `id` is a uuid column: comparing it with anything else is a PostgreSQL error, not a miss.
  const isUuid = UUID.test(lowered);
  const idMatch = isUuid ? sql`${events.id} = ${lowered}` : sql`false`;
  return {
    where: sql`(${idMatch} or ${events.eventId} = ${lowered} or ${events.code} = ${code})`,
    preference: sql`case when ${idMatch} then 0 when ${events.eventId} = ${lowered} then 1 else 2 end`,
  };
}

/** The one event lookup by key (`_id`, eventId slug or code, in the decision-007 order), any status. */
export async function findEventByKey(db: Db, key: string): Promise<EventRow | null> {
  const value = key.trim();
  if (!value || value.length > 200) return null;
  const { where, preference } = eventKeyMatch(value);
  const [row] = await db.select().from(events).where(where).orderBy(preference).limit(1);
  return row ?? null;
}

export interface EventWithCategories {
  event: EventRow;
  categories: EventCategoryRow[];
  organizerName: string;
}

/**
 * An event by its database id, its eventId slug or its code (what the registration features
 * receive from clients), whatever its status: callers decide who may see it.
 */
export async function findEventByAnyId(db: Db, idOrSlugOrCode: string): Promise<EventWithCategories | null> {
  const event = await findEventByKey(db, idOrSlugOrCode);
  if (!event) return null;
  const [organizer] = await db.select({ name: users.name }).from(users).where(eq(users.id, event.createdBy));
  const categories = (await categoriesOf(db, [event.id])).get(event.id) ?? [];
  return { event, categories, organizerName: organizer?.name ?? '' };
}

export interface RegistrationContext {
  event: EventRow;
  /** In the registration page's order. */
  categories: EventCategoryRow[];
}

/**
 * The rows a registration starts from, by key (as `findEventByKey`), from the public read cache
 * (decision 015) when `cacheMs` > 0: at most that old, and dropped within the cache's poll when an
 * event or category changes (or a category becomes full) on any server. Stale rows only ever cost a
 * refusal: the reservation's UPDATE re-checks the event's status and window and the category's price
 * and room on the latest row (decision 014). Shared between requests: never mutate them.
 */
export async function findRegistrationContext(db: Db, key: string, cacheMs: number): Promise<RegistrationContext | null> {
  const load = async (): Promise<RegistrationContext | null> => {
    const event = await findEventByKey(db, key);
    if (!event) return null;
    return { event, categories: (await categoriesOf(db, [event.id])).get(event.id) ?? [] };
  };
  if (cacheMs <= 0) return load();
  return publicReadCacheFor(db, { ttlMs: cacheMs, pollMs: 500, maxEntries: 1000 }).getValue(`registration:${key.trim().toLowerCase()}`, load);
}

/** May this viewer see an event of any status (its organizer or an admin)? */
export function canManageEvent(event: Pick<EventRow, 'createdBy'>, viewer: Pick<UserRow, 'id' | 'role'> | null): boolean {
  return !!viewer && (viewer.role === 'admin' || viewer.id === event.createdBy);
}

/**
 * The registration page's event by code: accepted and closed events for everyone, other statuses
 * only for their organizer and admins; otherwise null (404 with the spec's message).
 */
export async function findPublicEventByCode(db: Db, code: string, viewer: Pick<UserRow, 'id' | 'role'> | null = null): Promise<RegistrationEvent | null> {
  const normalised = normaliseEventCode(code);
  if (!normalised || normalised !== code.toLowerCase()) return null;
  const [row] = await db
    .select({ event: events, organizerName: users.name })
    .from(events)
    .innerJoin(users, eq(users.id, events.createdBy))
    .where(eq(events.code, normalised))
    .limit(1);
  if (!row) return null;
  if (!publicEventStatuses.includes(row.event.status) && !canManageEvent(row.event, viewer)) return null;
  const categories = (await categoriesOf(db, [row.event.id])).get(row.event.id) ?? [];
  return toRegistrationEvent({ event: row.event, categories, organizerName: row.organizerName });
}

/** /registration as served HTML: its title and description, and a preload of its list call. */
export function eventListPageMeta() {
  return Promise.resolve({ ...EVENT_LIST_PAGE_META, image: null, preload: { fetch: [PUBLIC_EVENT_LIST_PATH] } });
}

/**
 * /register/{code} as served HTML: the event's link preview (Open Graph) and the preloads of what the
 * page asks for first — its event call and its header image with the `srcset`/`sizes` of its `<img>`
 * (register-page.tsx: `EventImage` at the default sizes '100vw'). Public events only, from the shared
 * public read cache, so a refreshing crowd costs no query per page view.
 */
export async function registerPageMeta(db: Db, code: string): Promise<{
  title: string;
  description: string;
  image: string | null;
  type: 'article';
  preload: { fetch: string[]; image?: { href: string; srcset?: string; sizes?: string } };
} | null> {
  const normalised = normaliseEventCode(code);
  if (!normalised || normalised !== code.toLowerCase()) return null;
  const event = await publicReadCacheFor(db).getValue(`event-page:${normalised}`, () => findPublicEventByCode(db, code, null));
  if (!event) return null;
  const about = event.description.replace(/\s+/g, ' ').trim() || `Pendaftaran ${event.name} di Derap.`;
  const srcset = uploadedImageSrcSet(event.headerImage);
  return {
    title: `Daftar ${event.name} | Derap`,
    description: about.length > 200 ? `${about.slice(0, 197)}...` : about,
    image: event.headerImage,
    type: 'article',
    preload: {
      fetch: [`/api/events/${encodeURIComponent(code)}`],
      ...(event.headerImage ? { image: { href: event.headerImage, ...(srcset ? { srcset, sizes: '100vw' } : {}) } } : {}),
    },
  };
}

/** What every event answer carries: who it is, where, when, and its registration window. */
function eventSummary(e: EventRow) {
  return {
    _id: e.id,
    eventId: e.eventId,
    code: e.code,
    name: e.name,
    headerImage: e.headerImage,
    status: e.status,
    location: e.location,
    timezone: e.timezone,
    eventDate: e.eventDate.toISOString(),
    regOpen: e.regOpen.toISOString(),
    regClose: e.regClose.toISOString(),
  };
}

const paymentInstructionOf = (e: EventRow) =>
  e.paymentType === 'self_managed' ? { qrImage: e.paymentQrImage ?? '', instructions: e.paymentInstructions ?? '' } : null;

/**
 * The registration page's event at `now`: each category's `price` is what a runner is charged then,
 * `originalPrice` the normal price struck through while early bird lasts, and `earlyBird` whether
 * the 'Early bird' tag shows (it goes at the end of the early bird day in Jakarta, decision 020).
 */
export function toRegistrationEvent({ event: e, categories, organizerName }: EventWithCategories, now: Date = new Date()): RegistrationEvent {
  return {
    ...eventSummary(e),
    description: e.description,
    earlyBirdEndDate: iso(e.earlyBirdEndDate),
    paymentType: e.paymentType,
    paymentOptions: e.paymentOptions.filter(isPaymentOptionKey) as PaymentOptionKey[],
    paymentInstruction: paymentInstructionOf(e),
    emailCodeRequired: e.emailCodeRequired,
    organizer: { name: organizerName },
    categories: categories.map((c) => {
      // The category's own end date, as the registration total reads it (registrationTotal).
      const priced = categoryPriceAt(c, now);
      return {
        ...categorySummary(c, now),
        price: priced.price,
        description: c.description,
        originalPrice: priced.originalPrice,
        earlyBird: priced.earlyBird,
        earlyBirdEndDate: priced.earlyBird ? iso(c.earlyBirdEndDate) : null,
      };
    }),
  };
}

/** Admin moderation: one allowed move (see `eventStatusTransitions`), checked under a row lock. */
export async function moveEventStatus(db: Db, id: string, to: EventStatus): Promise<OrganizerEvent> {
  if (!UUID.test(id)) throw notFound(eventMessages.eventNotFound);
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: events.status }).from(events).where(eq(events.id, id)).for('update');
    if (!row) throw notFound(eventMessages.eventNotFound);
    if (row.status === to) throw badRequest(eventMessages.sameStatus(to), 'SAME_STATUS');
    if (!canMoveEventStatus(row.status, to)) throw badRequest(eventMessages.badTransition(row.status, to), 'INVALID_TRANSITION');
    if (row.status === 'diterima' && (to === 'ditolak' || to === 'tutup')) {
      const [live] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(runnerRegistrations)
        .where(and(eq(runnerRegistrations.eventRef, id), inArray(runnerRegistrations.status, [...LIVE_REGISTRATION_STATUSES])));
      if ((live?.n ?? 0) > 0) throw conflict(eventMessages.hasRunners(live!.n, to), 'EVENT_HAS_RUNNERS');
    }
    await tx.update(events).set({ status: to, updatedAt: new Date() }).where(eq(events.id, id));
  });
  const [event] = await listOrganizerEvents(db, { id });
  return event!;
}

/** The event's status, with its row locked in `tx` until the caller's commit (a cancellation decides on it). */
export async function lockEventStatus(tx: Db, eventId: string): Promise<EventStatus | null> {
  const [locked] = await tx.select({ status: events.status }).from(events).where(eq(events.id, eventId)).for('update');
  return locked?.status ?? null;
}

/**
 * Records an event's cancellation in the caller's transaction: status `dibatalkan`, when, by whom,
 * and the notice mailed to every runner. The registrations feature carries it through (its
 * cancellation job refunds and mails each runner).
 */
export async function markEventCanceled(tx: Db, eventId: string, cancel: { by: string; notice: string; now: Date }): Promise<void> {
  await tx
    .update(events)
    .set({ status: 'dibatalkan', canceledAt: cancel.now, canceledBy: cancel.by, cancelNotice: cancel.notice, updatedAt: cancel.now })
    .where(eq(events.id, eventId));
}
