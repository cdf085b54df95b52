import { and, count, desc, eq, gt, gte, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { connectionDisplayStatus, connectionIsLive, FREESLOT, slotDatesOnFill } from '../../../domain/coaching/coaching';
import { coachingMessages, connectionMessages, type CoachConnection, type CoachConnectionList, type MyCoach } from '../../../domain/coaching/contract';
import { jakartaToday, type IsoDay } from '../../../domain/shared/wire-date';
import { conflict, notFound } from '../../app-error';
import type { Mailer } from '../../adapters/mail/port';
import type { Db } from '../../db/client';
import { coachConnections, coachInvitations, coachProfiles, type CoachConnectionRow } from '../../db/schema/coaching';
import { users, type UserRow } from '../../db/schema/users';
import { coachingEndedMail } from './connection-mails';

/**
 * Connections seen from both ends (runner-and-coach §2 Daftar Pelari, §4, §5): the coach fills an
 * empty slot with a runner by email and may empty a freeslot again; the runner ends the
 * relationship from Pengaturan. Who may see whose plan is decided by `liveConnection` (service.ts)
 * from the rows written here, so ending a row takes the coach's access away at once.
 */

const runner = alias(users, 'runner');

type RunnerRef = Pick<UserRow, 'id' | 'name' | 'email'>;

type OpenInvitation = { id: string; email: string; expiresAt: Date };

export function toCoachConnection(row: CoachConnectionRow, who: RunnerRef | null, today: IsoDay, invitation: OpenInvitation | null = null): CoachConnection {
  return {
    _id: row.id,
    runnerId: who ? { _id: who.id, name: who.name, email: who.email } : null,
    title: row.title,
    status: row.status,
    displayStatus: connectionDisplayStatus(row, today),
    packages: row.packages,
    packageId: row.packageId,
    startDate: row.startDate,
    endDate: row.endDate,
    invitation: invitation && !row.runnerId ? { _id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() } : null,
  };
}

/** The open (pending, not yet expired) invitation of each of these slots. */
async function openInvitations(db: Db, connectionIds: string[], now = new Date()): Promise<Map<string, OpenInvitation>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .select({ connectionId: coachInvitations.connectionId, id: coachInvitations.id, email: coachInvitations.email, expiresAt: coachInvitations.expiresAt })
    .from(coachInvitations)
    .where(and(inArray(coachInvitations.connectionId, connectionIds), eq(coachInvitations.status, 'pending'), gt(coachInvitations.expiresAt, now)));
  return new Map(rows.map((r) => [r.connectionId, r]));
}

/** The row and its runner's name and email (null for an empty slot, or a runner whose account is gone). */
async function connectionsWithRunner(db: Db, where: ReturnType<typeof and>, page?: { limit: number; offset: number }) {
  const query = db
    .select({ row: coachConnections, runner: { id: runner.id, name: runner.name, email: runner.email } })
    .from(coachConnections)
    .leftJoin(runner, eq(runner.id, coachConnections.runnerId))
    .where(where)
    .orderBy(desc(coachConnections.createdAt), desc(coachConnections.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ row, runner: who }) => ({ row, who: who?.id ? (who as RunnerRef) : null }));
}

