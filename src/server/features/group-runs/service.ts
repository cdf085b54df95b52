import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { groupRunMessages, type AdminGroupRun, type GroupRun, type GroupRunDetail, type GroupRunInput, type GroupRunPatch } from '../../../domain/group-runs/contract';
import { cityKey, cleanCity, isJoinable, wibTime } from '../../../domain/group-runs/group-runs';
import { formatJakartaDate, fromJakartaWallClock } from '../../../domain/shared/jakarta-time';
import { addDays } from '../../../domain/shared/wire-date';
import type { Mailer } from '../../adapters/mail/port';
import { composeMail } from '../../adapters/mail/compose';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { groupRunParticipants, groupRunReports, groupRuns, type GroupRunRow } from '../../db/schema/group-runs';
import { users, type UserRow } from '../../db/schema/users';

/**
 * Running Buddy (issue 16 item 5). The access rule: anyone reads active, visible runs; the host
 * alone edits, cancels and removes participants; any other signed-in user joins and leaves.
 * Mails go through the outbox in the same transaction as the change they announce.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toGroupRun(row: GroupRunRow, hostName: string): GroupRun {
  return {
    id: row.id,
    title: row.title,
    city: row.city,
    meetingPoint: row.meetingPoint,
    mapUrl: row.mapUrl,
    startsAt: row.startsAt.toISOString(),
    distanceKm: row.distanceKm,
    paceGroup: row.paceGroup,
    capacity: row.capacity,
    description: row.description,
    status: row.status,
    participantsCount: row.participantsCount,
    host: { id: row.hostId, name: hostName },
  };
}

/** Upcoming active runs (past and canceled ones drop out), soonest first; city without case, a Jakarta day. */
export async function listGroupRuns(db: Db, filter: { city?: string; date?: string }, now: Date = new Date()): Promise<GroupRun[]> {
  const day = filter.date || null;
  const rows = await db
    .select({ run: groupRuns, hostName: users.name })
    .from(groupRuns)
    .innerJoin(users, eq(users.id, groupRuns.hostId))
    .where(
      and(
        eq(groupRuns.status, 'aktif'),
        eq(groupRuns.hidden, false),
        gt(groupRuns.startsAt, now),
        filter.city?.trim() ? eq(groupRuns.cityKey, cityKey(filter.city)) : undefined,
        day ? gte(groupRuns.startsAt, fromJakartaWallClock(day)) : undefined,
        day ? lt(groupRuns.startsAt, fromJakartaWallClock(addDays(day, 1))) : undefined,
      ),
    )
    .orderBy(asc(groupRuns.startsAt), asc(groupRuns.title))
    .limit(200);
  return rows.map((r) => toGroupRun(r.run, r.hostName));
}

async function findRow(db: Db, id: string): Promise<{ run: GroupRunRow; hostName: string } | null> {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db.select({ run: groupRuns, hostName: users.name }).from(groupRuns).innerJoin(users, eq(users.id, groupRuns.hostId)).where(eq(groupRuns.id, id));
  return row ?? null;
}

/** One run with its participants' names; hidden runs are gone except to their host. `viewer` decides `joined`, `isHost` and whether ids are shown. */
export async function findGroupRun(db: Db, id: string, viewer: UserRow | null): Promise<GroupRunDetail | null> {
  const found = await findRow(db, id);
  if (!found) return null;
  const isHost = viewer?.id === found.run.hostId;
  if (found.run.hidden && !isHost) return null;
  const people = await db
    .select({ userId: groupRunParticipants.userId, name: users.name })
    .from(groupRunParticipants)
    .innerJoin(users, eq(users.id, groupRunParticipants.userId))
    .where(eq(groupRunParticipants.groupRunId, id))
    .orderBy(asc(groupRunParticipants.joinedAt));
  return {
    ...toGroupRun(found.run, found.hostName),
    participants: people.map((p) => ({ userId: isHost ? p.userId : null, name: p.name || 'Pelari' })),
    joined: !!viewer && people.some((p) => p.userId === viewer.id),
    isHost,
  };
}

export async function createGroupRun(db: Db, host: UserRow, input: GroupRunInput): Promise<GroupRun> {
  const [row] = await db
    .insert(groupRuns)
    .values({
      hostId: host.id,
      title: input.title,
      city: cleanCity(input.city),
      cityKey: cityKey(input.city),
      meetingPoint: input.meetingPoint,
      mapUrl: input.mapUrl,
      startsAt: input.startsAt,
      distanceKm: input.distanceKm,
      paceGroup: input.paceGroup,
      capacity: input.capacity,
      description: input.description,
    })
    .returning();
  return toGroupRun(row!, host.name);
}

