import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { emailKey, maskEmail } from '../../../../domain/registrations/registration-identity';
import { registrationOpenness, zonedDateTime } from '../../../../domain/registrations/registration-form';
import type { Mailer } from '../../../adapters/mail/port';
import { composeMail } from '../../../adapters/mail/compose';
import type { Db } from '../../../db/client';
import { eventCategories, events, jobs, waitingListEntries, type EventCategoryRow, type EventRow, type WaitingListEntryRow } from '../../../db/schema';
import { conflict, notFound } from '../../../app-error';
import { findRegistrationContext } from '../../events/service';
import { registrationErrors } from '../registration-messages';

/**
 * 'Daftar Tunggu' (issue 26 §5, decision 033): a full category keeps a first-come list. A slot
 * freed by an expired hold, a cancellation or a rejection does not go back to the public rush,
 * where a script is faster than a person: it stays counted in `event_categories.sold` and is
 * offered to the next waiting runner (`releaseSlot`, in the transaction that freed it). The
 * waiting-list job mails the offer with a claim link valid OFFER_MINUTES; unclaimed, the offer
 * lapses and passes on, and with nobody left waiting the slot is given back. `sold` therefore
 * counts held registrations plus open offers, and never passes `slots` (decision 014 unchanged).
 */

export const OFFER_MINUTES = 30;
/** The periodic job that mails offers and lapses old ones (its plugin.ts). */
export const WAITING_LIST_JOB = 'registrations.waiting-list';
/** More than this many waiting runners per category would only be a list nobody reaches. */
export const WAITING_LIST_MAX = 500;
const OFFER_BATCH = 100;

export const waitingListMessages = {
  joined: (category: string, position: number) =>
    `Anda masuk Daftar Tunggu kategori ${category} di urutan ke-${position}. Bila ada slot yang kosong, kami kirim email berisi tautan klaim yang berlaku ${OFFER_MINUTES} menit.`,
  notFull: 'Kategori ini masih memiliki slot. Silakan langsung mendaftar.',
  listFull: 'Daftar Tunggu kategori ini sudah penuh.',
  offerNotFound: 'Tautan klaim tidak valid atau sudah dipakai.',
  offerExpired: `Waktu klaim ${OFFER_MINUTES} menit untuk slot ini sudah habis, dan slot telah ditawarkan ke pelari berikutnya di Daftar Tunggu.`,
  offerEmail: 'Tautan klaim ini untuk alamat email lain. Gunakan alamat email yang menerima tautan tersebut.',
  offerCategory: 'Tautan klaim ini untuk kategori lain di event ini.',
} as const;

export const hashOfferToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface JoinedWaitingList {
  position: number;
  message: string;
}

/**
 * Joins the list of a full category of an open event. Once per email per category: a repeat
 * answers the same place. The position counts who waits ahead (an open offer is already out).
 */
export async function joinWaitingList(
  db: Db,
  input: { eventId: string; categoryId: string; fullName: string; email: string },
  now: Date = new Date(),
): Promise<JoinedWaitingList & { created: boolean }> {
  const context = await findRegistrationContext(db, input.eventId, 0);
  if (!context) throw notFound(registrationErrors.eventNotFound);
  const { event, categories } = context;
  if (event.status === 'dibatalkan') throw conflict(registrationErrors.eventCanceled, 'EVENT_CANCELED');
  if (event.status !== 'diterima' && event.status !== 'tutup') throw conflict(registrationErrors.eventNotAccepted, 'EVENT_NOT_ACCEPTED');
  const openness = registrationOpenness({ ...event, categories }, now);
  if (openness.state === 'not_yet') throw conflict(openness.message, 'REGISTRATION_NOT_OPEN');
  if (openness.state === 'closed') throw conflict(openness.message, 'REGISTRATION_CLOSED');
  const category = categories.find((c) => c.categoryId === input.categoryId.toLowerCase() || c.id === input.categoryId);
  if (!category) throw notFound(registrationErrors.categoryNotFound);
  if (category.sold < category.slots) throw conflict(waitingListMessages.notFull, 'WAITING_LIST_NOT_FULL');
  const key = emailKey(input.email);

  const live = () =>
    db
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.categoryRef, category.id), eq(waitingListEntries.emailKey, key), inArray(waitingListEntries.status, ['waiting', 'offered'])));
  let [entry] = await live();
  let created = false;
  if (!entry) {
    const [{ waiting }] = (await db
      .select({ waiting: count() })
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.categoryRef, category.id), eq(waitingListEntries.status, 'waiting')))) as [{ waiting: number }];
    if (waiting >= WAITING_LIST_MAX) throw conflict(waitingListMessages.listFull, 'WAITING_LIST_FULL');
    const inserted = await db
      .insert(waitingListEntries)
      .values({ eventRef: event.id, categoryRef: category.id, fullName: input.fullName, email: input.email, emailKey: key, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    created = inserted.length > 0;
    [entry] = created ? inserted : await live();
  }
  const position = await positionOf(db, entry!);
  return { position, message: waitingListMessages.joined(category.name, position), created };
}

