import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  COACH_INVITATION_DAYS,
  INVITATION_WINDOW_DAYS,
  INVITATIONS_PER_ADDRESS,
  INVITATIONS_PER_DAY,
  isConnectEmail,
} from '../../../domain/coaching/coaching';
import { coachingMessages, connectionMessages, invitationMessages, type CoachConnection, type CoachInvitation } from '../../../domain/coaching/contract';
import { jakartaToday, type IsoDay } from '../../../domain/shared/wire-date';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { coachConnections, coachInvitations, coachProfiles, type CoachInvitationRow } from '../../db/schema/coaching';
import { users, type UserRow } from '../../db/schema/users';
import { findUserByEmail } from '../users/service';
import { coachInvitationMail, invitationAcceptedMail } from './connection-mails';
import { coachesNow, fillSlot, lockOwnSlot, toCoachConnection, type ConnectionDeps } from './service.connections';

/**
 * A runner consents to a coach (issue 26 §4, decision 032). The coach's "connect by email" writes an
 * invitation and fills nothing: the runner accepts or declines it in the dashboard or from the
 * mail's link, and only an acceptance puts them in the slot (so `liveConnection` in service.ts
 * gives no access before). Every address gets the same answer, the same stored row and the same
 * limits, registered or not; only a runner's address gets the mail.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NIL_ID = '00000000-0000-0000-0000-000000000000';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes: the mail link's secret (43 base64url characters). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * PUT /api/coach/connection/{id} with an address: invites whoever owns it to that empty slot. The
 * answer is the empty slot with its invitation, whatever the address; refusals that depend on the
 * address (one open invitation, three in 30 days) count typed addresses, not accounts.
 */
export async function inviteRunner(
  deps: ConnectionDeps,
  input: { coach: UserRow; connectionId: string; runnerEmail: string },
  now: Date = new Date(),
  today: IsoDay = jakartaToday(now),
): Promise<CoachConnection> {
  const email = input.runnerEmail.trim();
  if (!isConnectEmail(email)) throw badRequest(coachingMessages.invalidEmail, 'INVALID_EMAIL');
  const address = email.toLowerCase();
  const coachId = input.coach.id;
  const result = await deps.db.transaction(async (tx) => {
    // One invitation of a coach at a time, so the limits and "one open per address" hold under a burst.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, coachId)).for('update');
    const slot = await lockOwnSlot(tx, coachId, input.connectionId);
    if (slot.status === 'ended') throw conflict(connectionMessages.slotEnded, 'SLOT_ENDED');
    if (slot.runnerId) throw conflict(coachingMessages.slotTaken, 'SLOT_TAKEN');
    if (slot.endDate && slot.endDate < today) throw conflict(connectionMessages.slotExpired, 'SLOT_EXPIRED');

    await tx
      .update(coachInvitations)
      .set({ status: 'expired' })
      .where(and(eq(coachInvitations.coachId, coachId), eq(coachInvitations.status, 'pending'), lte(coachInvitations.expiresAt, now)));
    const sent = await tx
      .select({ email: coachInvitations.email, status: coachInvitations.status, createdAt: coachInvitations.createdAt })
      .from(coachInvitations)
      .where(and(eq(coachInvitations.coachId, coachId), gt(coachInvitations.createdAt, new Date(now.getTime() - INVITATION_WINDOW_DAYS * DAY_MS))));
    const toAddress = sent.filter((i) => i.email === address);
    if (toAddress.some((i) => i.status === 'pending')) throw conflict(invitationMessages.pendingForAddress, 'INVITATION_PENDING');
    if (toAddress.length >= INVITATIONS_PER_ADDRESS) throw new AppError('too_many', invitationMessages.tooManyForAddress, 'RATE_LIMITED');
    if (sent.filter((i) => i.createdAt.getTime() > now.getTime() - DAY_MS).length >= INVITATIONS_PER_DAY) {
      throw new AppError('too_many', invitationMessages.tooManyToday, 'RATE_LIMITED');
    }

    const found = await findUserByEmail(tx, address);
    // Only a runner can be coached; any other account is treated like an unknown address.
    const runner = found && found.role === 'runner' && found.id !== coachId ? found : null;
    // The one address-dependent answer, and it tells the coach only about their own runner. The
    // query runs for every address (a nil id for the others) so the time taken says nothing either.
    const coached = await coachesNow(tx, coachId, runner?.id ?? NIL_ID, today);
    if (runner && coached) throw conflict(coachingMessages.alreadyConnected, 'ALREADY_CONNECTED');

    // A new invitation for the slot replaces the one still waiting (its link stops working).
    await tx
      .update(coachInvitations)
      .set({ status: 'cancelled', respondedAt: now })
      .where(and(eq(coachInvitations.connectionId, slot.id), eq(coachInvitations.status, 'pending')));
    const token = randomBytes(32).toString('base64url');
    const [invitation] = await tx
      .insert(coachInvitations)
      .values({
        connectionId: slot.id,
        coachId,
        email: address,
        runnerId: runner?.id ?? null,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + COACH_INVITATION_DAYS * DAY_MS),
        createdAt: now,
      })
      .returning();
    // The mail is composed for every address (same work), and queued only for a runner's.
    const mail = coachInvitationMail({ runner: runner ?? { ...input.coach, email: address }, coach: input.coach, connection: slot, invitation: invitation!, token, publicUrl: deps.publicUrl });
    if (runner) await deps.mail.enqueue(mail, { tx });
    return toCoachConnection(slot, null, today, invitation!);
  });
  deps.mail.kick();
  return result;
}

const coach = alias(users, 'coach');