/** The run, locked, when `user` hosts it and it can still change (active, not started). */
async function lockHostedRun(tx: Db, id: string, user: UserRow): Promise<GroupRunRow> {
  if (!uuidPattern.test(id)) throw notFound(groupRunMessages.notFound);
  const [run] = await tx.select().from(groupRuns).where(eq(groupRuns.id, id)).for('update');
  if (!run || (run.hidden && run.hostId !== user.id)) throw notFound(groupRunMessages.notFound);
  if (run.hostId !== user.id) throw forbidden(groupRunMessages.notHost);
  if (!isJoinable(run)) throw conflict(groupRunMessages.closed, 'GROUP_RUN_CLOSED');
  return run;
}

async function participantsOf(tx: Db, id: string): Promise<{ userId: string; name: string; email: string }[]> {
  return tx
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(groupRunParticipants)
    .innerJoin(users, eq(users.id, groupRunParticipants.userId))
    .where(eq(groupRunParticipants.groupRunId, id));
}

/** The host's edit; participants are mailed when the time, place or distance changes. */
export async function updateGroupRun(db: Db, mail: Mailer, id: string, host: UserRow, patch: GroupRunPatch, publicUrl: string): Promise<GroupRun> {
  return db.transaction(async (tx) => {
    const run = await lockHostedRun(tx, id, host);
    if (patch.capacity !== undefined && patch.capacity < run.participantsCount) throw badRequest(groupRunMessages.capacityBelowJoined, 'GROUP_RUN_CAPACITY');
    const [row] = await tx
      .update(groupRuns)
      .set({
        ...patch,
        ...(patch.city !== undefined ? { city: cleanCity(patch.city), cityKey: cityKey(patch.city) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(groupRuns.id, id))
      .returning();
    const moved =
      (patch.startsAt && patch.startsAt.getTime() !== run.startsAt.getTime()) ||
      (patch.meetingPoint !== undefined && patch.meetingPoint !== run.meetingPoint) ||
      (patch.city !== undefined && cityKey(patch.city) !== run.cityKey) ||
      (patch.mapUrl !== undefined && patch.mapUrl !== run.mapUrl) ||
      (patch.distanceKm !== undefined && patch.distanceKm !== run.distanceKm);
    if (moved) {
      for (const p of await participantsOf(tx, id)) {
        await mail.enqueue(runMail(row!, p, publicUrl, 'updated'), { tx });
      }
    }
    return toGroupRun(row!, host.name);
  });
}

/** Cancel (the DELETE): status 'dibatalkan', kept for its participants to see; each is mailed. */
export async function cancelGroupRun(db: Db, mail: Mailer, id: string, host: UserRow, publicUrl: string): Promise<GroupRun> {
  return db.transaction(async (tx) => {
    await lockHostedRun(tx, id, host);
    const [row] = await tx.update(groupRuns).set({ status: 'dibatalkan', canceledAt: new Date(), updatedAt: new Date() }).where(eq(groupRuns.id, id)).returning();
    for (const p of await participantsOf(tx, id)) {
      await mail.enqueue(runMail(row!, p, publicUrl, 'canceled'), { tx });
    }
    return toGroupRun(row!, host.name);
  });
}

/**
 * Joins `user` to the run. The count grows only by a conditional UPDATE (`participants_count <
 * capacity` and still open), which PostgreSQL re-checks on the locked row: concurrent joins never
 * overfill it. Joining twice is harmless (the same answer, no second mail).
 */
export async function joinGroupRun(db: Db, mail: Mailer, id: string, user: UserRow, publicUrl: string): Promise<void> {
  const found = await findRow(db, id);
  if (!found || found.run.hidden) throw notFound(groupRunMessages.notFound);
  if (found.run.hostId === user.id) throw conflict(groupRunMessages.hostCannotJoin, 'GROUP_RUN_HOST');
  await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(groupRunParticipants).values({ groupRunId: id, userId: user.id }).onConflictDoNothing().returning();
    if (!inserted) return;
    const [row] = await tx
      .update(groupRuns)
      .set({ participantsCount: sql`${groupRuns.participantsCount} + 1` })
      .where(
        and(
          eq(groupRuns.id, id),
          eq(groupRuns.status, 'aktif'),
          eq(groupRuns.hidden, false),
          gt(groupRuns.startsAt, sql`now()`),
          lt(groupRuns.participantsCount, groupRuns.capacity),
        ),
      )
      .returning();
    if (!row) {
      // Thrown inside the transaction: the participant row above is rolled back with it.
      throw isJoinable(found.run) ? new AppError('conflict', groupRunMessages.full, 'GROUP_RUN_FULL') : conflict(groupRunMessages.closed, 'GROUP_RUN_CLOSED');
    }
    await mail.enqueue(runMail(row, { userId: user.id, name: user.name, email: user.email }, publicUrl, 'joined'), { tx });
  });
}

/** Takes `userId` out of the run (leaving, or the host removing them); false when they were not in it. */
async function removeParticipant(tx: Db, id: string, userId: string): Promise<boolean> {
  const [gone] = await tx
    .delete(groupRunParticipants)
    .where(and(eq(groupRunParticipants.groupRunId, id), eq(groupRunParticipants.userId, userId)))
    .returning();
  if (!gone) return false;
  await tx
    .update(groupRuns)
    .set({ participantsCount: sql`${groupRuns.participantsCount} - 1` })
    .where(eq(groupRuns.id, id));
  return true;
}

export async function leaveGroupRun(db: Db, id: string, user: UserRow): Promise<void> {
  const found = await findRow(db, id);
  if (!found || (found.run.hidden && found.run.hostId !== user.id)) throw notFound(groupRunMessages.notFound);
  await db.transaction((tx) => removeParticipant(tx, id, user.id));
}

export async function removeGroupRunParticipant(db: Db, mail: Mailer, id: string, host: UserRow, userId: string, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const run = await lockHostedRun(tx, id, host);
    if (!uuidPattern.test(userId)) throw notFound(groupRunMessages.notParticipant);
    const [person] = await tx.select().from(users).where(eq(users.id, userId));
    if (!person || !(await removeParticipant(tx, id, userId))) throw notFound(groupRunMessages.notParticipant);
    await mail.enqueue(runMail(run, { userId, name: person.name, email: person.email }, publicUrl, 'removed'), { tx });
  });
}