/** Daftar Pelari: one page of the coach's slots (filled, empty, ended, expired), newest first, with the figures of all of them. */
export async function listCoachConnections(
  db: Db,
  coachId: string,
  paging: { page: number; limit: number; only?: 'empty' },
  today: IsoDay = jakartaToday(),
): Promise<CoachConnectionList> {
  const mine = eq(coachConnections.coachId, coachId);
  const fillable = and(mine, isNull(coachConnections.runnerId), eq(coachConnections.status, 'active'), or(isNull(coachConnections.endDate), gte(coachConnections.endDate, today)));
  const where = paging.only === 'empty' ? fillable : and(mine);
  const [page, [counted], all] = await Promise.all([
    connectionsWithRunner(db, where, { limit: paging.limit, offset: (paging.page - 1) * paging.limit }),
    db.select({ n: count() }).from(coachConnections).where(where),
    db
      .select({ status: coachConnections.status, runnerId: coachConnections.runnerId, startDate: coachConnections.startDate, endDate: coachConnections.endDate })
      .from(coachConnections)
      .where(mine),
  ]);
  const invited = await openInvitations(db, page.filter(({ who }) => !who).map(({ row }) => row.id));
  return {
    data: page.map(({ row, who }) => toCoachConnection(row, who, today, invited.get(row.id) ?? null)),
    total: counted?.n ?? 0,
    page: paging.page,
    limit: paging.limit,
    summary: {
      runners: all.filter((c) => c.runnerId !== null).length,
      live: all.filter((c) => connectionIsLive(c, today)).length,
      empty: all.filter((c) => connectionDisplayStatus(c, today) === 'empty').length,
    },
  };
}

/** Ubah Jadwal's selector: only the runners the coach may coach today. */
export async function listLiveCoachConnections(db: Db, coachId: string, today: IsoDay = jakartaToday()): Promise<CoachConnection[]> {
  const rows = await connectionsWithRunner(db, and(eq(coachConnections.coachId, coachId), eq(coachConnections.status, 'active')));
  const seen = new Set<string>();
  return rows
    .filter(({ row, who }) => who && connectionIsLive(row, today))
    // One entry per runner (a runner may hold two packages of one coach), by name for the selector.
    .filter(({ who }) => !seen.has(who!.id) && !!seen.add(who!.id))
    .sort((a, b) => a.who!.name.localeCompare(b.who!.name, 'id'))
    .map(({ row, who }) => toCoachConnection(row, who, today));
}

export interface ConnectionDeps {
  db: Db;
  mail: Mailer;
  publicUrl: string;
}

/** The caller's own slot, locked for the change; another coach's slot is "not found" (nothing revealed). */
export async function lockOwnSlot(tx: Db, coachId: string, connectionId: string): Promise<CoachConnectionRow> {
  const [slot] = await tx
    .select()
    .from(coachConnections)
    .where(and(eq(coachConnections.id, connectionId), eq(coachConnections.coachId, coachId)))
    .for('update');
  if (!slot) throw notFound(coachingMessages.slotNotFound);
  return slot;
}

/**
 * Puts the runner into the slot (the slot and the runner's row are locked by the caller): a
 * freeslot's clock starts at its first fill (today + the admin's weeks); a freeslot emptied and
 * filled again keeps that end, so emptying and refilling never stretches a free gift. Null when
 * the slot was filled meanwhile. Only an accepted invitation calls this (issue 26 §4).
 */
export async function fillSlot(tx: Db, slot: CoachConnectionRow, runnerId: string, today: IsoDay): Promise<CoachConnectionRow | null> {
  const [updated] = await tx
    .update(coachConnections)
    .set({
      runnerId,
      ...(slot.packages === FREESLOT ? (slot.endDate ? { startDate: today } : slotDatesOnFill(slot, today)) : { startDate: slot.startDate ?? today }),
      updatedAt: new Date(),
    })
    .where(and(eq(coachConnections.id, slot.id), isNull(coachConnections.runnerId), eq(coachConnections.status, 'active')))
    .returning();
  return updated ?? null;
}

/** Whether the coach already coaches this runner today (through any slot). */
export async function coachesNow(tx: Db, coachId: string, runnerId: string, today: IsoDay): Promise<boolean> {
  const live = await tx
    .select({ status: coachConnections.status, runnerId: coachConnections.runnerId, startDate: coachConnections.startDate, endDate: coachConnections.endDate })
    .from(coachConnections)
    .where(and(eq(coachConnections.coachId, coachId), eq(coachConnections.runnerId, runnerId), eq(coachConnections.status, 'active')));
  return live.some((c) => connectionIsLive(c, today));
}