/** The caller's invitations as they read them (coach's public name, the slot's package), newest first. */
async function invitationsOf(db: Db, runnerId: string, where: ReturnType<typeof and>): Promise<(CoachInvitation & { status: CoachInvitationRow['status'] })[]> {
  const rows = await db
    .select({
      invitation: coachInvitations,
      coach: { id: coach.id, name: coach.name },
      profile: { shownName: coachProfiles.shownName, uniquelink: coachProfiles.uniquelink },
      slot: { packages: coachConnections.packages, endDate: coachConnections.endDate, durationWeeks: coachConnections.durationWeeks },
    })
    .from(coachInvitations)
    .innerJoin(coach, eq(coach.id, coachInvitations.coachId))
    .innerJoin(coachConnections, eq(coachConnections.id, coachInvitations.connectionId))
    .leftJoin(coachProfiles, eq(coachProfiles.userId, coachInvitations.coachId))
    .where(and(eq(coachInvitations.runnerId, runnerId), where))
    .orderBy(desc(coachInvitations.createdAt), desc(coachInvitations.id));
  return rows.map(({ invitation: i, coach: c, profile, slot }) => ({
    _id: i.id,
    coach: { _id: c.id, name: profile?.shownName || c.name, uniquelink: profile?.uniquelink ?? null },
    packages: slot.packages,
    endDate: slot.endDate,
    durationWeeks: slot.endDate ? null : slot.durationWeeks,
    status: i.status === 'pending' && i.expiresAt.getTime() <= Date.now() ? 'expired' : i.status,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  }));
}

/** GET /api/runner/coach-invitations: the caller's invitations still waiting for an answer. */
export async function listMyInvitations(db: Db, runnerId: string, now: Date = new Date()): Promise<CoachInvitation[]> {
  const rows = await invitationsOf(db, runnerId, and(eq(coachInvitations.status, 'pending'), gt(coachInvitations.expiresAt, now)));
  return rows.map(({ status: _status, ...rest }) => rest);
}

/**
 * GET /api/runner/coach-invitations/by-token/{token}: the mail link's invitation, with what became
 * of it, for the runner it was sent to only; anyone else (or a wrong token) reads "not found".
 */
export async function findMyInvitationByToken(db: Db, runnerId: string, token: string) {
  const [found] = await invitationsOf(db, runnerId, eq(coachInvitations.tokenHash, hashToken(token)));
  if (!found) throw notFound(invitationMessages.notFound);
  return found;
}

/**
 * The caller's invitation, locked, still open: what accept and decline both need. Its slot is
 * locked first, the order inviting and emptying a slot take too (slot, then its invitations), so
 * an answer racing the coach waits instead of deadlocking.
 */
async function lockOpenInvitation(tx: Db, runnerId: string, invitationId: string, now: Date): Promise<CoachInvitationRow> {
  const [peek] = await tx
    .select({ connectionId: coachInvitations.connectionId })
    .from(coachInvitations)
    .where(and(eq(coachInvitations.id, invitationId), eq(coachInvitations.runnerId, runnerId)));
  if (!peek) throw notFound(invitationMessages.notFound);
  await tx.select({ id: coachConnections.id }).from(coachConnections).where(eq(coachConnections.id, peek.connectionId)).for('update');
  const [invitation] = await tx
    .select()
    .from(coachInvitations)
    .where(and(eq(coachInvitations.id, invitationId), eq(coachInvitations.runnerId, runnerId)))
    .for('update');
  if (!invitation) throw notFound(invitationMessages.notFound);
  if (invitation.status !== 'pending') throw conflict(invitationMessages.answered, 'INVITATION_ANSWERED');
  if (invitation.expiresAt.getTime() <= now.getTime()) throw conflict(invitationMessages.expired, 'INVITATION_EXPIRED');
  return invitation;
}

/**
 * POST /api/runner/coach-invitations/{id}/accept: the runner's consent. Fills the invitation's slot
 * with them (from today, as connecting did before) and tells the coach; from now on the coach sees
 * their profile and plan, until the runner ends it in Pengaturan.
 */
export async function acceptInvitation(deps: ConnectionDeps, runnerUser: UserRow, invitationId: string, now: Date = new Date(), today: IsoDay = jakartaToday(now)): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, runnerUser.id, invitationId, now);
    const [slot] = await tx.select().from(coachConnections).where(eq(coachConnections.id, invitation.connectionId)).for('update');
    if (!slot || slot.status === 'ended' || slot.runnerId || (slot.endDate && slot.endDate < today)) throw conflict(invitationMessages.slotGone, 'SLOT_GONE');
    // One change per runner at a time: two invitations accepted at once must not both pass the check below.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, runnerUser.id)).for('update');
    if (await coachesNow(tx, slot.coachId, runnerUser.id, today)) throw conflict(invitationMessages.alreadyCoached, 'ALREADY_CONNECTED');
    const filled = await fillSlot(tx, slot, runnerUser.id, today);
    if (!filled) throw conflict(invitationMessages.slotGone, 'SLOT_GONE');
    await tx.update(coachInvitations).set({ status: 'accepted', respondedAt: now }).where(eq(coachInvitations.id, invitation.id));
    const [theCoach] = await tx.select().from(users).where(eq(users.id, slot.coachId));
    if (theCoach) await deps.mail.enqueue(invitationAcceptedMail({ runner: runnerUser, coach: theCoach, connection: filled, publicUrl: deps.publicUrl }), { tx });
  });
  deps.mail.kick();
}

/** POST /api/runner/coach-invitations/{id}/decline: nothing is shared, the link stops working, the slot stays the coach's. */
export async function declineInvitation(db: Db, runnerUser: UserRow, invitationId: string, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, runnerUser.id, invitationId, now);
    await tx.update(coachInvitations).set({ status: 'declined', respondedAt: now }).where(eq(coachInvitations.id, invitation.id));
  });
}
