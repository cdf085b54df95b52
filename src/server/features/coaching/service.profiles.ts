import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { estimatedReceived } from '../../../domain/coaching/coaching';
import {
  coachingMessages,
  type CoachEarnings,
  type CoachPackage,
  type CoachPackageInput,
  type CoachProfile,
  type CoachProfileInput,
  type PublicCoachProfile,
} from '../../../domain/coaching/contract';
import { isStorageKey } from '../../adapters/storage/port';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { LedgerLine } from '../../../domain/payments/ledger';
import { coachLedgerRows } from '../payments/service.ledger';
import type { Db } from '../../db/client';
import { coachConnections, coachPackages, coachProfiles, type CoachPackageRow, type CoachProfileRow } from '../../db/schema/coaching';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';

/**
 * Coach profile, packages and earnings (events-and-coach-pages §3–§5, §7, §9; issue 14 items 4–5).
 * The routes only parse and authorise; every rule lives here: one profile per coach, a unique link
 * unique case-insensitively (the index decides races), images only from our own storage and
 * uploaded by the coach, packages only their owner may touch, no package the coach would receive
 * nothing from, and sold packages kept (soft delete) for the sales history.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name of the unique index a PostgreSQL (or PGlite) unique violation hit, wherever drizzle wrapped it. */
function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? e.message ?? '';
  }
  return null;
}

function profileOut(row: CoachProfileRow): CoachProfile {
  return {
    _id: row.id,
    userId: row.userId,
    shownName: row.shownName,
    headline: row.headline,
    bio: row.bio,
    certifications: row.certifications,
    profileImageUrl: row.profileImageUrl,
    headerImageUrl: row.headerImageUrl,
    location: row.location,
    availability: row.availability,
    uniquelink: row.uniquelink,
    packageshown: row.packageshown,
    verification: row.verification,
    verificationNote: row.verification === 'rejected' ? row.verificationNote : null,
  };
}

function packageOut(row: CoachPackageRow): CoachPackage {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    durationWeeks: row.durationWeeks,
    price: row.price,
    isActive: row.isActive,
    estimatedReceived: estimatedReceived(row.price, row.durationWeeks),
  };
}

async function profileRow(db: Db, userId: string): Promise<CoachProfileRow | null> {
  const [row] = await db.select().from(coachProfiles).where(eq(coachProfiles.userId, userId));
  return row ?? null;
}

/** GET /api/coach/profile: the caller's profile, 404 'Anda belum memiliki profile!' when none. */
export async function getMyCoachProfile(db: Db, userId: string): Promise<CoachProfile> {
  const row = await profileRow(db, userId);
  if (!row) throw notFound(coachingMessages.noProfile);
  return profileOut(row);
}

/** Where the coach's images may come from: our storage's address for a key (`storage.publicUrl`). */
export interface ImageSource {
  publicUrl(key: string): string;
}

/**
 * An image field as stored: null, the value already stored (unchanged), or a public upload of the
 * caller given as its key, `/api/files/{key}` or our storage's URL for it. Never another host: a
 * profile picture is shown to every visitor and in link previews.
 */
async function checkedImage(db: Db, storage: ImageSource, ownerId: string, value: string | null, current: string | null): Promise<string | null> {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return null;
  if (current !== null && trimmed === current) return current;
  const key = trimmed.split('/').pop() ?? '';
  const allowed = isStorageKey(key) && [key, `/api/files/${key}`, storage.publicUrl(key)].includes(trimmed);
  if (allowed) {
    const [row] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.key, key), eq(uploads.ownerId, ownerId), eq(uploads.visibility, 'public')));
    if (row) return `/api/files/${key}`;
  }
  throw badRequest(coachingMessages.imageOnly, 'IMAGE_NOT_OURS');
}

async function profileValues(db: Db, storage: ImageSource, userId: string, input: CoachProfileInput, current: CoachProfileRow | null) {
  return {
    shownName: input.shownName,
    headline: input.headline,
    bio: input.bio,
    certifications: input.certifications,
    profileImageUrl: await checkedImage(db, storage, userId, input.profileImageUrl, current?.profileImageUrl ?? null),
    headerImageUrl: await checkedImage(db, storage, userId, input.headerImageUrl, current?.headerImageUrl ?? null),
    location: input.location,
    availability: input.availability,
    uniquelink: input.uniquelink.toLowerCase(),
    packageshown: input.packageshown,
  };
}

/** Turns the unique index's verdict into the spec's message (two coaches racing for one link get 409, not 500). */
async function savingProfile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === null) throw error;
    if (index.includes('uniquelink')) throw conflict(coachingMessages.uniqueLinkTaken, 'UNIQUE_LINK_TAKEN');
    throw conflict('Profil pelatih sudah ada. Gunakan Simpan untuk mengubahnya.', 'PROFILE_EXISTS');
  }
}