async function positionOf(db: Db, entry: WaitingListEntryRow): Promise<number> {
  if (entry.status !== 'waiting') return 1;
  const [row] = await db
    .select({ ahead: count() })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.categoryRef, entry.categoryRef),
        eq(waitingListEntries.status, 'waiting'),
        or(lt(waitingListEntries.createdAt, entry.createdAt), and(eq(waitingListEntries.createdAt, entry.createdAt), lte(waitingListEntries.id, entry.id))),
      ),
    );
  return Number(row?.ahead ?? 1);
}

/**
 * Frees one held slot of `categoryRef` in `tx`: offered to the first runner still waiting while
 * the event is open for registration (the slot stays counted), otherwise given back. Every place
 * that ends a hold calls this instead of decrementing `sold` itself. SKIP LOCKED: two slots freed
 * at once go to two different runners.
 */
export async function releaseSlot(tx: Db, categoryRef: string, now: Date = new Date()): Promise<'offered' | 'freed'> {
  const [next] = await tx
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .innerJoin(events, eq(events.id, waitingListEntries.eventRef))
    .where(
      and(
        eq(waitingListEntries.categoryRef, categoryRef),
        eq(waitingListEntries.status, 'waiting'),
        eq(events.status, 'diterima'),
        gt(events.regClose, now),
      ),
    )
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
    .limit(1)
    .for('update', { of: waitingListEntries, skipLocked: true });
  if (next) {
    await tx.update(waitingListEntries).set({ status: 'offered', offeredAt: now, updatedAt: now }).where(eq(waitingListEntries.id, next.id));
    // The offer's mail goes at the job runner's next poll (seconds), not at the job's next period:
    // its row ('periodic', the runner's key for it) is pulled forward, in this transaction.
    await tx
      .update(jobs)
      .set({ runAt: now })
      .where(and(eq(jobs.name, WAITING_LIST_JOB), eq(jobs.key, 'periodic'), gt(jobs.runAt, now)));
    return 'offered';
  }
  await tx
    .update(eventCategories)
    .set({ sold: sql`greatest(${eventCategories.sold} - 1, 0)` })
    .where(eq(eventCategories.id, categoryRef));
  return 'freed';
}

/** What the claim link opens: the offer, to pre-fill the registration form. */
export interface WaitingOffer {
  entry: WaitingListEntryRow;
  event: EventRow;
  category: EventCategoryRow;
}

/** The live offer behind a claim link; 404 for an unknown or used link, 409 once its time is up. */
export async function findOffer(db: Db, token: string, now: Date = new Date()): Promise<WaitingOffer> {
  const [found] = await db
    .select({ entry: waitingListEntries, event: events, category: eventCategories })
    .from(waitingListEntries)
    .innerJoin(events, eq(events.id, waitingListEntries.eventRef))
    .innerJoin(eventCategories, eq(eventCategories.id, waitingListEntries.categoryRef))
    .where(eq(waitingListEntries.offerTokenHash, hashOfferToken(token)));
  if (!found || found.entry.status === 'claimed') throw notFound(waitingListMessages.offerNotFound);
  if (found.entry.status !== 'offered' || !found.entry.offerExpiresAt || found.entry.offerExpiresAt.getTime() <= now.getTime()) {
    throw conflict(waitingListMessages.offerExpired, 'WAITING_OFFER_EXPIRED');
  }
  return found;
}

/** Before a claim reserves anything: the offer must be this event's, this category's and this email's. */
export async function checkOffer(db: Db, token: string, event: Pick<EventRow, 'id'>, categoryKey: string, runnerEmailKey: string, now: Date): Promise<WaitingOffer> {
  const offer = await findOffer(db, token, now);
  if (offer.event.id !== event.id) throw notFound(waitingListMessages.offerNotFound);
  if (offer.category.categoryId !== categoryKey.toLowerCase() && offer.category.id !== categoryKey) throw conflict(waitingListMessages.offerCategory, 'WAITING_OFFER_CATEGORY');
  if (offer.entry.emailKey !== runnerEmailKey) throw conflict(waitingListMessages.offerEmail, 'WAITING_OFFER_EMAIL');
  return offer;
}

/**
 * In the reservation's transaction, instead of taking a slot: the offer's slot (already counted)
 * becomes the registration's. Claimed by its status and time, so a link works once and not late.
 */
export async function claimOffer(tx: Db, entryId: string, registrationRef: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(waitingListEntries)
    .set({ status: 'claimed', registrationRef, updatedAt: now })
    .where(and(eq(waitingListEntries.id, entryId), eq(waitingListEntries.status, 'offered'), gt(waitingListEntries.offerExpiresAt, now)))
    .returning({ id: waitingListEntries.id });
  return claimed.length > 0;
}

