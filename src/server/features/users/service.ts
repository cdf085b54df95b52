import { and, eq, ilike, isNull, or, sql, asc } from 'drizzle-orm';
import type { Role } from '../../../domain/users/roles';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import type { PublicUser } from '../../../domain/users/contract';

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export interface NewUserInput {
  email: string;
  name: string;
  photo?: string | null;
  role?: Role;
  googleSub?: string | null;
}

/**
 * Finds the user with this email or creates one. Concurrent first sign-ins with the same
 * email race on the unique index; the loser reads the winner's row.
 */
export async function findOrCreateUser(db: Db, input: NewUserInput): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return { user: existing, created: false };
  const [created] = await db
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      photo: input.photo ?? null,
      role: input.role ?? 'runner',
      googleSub: input.googleSub ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { user: created, created: true };
  const raced = await findUserByEmail(db, input.email);
  if (!raced) throw new Error('user vanished after a conflicting insert');
  return { user: raced, created: false };
}

/** What other features keep on a user's row: the subscription state (subscriptions) and the Strava athlete (strava). */
export type UserStatePatch = Partial<Pick<typeof users.$inferInsert, 'subscriptionStatus' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'hasHadTrial' | 'stravaAthleteId' | 'updatedAt'>>;

/**
 * The one way another feature changes a user's row, in its own transaction: exactly `patch` is set.
 * With `readAs`, only while the row still holds the subscription state the caller read (compare and
 * set, for a job racing a payment); null when it changed meanwhile or the user is gone.
 */
export async function patchUserState(
  tx: Db,
  id: string,
  patch: UserStatePatch,
  readAs?: Pick<UserRow, 'subscriptionStatus' | 'currentPeriodEnd'>,
): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set(patch)
    .where(
      readAs
        ? and(
            eq(users.id, id),
            eq(users.subscriptionStatus, readAs.subscriptionStatus),
            readAs.currentPeriodEnd ? eq(users.currentPeriodEnd, readAs.currentPeriodEnd) : isNull(users.currentPeriodEnd),
          )
        : eq(users.id, id),
    )
    .returning();
  return row ?? null;
}

export async function updateUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function searchUsers(db: Db, q: string | undefined, limit: number, offset: number) {
  const term = q?.trim();
  const where = term
    ? or(ilike(users.name, `%${escapeLike(term)}%`), ilike(users.email, `%${escapeLike(term)}%`))
    : undefined;
  const rows = await db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows, total: count?.n ?? 0 };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type RoleChange = { ok: true; user: UserRow } | { ok: false; reason: 'not_found' | 'last_admin' };

/**
 * Changes a user's role, never leaving the platform without an admin. The admin rows are locked
 * first, so two admins demoting themselves at once are serialised: the second sees one admin left.
 */
export async function changeUserRole(db: Db, targetId: string, role: Role): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) return { ok: false, reason: 'not_found' };
    if (target.role === 'admin' && role !== 'admin' && admins.filter((a) => a.id !== target.id).length === 0) {
      return { ok: false, reason: 'last_admin' };
    }
    const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, targetId)).returning();
    return { ok: true, user: row! };
  });
}

/** A user as the API shows it (the spec's field names). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    photo: row.photo,
    role: row.role,
    subscription_status: row.subscriptionStatus,
    current_period_end: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    has_had_trial: row.hasHadTrial,
    strava: { id: row.stravaAthleteId },
  };
}