async function linkTakenByOther(db: Db, userId: string, link: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: coachProfiles.userId })
    .from(coachProfiles)
    .where(sql`lower(${coachProfiles.uniquelink}) = ${link.toLowerCase()}`);
  return !!row && row.userId !== userId;
}

/** POST /api/coach/profile ('Buat Profil'): 409 when the caller already has one or the link is taken. */
export async function createCoachProfile(db: Db, storage: ImageSource, userId: string, input: CoachProfileInput): Promise<CoachProfile> {
  if (await profileRow(db, userId)) throw conflict('Profil pelatih sudah ada. Gunakan Simpan untuk mengubahnya.', 'PROFILE_EXISTS');
  if (await linkTakenByOther(db, userId, input.uniquelink)) throw conflict(coachingMessages.uniqueLinkTaken, 'UNIQUE_LINK_TAKEN');
  const values = await profileValues(db, storage, userId, input, null);
  const [row] = await savingProfile(() => db.insert(coachProfiles).values({ userId, ...values }).returning());
  return profileOut(row!);
}

/** PUT /api/coach/profile ('Simpan'): 404 'Anda belum memiliki profile!' before one was created. */
export async function updateCoachProfile(db: Db, storage: ImageSource, userId: string, input: CoachProfileInput): Promise<CoachProfile> {
  const current = await profileRow(db, userId);
  if (!current) throw notFound(coachingMessages.noProfile);
  if (await linkTakenByOther(db, userId, input.uniquelink)) throw conflict(coachingMessages.uniqueLinkTaken, 'UNIQUE_LINK_TAKEN');
  const values = await profileValues(db, storage, userId, input, current);
  const [row] = await savingProfile(() =>
    db
      .update(coachProfiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(coachProfiles.id, current.id))
      .returning(),
  );
  return profileOut(row!);
}

/** The server's own check of the §5 rule: a package the coach would receive nothing from is refused. */
function assertReceivesSomething(input: Pick<CoachPackageInput, 'price' | 'durationWeeks'>) {
  if (estimatedReceived(input.price, input.durationWeeks) <= 0) throw new AppError('invalid', coachingMessages.receivedZero, 'RECEIVED_ZERO');
}

/** GET /api/coach/my-packages: the caller's packages (deleted ones excluded), oldest first. */
export async function listMyPackages(db: Db, coachId: string): Promise<CoachPackage[]> {
  const rows = await db
    .select()
    .from(coachPackages)
    .where(and(eq(coachPackages.coachId, coachId), isNull(coachPackages.deletedAt)))
    .orderBy(asc(coachPackages.createdAt), asc(coachPackages.id));
  return rows.map(packageOut);
}

/** The caller's own, not deleted package; anything else (another coach's, a bad id) is 404. */
async function ownPackage(db: Db, coachId: string, id: string): Promise<CoachPackageRow> {
  if (!UUID.test(id)) throw notFound(coachingMessages.packageNotFound);
  const [row] = await db
    .select()
    .from(coachPackages)
    .where(and(eq(coachPackages.id, id), eq(coachPackages.coachId, coachId), isNull(coachPackages.deletedAt)));
  if (!row) throw notFound(coachingMessages.packageNotFound);
  return row;
}

export async function createPackage(db: Db, coachId: string, input: CoachPackageInput): Promise<CoachPackage> {
  assertReceivesSomething(input);
  const [row] = await db.insert(coachPackages).values({ coachId, ...input }).returning();
  return packageOut(row!);
}

export async function updatePackage(db: Db, coachId: string, id: string, input: CoachPackageInput): Promise<CoachPackage> {
  await ownPackage(db, coachId, id);
  assertReceivesSomething(input);
  const [row] = await db
    .update(coachPackages)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(coachPackages.id, id), eq(coachPackages.coachId, coachId)))
    .returning();
  return packageOut(row!);
}

/**
 * DELETE /api/coach/package/{id}: a package nobody bought goes; one that was sold is only marked
 * deleted (and inactive), so its connections and the coach's earnings keep their history.
 */
export async function deletePackage(db: Db, coachId: string, id: string): Promise<{ deleted: true; soft: boolean }> {
  await ownPackage(db, coachId, id);
  const [sold] = await db.select({ id: coachConnections.id }).from(coachConnections).where(eq(coachConnections.packageId, id)).limit(1);
  if (sold) {
    await db.update(coachPackages).set({ deletedAt: new Date(), isActive: false, updatedAt: new Date() }).where(eq(coachPackages.id, id));
    return { deleted: true, soft: true };
  }
  await db.delete(coachPackages).where(eq(coachPackages.id, id));
  return { deleted: true, soft: false };
}