export interface WaitingListSweepDeps {
  db: Db;
  mail: Mailer;
  publicUrl: string;
}

/**
 * The waiting-list job: offers past their time (or whose event stopped taking registrations)
 * lapse and pass their slot on; new offers get their mail and their 30 minutes. Each entry is
 * claimed by its own status change, so two servers or a rerun do nothing twice.
 */
export async function sweepWaitingList(deps: WaitingListSweepDeps, now: Date = new Date()): Promise<{ lapsed: number; offered: number }> {
  const { db } = deps;
  const ending = and(
    eq(waitingListEntries.status, 'offered'),
    or(
      and(isNotNull(waitingListEntries.offerExpiresAt), lte(waitingListEntries.offerExpiresAt, now)),
      sql`not exists (select 1 from ${events} where ${events.id} = ${waitingListEntries.eventRef} and ${events.status} = 'diterima' and ${events.regClose} > ${now})`,
    ),
  );
  const over = await db.select({ id: waitingListEntries.id }).from(waitingListEntries).where(ending).limit(OFFER_BATCH);
  let lapsed = 0;
  for (const { id } of over) {
    const done = await db.transaction(async (tx) => {
      const [entry] = await tx
        .update(waitingListEntries)
        .set({ status: 'lapsed', updatedAt: now })
        .where(and(eq(waitingListEntries.id, id), ending))
        .returning({ categoryRef: waitingListEntries.categoryRef });
      if (entry) await releaseSlot(tx, entry.categoryRef, now);
      return !!entry;
    });
    if (done) lapsed++;
  }

  const unmailed = and(eq(waitingListEntries.status, 'offered'), isNull(waitingListEntries.offerExpiresAt));
  const fresh = await db.select({ id: waitingListEntries.id }).from(waitingListEntries).where(unmailed).orderBy(asc(waitingListEntries.offeredAt)).limit(OFFER_BATCH);
  let offered = 0;
  for (const { id } of fresh) {
    const done = await db.transaction(async (tx) => {
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now.getTime() + OFFER_MINUTES * 60_000);
      const [entry] = await tx
        .update(waitingListEntries)
        .set({ offerTokenHash: hashOfferToken(token), offerExpiresAt: expiresAt, updatedAt: now })
        .where(and(eq(waitingListEntries.id, id), unmailed))
        .returning();
      if (!entry) return false;
      const [ctx] = await tx
        .select({ event: events, category: eventCategories })
        .from(events)
        .innerJoin(eventCategories, eq(eventCategories.id, entry.categoryRef))
        .where(eq(events.id, entry.eventRef));
      await deps.mail.enqueue(offerMail(entry, ctx!.event, ctx!.category, claimUrl(deps.publicUrl, ctx!.event.code, token), expiresAt), { tx });
      return true;
    });
    if (done) offered++;
  }
  if (offered > 0) deps.mail.kick();
  return { lapsed, offered };
}

/** The claim link: the event's registration page, which pre-fills the form from the offer. */
export const claimUrl = (publicUrl: string, eventCode: string, token: string) =>
  `${publicUrl}/register/${encodeURIComponent(eventCode)}?klaim=${encodeURIComponent(token)}`;

function offerMail(entry: WaitingListEntryRow, event: EventRow, category: EventCategoryRow, url: string, expiresAt: Date) {
  const t = zonedDateTime(expiresAt, event.timezone);
  return composeMail({
    to: entry.email,
    subject: `Slot tersedia untuk Anda: ${event.name} (${category.name})`,
    heading: 'Ada slot kosong untuk Anda',
    intro: [`Halo ${entry.fullName},`, `Sebuah slot kategori ${category.name} di ${event.name} kosong, dan Anda berikutnya di Daftar Tunggu. Slot ini kami simpan khusus untuk Anda.`],
    details: [
      ['Event', event.name],
      ['Kategori', category.name],
      ['Berlaku hingga', `${t.date} pukul ${t.time} ${t.offset}`],
    ],
    link: { label: 'Klaim slot & lengkapi pendaftaran', url },
    outro: [
      `Tautan ini berlaku ${OFFER_MINUTES} menit dan hanya untuk alamat email ini (${maskEmail(entry.email)}). Setelah itu slot ditawarkan ke pelari berikutnya.`,
    ],
    topic: `waiting-offer:${entry.id}`,
  });
}

/** A claim link's offer as the registration page shows it. */
export function toOfferJson({ entry, event, category }: WaitingOffer) {
  return {
    eventCode: event.code,
    categoryId: category.categoryId,
    categoryName: category.name,
    fullName: entry.fullName,
    email: entry.email,
    expiresAt: entry.offerExpiresAt!.toISOString(),
  };
}
