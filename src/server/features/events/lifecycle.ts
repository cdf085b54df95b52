import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { categoryIsLocked, eventChangeProblems, matchCategories, type StoredCategory } from '../../../domain/events/event-changes';
import { eventFormMessages, type EventPayload } from '../../../domain/events/event-form';
import { jakartaToday } from '../../../domain/shared/wire-date';
import type { Db } from '../../db/client';
import { eventCategories, events, type EventCategoryRow, type EventRow } from '../../db/schema/events';
import { runnerRegistrations } from '../../db/schema/registrations';
import type { UserRow } from '../../db/schema/users';
import { AppError, conflict, forbidden, notFound } from '../../app-error';
import { canManageEvent, categoryValues, eventMessages, findEventByKey, listOrganizerEvents } from './service';

/**
 * An organizer's event after its creation (docs/decisions/020-event-changes-and-payouts.md): edit
 * within the rules for sold categories, close registration early, delete while nothing was ever
 * registered. Owner organizer or admin only.
 */
export const lifecycleMessages = {
  notYours: 'Anda tidak memiliki akses ke event ini.',
  notOpenYet: 'Pendaftaran belum dibuka, jadi belum bisa ditutup. Ubah tanggal pendaftaran lewat "Ubah Event" bila perlu.',
  alreadyClosed: 'Pendaftaran event ini sudah ditutup.',
  hasRegistrations: (n: number) =>
    `Event ini sudah memiliki ${n.toLocaleString('id-ID')} pendaftaran sehingga tidak dapat dihapus. Gunakan "Batalkan Event" untuk membatalkannya dan mengembalikan dana pelari.`,
  deleted: (name: string) => `Event "${name}" telah dihapus.`,
  canceled: 'Event ini sudah dibatalkan sehingga tidak dapat diubah lagi.',
} as const;

/** The event `key` names (uuid, eventId or code) if this user may manage it: 404 when none, 403 when another organizer's. */
export async function managedEvent(db: Db, user: Pick<UserRow, 'id' | 'role'>, key: string): Promise<EventRow> {
  const event = await findEventByKey(db, key);
  if (!event) throw notFound(eventMessages.eventNotFound);
  if (!canManageEvent(event, user)) throw forbidden(lifecycleMessages.notYours);
  return event;
}

async function registrationRowsPerCategory(tx: Db, eventRef: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ categoryRef: runnerRegistrations.categoryRef, n: count() })
    .from(runnerRegistrations)
    .where(eq(runnerRegistrations.eventRef, eventRef))
    .groupBy(runnerRegistrations.categoryRef);
  return new Map(rows.map((r) => [r.categoryRef, Number(r.n)]));
}


/**
 * Saves an edited event. Under a lock on the event and its categories (a registration holding a
 * slot waits, so `sold` cannot move while the rules are checked): every refused change answers 409
 * with one message per field; a rejected event goes back to Diajukan (the organizer resubmits by
 * fixing it); an accepted one stays accepted. The eventId stays the one made at creation.
 */
