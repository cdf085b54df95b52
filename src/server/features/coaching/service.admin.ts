import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { FREESLOT, connectionIsLive } from '../../../domain/coaching/coaching';
import { coachAdminMessages, type AdminCoach, type CoachVerificationDecision, type CreateFreeslotsInput } from '../../../domain/coaching/admin-contract';
import { jakartaToday } from '../../../domain/shared/wire-date';
import { isStorageKey, type StoragePort } from '../../adapters/storage/port';
import { badRequest, conflict, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { coachConnections, coachProfiles, type CoachProfileRow } from '../../db/schema/coaching';
import { uploads } from '../../db/schema/uploads';
import { users, type UserRow } from '../../db/schema/users';

/**
 * The admin's coach tools (issue 14 items 1 and 6): the coach list with verification and slot
 * counts, free slots, and the review of a coach's identity and certificates (a badge on the public
 * page, not an endorsement). The coach's side of verification lives here too, since it is the
 * other half of the same review.
 */

/** The admin-only address of a verification document (never GET /api/files: the documents are private). */
export const documentUrl = (coachId: string, key: string) => `/api/admin/coaches/${coachId}/documents/${key}`;

async function requireCoach(db: Db, coachId: string): Promise<UserRow> {
  const [coach] = await db.select().from(users).where(eq(users.id, coachId));
  if (!coach || coach.role !== 'coach') throw notFound(coachAdminMessages.coachNotFound);
  return coach;
}

/** Every user with the coach role (searched by name or email), with profile, verification and slots. */
export async function listCoaches(db: Db, q?: string): Promise<AdminCoach[]> {
  const term = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ user: users, profile: coachProfiles })
    .from(users)
    .leftJoin(coachProfiles, eq(coachProfiles.userId, users.id))
    .where(and(eq(users.role, 'coach'), term ? or(ilike(users.name, term), ilike(users.email, term)) : undefined))
    .orderBy(
      // Waiting reviews first, then by name.
      sql`case when ${coachProfiles.verification} = 'pending' then 0 else 1 end`,
      asc(users.name),
    )
    .limit(500);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.user.id);
  const connections = await db
    .select({ coachId: coachConnections.coachId, runnerId: coachConnections.runnerId, status: coachConnections.status, startDate: coachConnections.startDate, endDate: coachConnections.endDate })
    .from(coachConnections)
    .where(and(inArray(coachConnections.coachId, ids), eq(coachConnections.status, 'active')));
  const today = jakartaToday();
  return rows.map(({ user, profile }) => {
    const mine = connections.filter((c) => c.coachId === user.id);
    return {
      _id: user.id,
      name: user.name,
      email: user.email,
      profile: profile ? { shownName: profile.shownName, uniquelink: profile.uniquelink } : null,
      verification: profile?.verification ?? 'none',
      verificationNote: profile?.verificationNote ?? null,
      verifiedAt: profile?.verifiedAt ? profile.verifiedAt.toISOString() : null,
      documents: (profile?.verificationDocuments ?? []).map((key) => ({ key, url: documentUrl(user.id, key) })),
      slots: {
        used: mine.filter((c) => connectionIsLive(c, today)).length,
        free: mine.filter((c) => c.runnerId === null).length,
      },
    };
  });
}

/**
 * `count` empty freeslots for a coach: no runner and no dates until the coach fills one by email;
 * then it runs `weeks` weeks from that day (coach_connections.duration_weeks, slotDatesOnFill).
 */
export async function createFreeslots(db: Db, admin: UserRow, coachId: string, input: CreateFreeslotsInput): Promise<string[]> {
  await requireCoach(db, coachId);
  const rows = await db
    .insert(coachConnections)
    .values(
      Array.from({ length: input.count }, () => ({
        coachId,
        runnerId: null,
        packages: FREESLOT,
        title: `Slot gratis ${input.weeks} minggu`,
        durationWeeks: input.weeks,
        createdBy: admin.id,
      })),
    )
    .returning({ id: coachConnections.id });
  return rows.map((r) => r.id);
}

async function requireProfile(db: Db, coachId: string): Promise<CoachProfileRow> {
  const [profile] = await db.select().from(coachProfiles).where(eq(coachProfiles.userId, coachId));
  if (!profile) throw conflict(coachAdminMessages.noProfileToVerify, 'NO_COACH_PROFILE');
  return profile;
}

/** Verifikasi / Tolak: the admin's decision, who made it and when; a rejection keeps its reason for the coach. */
export async function decideVerification(db: Db, admin: UserRow, coachId: string, decision: CoachVerificationDecision, now: Date = new Date()): Promise<CoachProfileRow> {
  await requireCoach(db, coachId);
  await requireProfile(db, coachId);
  const [updated] = await db
    .update(coachProfiles)
    .set({
      verification: decision.status,
      verificationNote: decision.note || null,
      verifiedAt: now,
      verifiedBy: admin.id,
      updatedAt: now,
    })
    .where(eq(coachProfiles.userId, coachId))
    .returning();
  return updated!;
}

/**
 * The coach asks for verification with their own private uploads (POST /api/coach/verification/documents).
 * Someone else's key, a public image or an unknown key is refused alike, so no key can be probed.
 */
export async function requestVerification(db: Db, coach: UserRow, documents: string[], now: Date = new Date()): Promise<CoachProfileRow> {
  const profile = await requireProfile(db, coach.id);
  if (profile.verification === 'verified') throw conflict(coachAdminMessages.alreadyVerified, 'ALREADY_VERIFIED');
  const keys = [...new Set(documents)];
  if (!keys.every(isStorageKey)) throw badRequest(coachAdminMessages.documentNotYours, 'DOCUMENT_NOT_YOURS');
  const owned = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(inArray(uploads.key, keys), eq(uploads.ownerId, coach.id), eq(uploads.visibility, 'private')));
  if (owned.length !== keys.length) throw badRequest(coachAdminMessages.documentNotYours, 'DOCUMENT_NOT_YOURS');
  const [updated] = await db
    .update(coachProfiles)
    .set({ verification: 'pending', verificationDocuments: keys, verificationNote: null, verifiedAt: null, verifiedBy: null, updatedAt: now })
    .where(eq(coachProfiles.id, profile.id))
    .returning();
  return updated!;
}

/** One of a coach's verification documents, for the admin only; a key the coach did not send is 404. */
export async function readVerificationDocument(db: Db, storage: StoragePort, coachId: string, key: string) {
  const [profile] = await db.select().from(coachProfiles).where(eq(coachProfiles.userId, coachId));
  if (!profile || !isStorageKey(key) || !profile.verificationDocuments.includes(key)) throw notFound(coachAdminMessages.documentNotFound);
  const [row] = await db
    .select({ contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.key, key), or(eq(uploads.ownerId, coachId), isNull(uploads.ownerId))));
  const stream = row ? await storage.get(key) : null;
  if (!row || !stream) throw notFound(coachAdminMessages.documentNotFound);
  return { contentType: row.contentType, size: row.size, stream };
}