type RunMailKind = 'joined' | 'updated' | 'canceled' | 'removed';

function runMail(run: GroupRunRow, to: { userId: string; name: string; email: string }, publicUrl: string, kind: RunMailKind) {
  const when = `${formatJakartaDate(run.startsAt, 'EEEE, d MMMM yyyy')}, ${wibTime(run.startsAt)}`;
  const heading = {
    joined: 'Anda bergabung di group run',
    updated: 'Detail group run berubah',
    canceled: 'Group run dibatalkan',
    removed: 'Anda tidak lagi terdaftar di group run',
  }[kind];
  const intro = {
    joined: `Sampai jumpa di ${run.title}! Berikut detail titik kumpulnya.`,
    updated: `Host mengubah detail ${run.title}. Berikut detail terbarunya.`,
    canceled: `Host membatalkan ${run.title}. Group run ini tidak jadi diadakan.`,
    removed: `Host mengeluarkan Anda dari ${run.title}.`,
  }[kind];
  return composeMail({
    to: to.email,
    subject: `${heading}: ${run.title}`,
    heading,
    intro: [`Halo ${to.name || 'Pelari'},`, intro],
    details: [
      ['Group run', run.title],
      ['Waktu', when],
      ['Kota', run.city],
      ['Titik kumpul', run.meetingPoint],
      ...(run.mapUrl ? ([['Peta', run.mapUrl]] as [string, string][]) : []),
      ['Jarak', `${String(run.distanceKm).replace('.', ',')} km`],
      ['Grup pace', run.paceGroup],
    ],
    link: { label: 'Lihat group run', url: `${publicUrl}/buddy/${run.id}` },
    outro: kind === 'joined' ? ['Jika berhalangan, keluar dari group run agar tempat Anda bisa dipakai pelari lain.'] : [],
    // One mail per event: an update is keyed by when it happened, so each later change mails again.
    topic: `group-run-${kind}:${run.id}:${to.userId}:${kind === 'updated' || kind === 'joined' ? run.updatedAt.getTime() + ':' + Date.now() : ''}`,
  });
}

