import { and, count, desc, eq, gte, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { connectionDisplayStatus, connectionIsLive, FREESLOT, isConnectEmail, slotDatesOnFill } from '../../../domain/coaching/coaching';
import { coachingMessages, connectionMessages, type CoachConnection, type CoachConnectionList, type MyCoach } from '../../../domain/coaching/contract';
import { jakartaToday, type IsoDay } from '../../../domain/shared/wire-date';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { Mailer } from '../../adapters/mail/port';
import type { Db } from '../../db/client';
import { coachConnections, coachProfiles, users, type CoachConnectionRow, type UserRow } from '../../db/schema';
import { findUserByEmail } from '../users/service';
import { coachConnectedMail, coachingEndedMail } from './connection-mails';

/**
 * Connections seen from both ends (runner-and-coach §2 Daftar Pelari, §4, §5): the coach fills an
 * empty slot with a runner by email and may empty a freeslot again; the runner ends the
 * relationship from Pengaturan. Who may see whose plan is decided by `liveConnection` (service.ts)
 * from the rows written here, so ending a row takes the coach's access away at once.
 */

const runner = alias(users, 'runner');

type RunnerRef = Pick<UserRow, 'id' | 'name' | 'email'>;

function toCoachConnection(row: CoachConnectionRow, who: RunnerRef | null, today: IsoDay): CoachConnection {
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
  };
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
  return {
    data: page.map(({ row, who }) => toCoachConnection(row, who, today)),
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
async function lockOwnSlot(tx: Db, coachId: string, connectionId: string): Promise<CoachConnectionRow> {
  const [slot] = await tx
    .select()
    .from(coachConnections)
    .where(and(eq(coachConnections.id, connectionId), eq(coachConnections.coachId, coachId)))
    .for('update');
  if (!slot) throw notFound(coachingMessages.slotNotFound);
  return slot;
}

/**
 * PUT /api/coach/connection/{id} with an address: links that registered runner to an empty slot of
 * the coach and tells the runner by mail. A freeslot's clock starts at its first fill (today +
 * the admin's weeks); a freeslot emptied and filled again keeps that end, so emptying and
 * refilling never stretches a free gift.
 */
export async function connectRunner(
  deps: ConnectionDeps,
  input: { coach: UserRow; connectionId: string; runnerEmail: string },
  today: IsoDay = jakartaToday(),
): Promise<CoachConnection> {
  const email = input.runnerEmail.trim();
  if (!isConnectEmail(email)) throw badRequest(coachingMessages.invalidEmail, 'INVALID_EMAIL');
  const coachId = input.coach.id;
  const result = await deps.db.transaction(async (tx) => {
    const slot = await lockOwnSlot(tx, coachId, input.connectionId);
    if (slot.status === 'ended') throw conflict(connectionMessages.slotEnded, 'SLOT_ENDED');
    const found = await findUserByEmail(tx, email);
    if (slot.runnerId) throw conflict(found && found.id === slot.runnerId ? coachingMessages.alreadyConnected : coachingMessages.slotTaken, 'SLOT_TAKEN');
    if (slot.endDate && slot.endDate < today) throw conflict(connectionMessages.slotExpired, 'SLOT_EXPIRED');
    // The spec's text for an unknown address ("not yet registered on Derap"), never the English marker.
    if (!found) throw notFound(coachingMessages.userNotRegistered(email));
    if (found.role !== 'runner' || found.id === coachId) throw new AppError('unprocessable', coachingMessages.notARunner, 'NOT_A_RUNNER');
    // One change per runner at a time: two slots filled with the same runner at once would both pass the check below.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, found.id)).for('update');
    const live = await tx
      .select({ id: coachConnections.id, status: coachConnections.status, runnerId: coachConnections.runnerId, startDate: coachConnections.startDate, endDate: coachConnections.endDate })
      .from(coachConnections)
      .where(and(eq(coachConnections.coachId, coachId), eq(coachConnections.runnerId, found.id), eq(coachConnections.status, 'active')));
    if (live.some((c) => connectionIsLive(c, today))) throw conflict(coachingMessages.alreadyConnected, 'ALREADY_CONNECTED');

    const [updated] = await tx
      .update(coachConnections)
      .set({
        runnerId: found.id,
        ...(slot.packages === FREESLOT
          ? slot.endDate
            ? { startDate: today }
            : slotDatesOnFill(slot, today)
          : { startDate: slot.startDate ?? today }),
        updatedAt: new Date(),
      })
      .where(and(eq(coachConnections.id, slot.id), isNull(coachConnections.runnerId), eq(coachConnections.status, 'active')))
      .returning();
    if (!updated) throw conflict(coachingMessages.slotTaken, 'SLOT_TAKEN');
    await deps.mail.enqueue(coachConnectedMail({ runner: found, coach: input.coach, connection: updated, publicUrl: deps.publicUrl }), { tx });
    return toCoachConnection(updated, found, today);
  });
  deps.mail.kick();
  return result;
}

/**
 * PUT /api/coach/connection/{id} with null: empties a freeslot so the coach can give it to someone
 * else (runner-and-coach §5); bought packages stay until the runner ends them or they run out.
 * The runner loses nothing but the coach's view of their plan, which stops at once.
 */
export async function emptyFreeslot(db: Db, coachId: string, connectionId: string, today: IsoDay = jakartaToday()): Promise<CoachConnection> {
  return db.transaction(async (tx) => {
    const slot = await lockOwnSlot(tx, coachId, connectionId);
    if (slot.packages !== FREESLOT) throw conflict(coachingMessages.removeOnlyFreeslot, 'REMOVE_ONLY_FREESLOT');
    if (slot.status === 'ended') throw conflict(connectionMessages.slotEnded, 'SLOT_ENDED');
    const [updated] = await tx
      .update(coachConnections)
      .set({ runnerId: null, startDate: null, updatedAt: new Date() })
      .where(eq(coachConnections.id, slot.id))
      .returning();
    return toCoachConnection(updated!, null, today);
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

