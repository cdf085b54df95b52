import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { registrationStatuses } from '../../../../domain/registrations/registrations';
import {
  CHECKIN_LIST_VERSION,
  checkinMessages,
  type CheckinList,
  type CheckinMark,
  type CheckinResult,
  type CheckinRow,
} from '../../../../domain/registrations/checkin';
import { racepackMessages } from '../../../../domain/registrations/runner-export';
import type { Db } from '../../../db/client';
import { eventCategories } from '../../../db/schema/events';
import { runnerRegistrations } from '../../../db/schema/registrations';
import type { UserRow } from '../../../db/schema/users';
import { collectingDevice, racepackRefusal, takeRacepack, type ManagedEvent } from '../management/service.runner-data';

/**
 * The offline racepack desk's server side (decision 022): the check-in list a desk device stores,
 * and the sync that applies the marks it queued while offline, first scan wins.
 */

/**
 * How far back a `since` cursor reaches before the moment the list was read. A change committed a
 * moment after the read by a transaction that started before it carries an earlier `updated_at`;
 * two minutes also covers the clocks of several servers. Rows in the overlap come again: harmless,
 * the device overwrites them.
 */
export const CURSOR_OVERLAP_MS = 2 * 60 * 1000;

/** What a desk stores of a QR token: SHA-256, first 128 bits, base64url (the same as domain `qrDigest`). */
export function qrTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest().subarray(0, 16).toString('base64url');
}

const statusIndex = new Map(registrationStatuses.map((s, i) => [s, i]));

/**
 * The event's check-in list: every registration (so a scan of an unpaid or canceled one says why),
 * with only what the desk needs. `since`: only the registrations changed after that cursor.
 */
export async function readCheckinList(db: Db, event: ManagedEvent, since?: string, now = new Date()): Promise<CheckinList> {
  const categories = await db
    .select({ id: eventCategories.id, name: eventCategories.name })
    .from(eventCategories)
    .where(eq(eventCategories.eventRef, event.id))
    .orderBy(asc(eventCategories.position), asc(eventCategories.name));
  const categoryIndex = new Map(categories.map((c, i) => [c.id, i]));
  const r = runnerRegistrations;
  const rows = await db
    .select({
      registrationId: r.registrationId,
      qrToken: r.qrToken,
      fullName: r.fullName,
      bibName: r.bibName,
      bibNumber: r.bibNumber,
      categoryRef: r.categoryRef,
      tshirtSize: r.tshirtSize,
      status: r.status,
      collectedAt: r.racepackCollectedAt,
      device: r.racepackCollectedDevice,
      deviceName: r.racepackCollectedDeviceName,
    })
    .from(r)
    .where(and(eq(r.eventRef, event.id), since ? gt(r.updatedAt, new Date(since)) : undefined));
  return {
    v: CHECKIN_LIST_VERSION,
    event: { _id: event.id, eventId: event.eventId, code: event.code, name: event.name, timezone: event.timezone },
    generatedAt: now.toISOString(),
    cursor: new Date(now.getTime() - CURSOR_OVERLAP_MS).toISOString(),
    full: !since,
    statuses: [...registrationStatuses],
    categories: categories.map((c) => c.name),
    rows: rows.map(
      (row): CheckinRow => [
        row.registrationId,
        qrTokenDigest(row.qrToken),
        row.fullName,
        row.bibName,
        categoryIndex.get(row.categoryRef) ?? -1,
        row.tshirtSize,
        statusIndex.get(row.status)!,
        row.collectedAt ? row.collectedAt.getTime() : null,
        row.device ? row.deviceName || row.device.slice(0, 4).toUpperCase() : null,
        row.bibNumber,
      ],
    ),
  };
}

/**
 * The list as JSON, serialised once, and a weak validator of what it says (not when it was read):
 * unchanged data answers 304.
 */
export function serializeCheckinList(list: CheckinList): { json: string; etag: string } {
  const { rows, generatedAt, cursor, ...stable } = list;
  const rowsJson = JSON.stringify(rows);
  const stableJson = JSON.stringify(stable);
  const etag = `W/"${createHash('sha1').update(stableJson).update(rowsJson).digest('base64url')}"`;
  const json = `${stableJson.slice(0, -1)},"generatedAt":${JSON.stringify(generatedAt)},"cursor":${JSON.stringify(cursor)},"rows":${rowsJson}}`;
  return { json, etag };
}

/**
 * Applies a desk's queued marks with the one racepack rule (`takeRacepack`). The first scan wins,
 * precisely: marks are applied in the order they reach the server, and within one request in the
 * order of their `scannedAt` (earliest first); the first mark applied to a confirmed registration
 * takes it, with its `scannedAt` (never later than now) as the time the racepack was taken and its
 * device recorded. Every later mark of another device (or an online scan) gets 'already_collected'
 * naming that time and device; a mark of the device that took it is a replay and answers
 * 'collected' again, so a request sent twice changes nothing. Results come in the marks' order.
 */
export async function applyCheckinMarks(db: Db, user: UserRow, event: ManagedEvent, marks: CheckinMark[], now = new Date()): Promise<CheckinResult[]> {
  const ids = [...new Set(marks.map((m) => m.registrationId.trim().toUpperCase()))];
  const r = runnerRegistrations;
  const found = await db
    .select({ id: r.id, registrationId: r.registrationId })
    .from(r)
    .where(and(eq(r.eventRef, event.id), inArray(r.registrationId, ids)));
  const refOf = new Map(found.map((row) => [row.registrationId, row.id]));

  const order = marks.map((mark, i) => ({ mark, i, at: Date.parse(mark.scannedAt) })).sort((a, b) => a.at - b.at || a.i - b.i);
  const results: CheckinResult[] = new Array(marks.length);
  for (const { mark, i, at } of order) {
    const registrationId = mark.registrationId.trim().toUpperCase();
    const ref = refOf.get(registrationId);
    if (!ref) {
      results[i] = { registrationId: mark.registrationId, outcome: 'not_found', message: checkinMessages.notFound, status: null, collectedAt: null, collectedDevice: null };
      continue;
    }
    const device = { id: mark.deviceId, name: mark.deviceName?.trim() || null };
    const taken = await takeRacepack(db, user.id, ref, { at: new Date(Math.min(at, now.getTime())), device });
    const [row] = await db
      .select({
        status: r.status,
        racepackCollectedAt: r.racepackCollectedAt,
        updatedAt: r.updatedAt,
        racepackCollectedDevice: r.racepackCollectedDevice,
        racepackCollectedDeviceName: r.racepackCollectedDeviceName,
      })
      .from(r)
      .where(eq(r.id, ref));
    const state = row!;
    const base = {
      registrationId,
      status: state.status,
      collectedAt: state.racepackCollectedAt?.toISOString() ?? null,
      collectedDevice: collectingDevice(state),
    };
    if (taken || (state.status === 'racepack_collected' && state.racepackCollectedDevice === mark.deviceId)) {
      results[i] = { ...base, outcome: 'collected', message: racepackMessages.collected };
      continue;
    }
    const refusal = racepackRefusal(state, event.timezone, { forDesk: true });
    results[i] = { ...base, outcome: state.status === 'racepack_collected' ? 'already_collected' : 'refused', message: refusal.message };
  }
  return results;
}