/**
 * PUT /api/coach/connection/{id} with null: empties a freeslot so the coach can give it to someone
 * else (runner-and-coach §5); bought packages stay until the runner ends them or they run out.
 * The runner loses nothing but the coach's view of their plan, which stops at once.
 */
export async function emptyFreeslot(db: Db, coachId: string, connectionId: string, today: IsoDay = jakartaToday()): Promise<{ data: CoachConnection; hadRunner: boolean }> {
  return db.transaction(async (tx) => {
    const slot = await lockOwnSlot(tx, coachId, connectionId);
    if (slot.packages !== FREESLOT) throw conflict(coachingMessages.removeOnlyFreeslot, 'REMOVE_ONLY_FREESLOT');
    if (slot.status === 'ended') throw conflict(connectionMessages.slotEnded, 'SLOT_ENDED');
    const [updated] = await tx
      .update(coachConnections)
      .set({ runnerId: null, startDate: null, updatedAt: new Date() })
      .where(eq(coachConnections.id, slot.id))
      .returning();
    // Emptying also withdraws an invitation still waiting for this slot: its link stops working.
    await tx
      .update(coachInvitations)
      .set({ status: 'cancelled', respondedAt: new Date() })
      .where(and(eq(coachInvitations.connectionId, slot.id), eq(coachInvitations.status, 'pending')));
    return { data: toCoachConnection(updated!, null, today), hadRunner: slot.runnerId !== null };
  });
}

/** Pengaturan's 'Pelatih Saya': the caller's live connections, with the coach's public link when they have a profile. */
export async function listMyCoaches(db: Db, runnerId: string, today: IsoDay = jakartaToday()): Promise<MyCoach[]> {
  const coach = alias(users, 'coach');
  const rows = await db
    .select({ row: coachConnections, coach: { id: coach.id, name: coach.name }, profile: { shownName: coachProfiles.shownName, uniquelink: coachProfiles.uniquelink } })
    .from(coachConnections)
    .innerJoin(coach, eq(coach.id, coachConnections.coachId))
    .leftJoin(coachProfiles, eq(coachProfiles.userId, coachConnections.coachId))
    .where(and(eq(coachConnections.runnerId, runnerId), eq(coachConnections.status, 'active')))
    .orderBy(desc(coachConnections.createdAt), desc(coachConnections.id));
  return rows
    .filter(({ row }) => connectionIsLive(row, today))
    .map(({ row, coach: c, profile }) => ({
      connectionId: row.id,
      coach: { _id: c.id, name: profile?.shownName || c.name, uniquelink: profile?.uniquelink ?? null },
      packages: row.packages,
      startDate: row.startDate,
      endDate: row.endDate,
    }));
}

/**
 * POST /api/runner/coaches/{connectionId}/end: the runner stops sharing their profile and training
 * data with that coach (runner-and-coach §4 "Coaching relationship"). Only the runner of the
 * connection may; to anyone else it does not exist. Ending twice changes nothing.
 */
export async function endCoaching(deps: ConnectionDeps, runnerUser: UserRow, connectionId: string): Promise<void> {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(coachConnections)
      .where(and(eq(coachConnections.id, connectionId), eq(coachConnections.runnerId, runnerUser.id)))
      .for('update');
    if (!row) throw notFound(coachingMessages.slotNotFound);
    if (row.status === 'ended') return false;
    const now = new Date();
    const [updated] = await tx
      .update(coachConnections)
      .set({ status: 'ended', endedAt: now, endedBy: runnerUser.id, updatedAt: now })
      .where(eq(coachConnections.id, row.id))
      .returning();
    const [coach] = await tx.select().from(users).where(eq(users.id, row.coachId));
    if (coach) await deps.mail.enqueue(coachingEndedMail({ runner: runnerUser, coach, connection: updated!, publicUrl: deps.publicUrl }), { tx });
    return true;
  });
  if (ended) deps.mail.kick();
}