export async function updateEvent(db: Db, user: Pick<UserRow, 'id' | 'role'>, key: string, input: EventPayload, now: Date = new Date()): Promise<OrganizerEvent> {
  const found = await managedEvent(db, user, key);
  if (input.code !== found.code) {
    const taken = await db
      .select({ id: events.id })
      .from(events)
      .where(and(ne(events.id, found.id), sql`(${events.code} = ${input.code} or ${events.eventId} = ${input.code})`))
      .limit(1);
    if (taken.length > 0) throw new AppError('conflict', eventFormMessages.duplicateCode, 'DUPLICATE_CODE', [{ path: 'code', message: eventFormMessages.duplicateCode }]);
  }
  try {
    await db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, found.id)).for('update');
      if (!event) throw notFound(eventMessages.eventNotFound);
      if (event.status === 'dibatalkan') throw conflict(lifecycleMessages.canceled, 'EVENT_CANCELED');
      const stored = await tx.select().from(eventCategories).where(eq(eventCategories.eventRef, event.id)).orderBy(asc(eventCategories.position)).for('update');
      const rows = await registrationRowsPerCategory(tx, event.id);
      const current: (StoredCategory & { row: EventCategoryRow })[] = stored.map((c) => ({ ...c, hasRegistrations: (rows.get(c.id) ?? 0) > 0, row: c }));

      const regOpen = new Date(input.regOpen);
      // Compared to the minute: the form's datetime-local inputs carry no seconds.
      const sameOpening = Math.floor(regOpen.getTime() / 60_000) === Math.floor(event.regOpen.getTime() / 60_000);
      if (!sameOpening && jakartaToday(regOpen) < jakartaToday(now)) {
        throw new AppError('invalid', eventFormMessages.regOpenPast, 'VALIDATION_ERROR', [{ path: 'regOpen', message: eventFormMessages.regOpenPast }]);
      }
      const problems = eventChangeProblems({ code: event.code, paymentType: event.paymentType, categories: current }, input);
      if (problems.length > 0) throw new AppError('conflict', problems[0]!.message, 'EVENT_CHANGE_REFUSED', problems);

      await tx
        .update(events)
        .set({
          code: input.code,
          name: input.name,
          description: input.description,
          headerImage: input.headerImage,
          location: input.location,
          eventDate: new Date(input.eventDate),
          regOpen,
          regClose: new Date(input.regClose),
          earlyBirdEndDate: input.earlyBirdEndDate ? new Date(input.earlyBirdEndDate) : null,
          paymentType: input.paymentType,
          paymentOptions: input.paymentOptions,
          paymentQrImage: input.paymentInstruction?.qrImage ?? null,
          paymentInstructions: input.paymentInstruction?.instructions ?? null,
          emailCodeRequired: input.emailCodeRequired,
          // A rejected event is resubmitted by fixing it; every other status stays (decision 020).
          status: event.status === 'ditolak' ? 'diajukan' : event.status,
          updatedAt: now,
        })
        .where(eq(events.id, event.id));

      const matches = matchCategories(current, input.categories);
      const removed = current.filter((c) => !matches.includes(c));
      // eventChangeProblems refused removing a sold category; the check is repeated where it matters.
      if (removed.some(categoryIsLocked)) throw conflict(problems[0]?.message ?? eventFormMessages.categoriesInvalid);
      if (removed.length > 0) await tx.delete(eventCategories).where(inArray(eventCategories.id, removed.map((c) => c.row.id)));
      // Renamed categories first take a placeholder id, so two names may swap places.
      const kept = matches.flatMap((m, index) => (m ? [{ m, index }] : []));
      const renamed = kept.filter(({ m, index }) => m.categoryId !== input.categories[index]!.categoryId);
      for (const { m } of renamed) {
        await tx.update(eventCategories).set({ categoryId: `~${m.row.id}` }).where(eq(eventCategories.id, m.row.id));
      }
      for (const { m, index } of kept) {
        await tx.update(eventCategories).set(categoryValues(input.categories[index]!, index)).where(eq(eventCategories.id, m.row.id));
      }
      const added = input.categories.flatMap((c, index) => (matches[index] ? [] : [{ ...categoryValues(c, index), eventRef: event.id }]));
      if (added.length > 0) await tx.insert(eventCategories).values(added);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'events_code_key')) throw conflict(eventFormMessages.duplicateCode, 'DUPLICATE_CODE');
    if (isUniqueViolation(error, 'event_categories_event_category_key')) throw conflict(eventFormMessages.categoryNameDuplicate, 'DUPLICATE_CATEGORY');
    throw error;
  }
  const [event] = await listOrganizerEvents(db, { id: found.id });
  return event!;
}

function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return (e.constraint ?? e.message ?? '').includes(index);
  }
  return false;
}

/** 'Tutup Pendaftaran': registration closes now (regClose = now); the public page then says it closed. */
export async function closeRegistration(db: Db, user: Pick<UserRow, 'id' | 'role'>, key: string, now: Date = new Date()): Promise<OrganizerEvent> {
  const found = await managedEvent(db, user, key);
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, found.id)).for('update');
    if (!event) throw notFound(eventMessages.eventNotFound);
    if (event.status === 'dibatalkan') throw conflict(lifecycleMessages.canceled, 'EVENT_CANCELED');
    if (now < event.regOpen) throw conflict(lifecycleMessages.notOpenYet, 'REGISTRATION_NOT_OPEN');
    if (now >= event.regClose) throw conflict(lifecycleMessages.alreadyClosed, 'REGISTRATION_CLOSED');
    await tx.update(events).set({ regClose: now, updatedAt: now }).where(eq(events.id, event.id));
  });
  const [event] = await listOrganizerEvents(db, { id: found.id });
  return event!;
}

/** Deletes an event nobody ever registered for (no row of any status, no held slot); else 409 pointing to 'Batalkan Event'. */
export async function deleteEvent(db: Db, user: Pick<UserRow, 'id' | 'role'>, key: string): Promise<{ name: string }> {
  const found = await managedEvent(db, user, key);
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, found.id)).for('update');
    if (!event) throw notFound(eventMessages.eventNotFound);
    // Lock the categories too: a registration reserving a slot right now finishes first, and is counted.
    const categories = await tx.select({ sold: eventCategories.sold }).from(eventCategories).where(eq(eventCategories.eventRef, event.id)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(runnerRegistrations).where(eq(runnerRegistrations.eventRef, event.id));
    const held = categories.reduce((sum, c) => sum + c.sold, 0);
    if (Number(n) > 0 || held > 0) throw conflict(lifecycleMessages.hasRegistrations(Math.max(Number(n), held)), 'EVENT_HAS_REGISTRATIONS');
    await tx.delete(events).where(eq(events.id, event.id));
  });
  return { name: found.name };
}