/** Active, not deleted packages of a coach: what a visitor may buy. */
async function activePackages(db: Db, coachId: string) {
  const rows = await db
    .select()
    .from(coachPackages)
    .where(and(eq(coachPackages.coachId, coachId), eq(coachPackages.isActive, true), isNull(coachPackages.deletedAt)))
    .orderBy(asc(coachPackages.price), asc(coachPackages.createdAt));
  return rows.map(({ id, title, description, durationWeeks, price, isActive }) => ({ _id: id, title, description, durationWeeks, price, isActive }));
}

/** GET /api/coach/package/user/{userId}: a coach's packages on sale (an unknown or malformed id: none). */
export async function listPublicPackages(db: Db, coachId: string): Promise<PublicCoachProfile['packages']> {
  if (!UUID.test(coachId)) return [];
  return activePackages(db, coachId);
}

/**
 * GET /api/coach/public/profile/{uniquelink}: what anyone may see. 'show' and 'hide' carry the
 * packages on sale (the page hides them behind a toggle for 'hide'); 'contact' carries none.
 * Never the verification documents or notes.
 */
export async function findPublicCoachProfile(db: Db, uniquelink: string): Promise<PublicCoachProfile | null> {
  const link = uniquelink.trim().toLowerCase();
  if (!link || link.length > 80) return null;
  const [row] = await db
    .select({ profile: coachProfiles, name: users.name })
    .from(coachProfiles)
    .innerJoin(users, eq(users.id, coachProfiles.userId))
    .where(sql`lower(${coachProfiles.uniquelink}) = ${link}`);
  if (!row) return null;
  const packages = row.profile.packageshown === 'contact' ? [] : await activePackages(db, row.profile.userId);
  const { verificationNote: _private, ...profile } = profileOut(row.profile);
  return { ...profile, name: row.name, verified: row.profile.verification === 'verified', packages };
}

/** What a shared /coaching/{uniquelink} link shows in a preview (Open Graph), or null for an unknown link. */
export async function coachPageMeta(db: Db, uniquelink: string): Promise<{ title: string; description: string; image: string | null } | null> {
  const profile = await findPublicCoachProfile(db, uniquelink);
  if (!profile) return null;
  const about = profile.headline || profile.bio || `Pelatih lari di Derap${profile.location ? ` · ${profile.location}` : ''}`;
  return {
    title: `${profile.shownName} — Pelatih Lari | Derap`,
    description: about.length > 200 ? `${about.slice(0, 197)}...` : about,
    image: profile.profileImageUrl ?? profile.headerImageUrl,
  };
}

/**
 * GET /api/coach/earnings (Keuangan): every paid (or since refunded) order of the coach's packages,
 * one line of the money ledger each (payments/service.ledger.ts, decision 035): what was paid,
 * what a refund returned, Derap's fee on what was kept and the coach's net; per package and per
 * Asia/Jakarta month of payment, newest month first. The admin's view sums the same lines.
 */
export async function coachEarnings(db: Db, coachId: string): Promise<CoachEarnings> {
  const [rows, packages] = await Promise.all([
    coachLedgerRows(db, { coachId }),
    db.select({ id: coachPackages.id, title: coachPackages.title }).from(coachPackages).where(eq(coachPackages.coachId, coachId)),
  ]);
  const titles = new Map(packages.map((p) => [p.id, p.title]));
  const line = () => ({ sales: 0, gross: 0, refunds: 0, platformFee: 0, net: 0 });
  const add = (to: ReturnType<typeof line>, l: LedgerLine) => {
    to.sales += 1;
    to.gross += l.gross;
    to.refunds += l.refunded;
    to.platformFee += l.platformFee;
    to.net += l.net;
  };
  const total = line();
  const byPackage = new Map<string, ReturnType<typeof line> & { packageId: string | null; title: string }>();
  const byMonth = new Map<string, ReturnType<typeof line> & { month: string }>();
  for (const r of rows) {
    add(total, r.line);
    const packageKey = r.packageId ?? `title:${r.soldAs}`;
    let p = byPackage.get(packageKey);
    if (!p) byPackage.set(packageKey, (p = { packageId: r.packageId, title: (r.packageId && titles.get(r.packageId)) || r.soldAs, ...line() }));
    add(p, r.line);
    let m = byMonth.get(r.month);
    if (!m) byMonth.set(r.month, (m = { month: r.month, ...line() }));
    add(m, r.line);
  }
  return {
    total,
    byPackage: [...byPackage.values()].sort((a, b) => b.gross - a.gross || a.title.localeCompare(b.title)),
    byMonth: [...byMonth.values()].sort((a, b) => b.month.localeCompare(a.month)),
  };
}