/** The link preview of /buddy/{id} (decision 026): what WhatsApp shows when the link is shared. Hidden or unknown: null. */
export async function groupRunPageMeta(db: Db, id: string): Promise<{ title: string; description: string; image: null } | null> {
  const found = await findRow(db, id);
  if (!found || found.run.hidden) return null;
  const { run } = found;
  const when = `${formatJakartaDate(run.startsAt, 'EEEE, d MMMM yyyy')}, ${wibTime(run.startsAt)}`;
  const prefix = run.status === 'dibatalkan' ? 'DIBATALKAN · ' : '';
  const description = `${prefix}${when} · ${run.meetingPoint}, ${run.city} · ${String(run.distanceKm).replace('.', ',')} km · pace ${run.paceGroup} · ${run.participantsCount}/${run.capacity} bergabung`;
  return {
    title: `${run.title} — Running Buddy ${run.city} | Derap`,
    description: description.length > 200 ? `${description.slice(0, 197)}...` : description,
    image: null,
  };
}

/** A runner reports a run to the admins (once each; a second report keeps the first). */
export async function reportGroupRun(db: Db, id: string, user: UserRow, reason: string): Promise<void> {
  const found = await findRow(db, id);
  if (!found || found.run.hidden) throw notFound(groupRunMessages.notFound);
  if (found.run.hostId === user.id) throw badRequest(groupRunMessages.cannotReportOwn, 'GROUP_RUN_OWN');
  await db.insert(groupRunReports).values({ groupRunId: id, userId: user.id, reason }).onConflictDoNothing();
}

/** For the admin: reported runs (most reported first) or hidden ones, with every report. */
export async function listForReview(db: Db, status: 'reported' | 'hidden'): Promise<AdminGroupRun[]> {
  const reported = db.select({ id: groupRunReports.groupRunId }).from(groupRunReports);
  const rows = await db
    .select({ run: groupRuns, hostName: users.name })
    .from(groupRuns)
    .innerJoin(users, eq(users.id, groupRuns.hostId))
    // 'reported' is the admin's queue: reported runs still shown; once hidden they move to 'hidden'.
    .where(status === 'hidden' ? eq(groupRuns.hidden, true) : and(inArray(groupRuns.id, reported), eq(groupRuns.hidden, false)))
    .orderBy(desc(groupRuns.startsAt))
    .limit(200);
  if (rows.length === 0) return [];
  const reports = await db
    .select({ groupRunId: groupRunReports.groupRunId, reason: groupRunReports.reason, reporterName: users.name, createdAt: groupRunReports.createdAt })
    .from(groupRunReports)
    .innerJoin(users, eq(users.id, groupRunReports.userId))
    .where(inArray(groupRunReports.groupRunId, rows.map((r) => r.run.id)))
    .orderBy(asc(groupRunReports.createdAt));
  return rows
    .map((r) => ({
      ...toGroupRun(r.run, r.hostName),
      hidden: r.run.hidden,
      reports: reports.filter((p) => p.groupRunId === r.run.id).map((p) => ({ reason: p.reason, reporterName: p.reporterName, createdAt: p.createdAt.toISOString() })),
    }))
    .sort((a, b) => b.reports.length - a.reports.length);
}

/** The admin hides a run from everyone but its host (or shows it again). */
export async function setGroupRunHidden(db: Db, id: string, hidden: boolean): Promise<void> {
  if (!uuidPattern.test(id)) throw notFound(groupRunMessages.notFound);
  const [row] = await db.update(groupRuns).set({ hidden, updatedAt: new Date() }).where(eq(groupRuns.id, id)).returning({ id: groupRuns.id });
  if (!row) throw notFound(groupRunMessages.notFound);
}

/** The caller's upcoming active runs, hosted or joined, soonest first (the dashboard's card). */
export async function myUpcomingGroupRuns(db: Db, user: UserRow, now: Date = new Date()): Promise<(GroupRun & { isHost: boolean })[]> {
  const joined = db.select({ id: groupRunParticipants.groupRunId }).from(groupRunParticipants).where(eq(groupRunParticipants.userId, user.id));
  const rows = await db
    .select({ run: groupRuns, hostName: users.name })
    .from(groupRuns)
    .innerJoin(users, eq(users.id, groupRuns.hostId))
    .where(and(eq(groupRuns.status, 'aktif'), gt(groupRuns.startsAt, now), or(eq(groupRuns.hostId, user.id), and(eq(groupRuns.hidden, false), inArray(groupRuns.id, joined)))))
    .orderBy(asc(groupRuns.startsAt))
    .limit(5);
  return rows.map((r) => ({ ...toGroupRun(r.run, r.hostName), isHost: r.run.hostId === user.id }));
}
