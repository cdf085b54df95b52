/**
 * The offline racepack desk's storage on the device (decision 022), in IndexedDB:
 * - the check-in lists (`derap-desk-list`): per event its header and its runners, looked up by the
 *   digest of a scanned QR value or by registration id; deleted on sign-out;
 * - the queue (`derap-desk-queue`): the marks made on this device and what the server answered,
 *   and the device's own id and name; kept across sign-outs until synced.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { RegistrationStatus } from '../../../../domain/registrations/registrations';
import {
  asRegistrationId,
  CHECKIN_LIST_TTL_MS,
  CHECKIN_LIST_VERSION,
  qrDigest,
  scanCandidates,
  type CheckinList,
  type CheckinResult,
} from '../../../../domain/registrations/checkin';
import { DESK_LIST_DB, DESK_QUEUE_DB } from '../../../lib/device-data';

/** One runner as the desk stores it (short keys: 20 000 of them). */
export interface DeskRunner {
  /** The event's `_id`. */
  e: string;
  /** The registration id (REG-…). */
  r: string;
  /** Digest of the QR token. */
  d: string;
  name: string;
  bib: string;
  /** The bib number ('10K-0231'), when given. */
  bibNumber: string | null;
  category: string;
  size: string;
  status: RegistrationStatus;
  /** When the racepack was taken (epoch ms), and by which device (its name), when known. */
  takenAt: number | null;
  takenBy: string | null;
}

export interface DeskEvent {
  _id: string;
  eventId: string;
  code: string;
  name: string;
  timezone: string;
  /** The list's `cursor`, for the next incremental refresh. */
  cursor: string;
  downloadedAt: number;
  refreshedAt: number;
  count: number;
  v: number;
}

/** `undone`: taken back with 'Urungkan' after the server had it (a queued mark taken back is deleted). */
export type MarkState = 'queued' | 'collected' | 'already_collected' | 'refused' | 'not_found' | 'undone';

export interface DeskMark {
  id?: number;
  /** The event's `_id` (the sync URL accepts it). */
  event: string;
  registrationId: string;
  scannedAt: string;
  deviceId: string;
  deviceName?: string;
  state: MarkState;
  message?: string;
  syncedAt?: string;
}

interface ListSchema extends DBSchema {
  events: { key: string; value: DeskEvent };
  runners: { key: [string, string]; value: DeskRunner; indexes: { digest: [string, string] } };
}

interface QueueSchema extends DBSchema {
  marks: { key: number; value: DeskMark; indexes: { state: MarkState; event: string } };
  meta: { key: string; value: { key: string; value: string } };
}

let listDb: Promise<IDBPDatabase<ListSchema>> | null = null;
let queueDb: Promise<IDBPDatabase<QueueSchema>> | null = null;

function openList() {
  listDb ??= openDB<ListSchema>(DESK_LIST_DB, 1, {
    upgrade(db) {
      db.createObjectStore('events', { keyPath: '_id' });
      const runners = db.createObjectStore('runners', { keyPath: ['e', 'r'] });
      runners.createIndex('digest', ['e', 'd']);
    },
    // Sign-out deletes this database: let it, from any open desk tab.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      listDb = null;
    },
    terminated() {
      listDb = null;
    },
  });
  return listDb;
}

function openQueue() {
  queueDb ??= openDB<QueueSchema>(DESK_QUEUE_DB, 1, {
    upgrade(db) {
      const marks = db.createObjectStore('marks', { keyPath: 'id', autoIncrement: true });
      marks.createIndex('state', 'state');
      marks.createIndex('event', 'event');
      db.createObjectStore('meta', { keyPath: 'key' });
    },
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      queueDb = null;
    },
    terminated() {
      queueDb = null;
    },
  });
  return queueDb;
}

const eventRange = (eventRef: string) => IDBKeyRange.bound([eventRef, ''], [eventRef, '\uffff']);

function toRunner(eventRef: string, list: CheckinList, row: CheckinList['rows'][number]): DeskRunner {
  const [r, d, name, bib, category, size, status, takenAt, takenBy, bibNumber] = row;
  return { e: eventRef, r, d, name, bib, bibNumber, category: list.categories[category] ?? '', size, status: list.statuses[status] ?? 'pending', takenAt, takenBy };
}

function headerOf(list: CheckinList, count: number, previous?: DeskEvent): DeskEvent {
  const now = Date.now();
  return {
    _id: list.event._id,
    eventId: list.event.eventId,
    code: list.event.code,
    name: list.event.name,
    timezone: list.event.timezone,
    cursor: list.cursor,
    downloadedAt: list.full ? now : (previous?.downloadedAt ?? now),
    refreshedAt: now,
    count,
    v: list.v,
  };
}

/** Rows written per transaction: progress between them, and no single huge transaction. */
const STORE_CHUNK = 5000;
/**
 * The list can always be downloaded again: its writes need not wait for the disk (Chromium's
 * 'relaxed' durability, several times faster). The queue's writes keep the default.
 */
const RELAXED = { durability: 'relaxed' } as const;

/**
 * Stores a downloaded list. A full list replaces the event's runners; changes (`full: false`) are
 * merged, except over runners this device marked and has not synced yet (the device knows better).
 */
export async function storeCheckinList(list: CheckinList, onProgress?: (stored: number, total: number) => void): Promise<DeskEvent> {
  const db = await openList();
  const eventRef = list.event._id;
  const previous = await db.get('events', eventRef);
  // Runners whose mark waits for the server, or got the server's answer after this list was read:
  // the device knows better than the list.
  const newer = (m: DeskMark) => m.state === 'queued' || (m.syncedAt !== undefined && m.syncedAt >= list.generatedAt);
  const pending = new Set((await marksOf(eventRef)).filter(newer).map((m) => m.registrationId));
  if (list.full) await db.delete('runners', eventRange(eventRef));
  onProgress?.(0, list.rows.length);
  for (let start = 0; start < list.rows.length; start += STORE_CHUNK) {
    const tx = db.transaction('runners', 'readwrite', RELAXED);
    const writes: Promise<unknown>[] = [];
    for (const row of list.rows.slice(start, start + STORE_CHUNK)) {
      const runner = toRunner(eventRef, list, row);
      if (pending.has(runner.r)) {
        const local = await tx.store.get([eventRef, runner.r]);
        if (local) Object.assign(runner, { status: local.status, takenAt: local.takenAt, takenBy: local.takenBy });
      }
      writes.push(tx.store.put(runner));
    }
    await Promise.all([...writes, tx.done]);
    onProgress?.(Math.min(start + STORE_CHUNK, list.rows.length), list.rows.length);
  }
  const count = await db.count('runners', eventRange(eventRef));
  const header = headerOf(list, count, previous);
  await db.put('events', header);
  return header;
}

export async function deskEvents(): Promise<DeskEvent[]> {
  const db = await openList();
  return (await db.getAll('events')).sort((a, b) => b.refreshedAt - a.refreshedAt);
}

/** A list by the event's `_id`, slug or code (the desk's URL may carry any). */
export async function deskEvent(key: string): Promise<DeskEvent | null> {
  const all = await deskEvents();
  return all.find((e) => e._id === key || e.eventId === key || e.code === key) ?? null;
}

/** Deletes one event's list from the device. */
export async function forgetEvent(eventRef: string): Promise<void> {
  const db = await openList();
  await db.delete('runners', eventRange(eventRef));
  await db.delete('events', eventRef);
}

/** Deletes the lists older than the desk's time to live (decision 022). */
export async function purgeExpired(now = Date.now()): Promise<number> {
  let purged = 0;
  for (const event of await deskEvents()) {
    if (now - event.downloadedAt > CHECKIN_LIST_TTL_MS || event.v !== CHECKIN_LIST_VERSION) {
      await forgetEvent(event._id);
      purged++;
    }
  }
  return purged;
}

/**
 * The runner a scanned value belongs to, from the device alone: the digest of the value (or of its
 * last segment, for a link), else a registration id typed by hand.
 */
export async function findRunner(eventRef: string, scanned: string): Promise<DeskRunner | null> {
  const db = await openList();
  for (const candidate of scanCandidates(scanned)) {
    const hit = await db.getFromIndex('runners', 'digest', [eventRef, await qrDigest(candidate)]);
    if (hit) return hit;
  }
  for (const candidate of scanCandidates(scanned)) {
    const id = asRegistrationId(candidate);
    const hit = id ? await db.get('runners', [eventRef, id]) : undefined;
    if (hit) return hit;
  }
  return null;
}

export async function getRunner(eventRef: string, registrationId: string): Promise<DeskRunner | null> {
  return (await (await openList()).get('runners', [eventRef, registrationId])) ?? null;
}

/** Names of the runners of some marks, in one read. */
export async function runnerNames(eventRef: string, registrationIds: string[]): Promise<Map<string, string>> {
  const tx = (await openList()).transaction('runners', 'readonly');
  const found = await Promise.all(registrationIds.map((id) => tx.store.get([eventRef, id])));
  return new Map(found.filter((r): r is DeskRunner => Boolean(r)).map((r) => [r.r, r.name]));
}

async function updateRunner(eventRef: string, registrationId: string, change: Partial<DeskRunner>): Promise<DeskRunner | null> {
  const tx = (await openList()).transaction('runners', 'readwrite');
  const runner = await tx.store.get([eventRef, registrationId]);
  if (!runner) return null;
  const next = { ...runner, ...change };
  await Promise.all([tx.store.put(next), tx.done]);
  return next;
}

// ---- the device ---------------------------------------------------------------------------

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface DeskDevice {
  id: string;
  name: string;
}

/** This device's id (made once, random) and the name a volunteer gave it. */
export async function deskDevice(): Promise<DeskDevice> {
  const db = await openQueue();
  let id = (await db.get('meta', 'deviceId'))?.value;
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    id = `${chars.slice(0, 4)}-${chars.slice(4)}`;
    await db.put('meta', { key: 'deviceId', value: id });
  }
  const name = (await db.get('meta', 'deviceName'))?.value ?? '';
  return { id, name };
}

export async function setDeviceName(name: string): Promise<void> {
  await (await openQueue()).put('meta', { key: 'deviceName', value: name.trim().slice(0, 40) });
}

// ---- marks --------------------------------------------------------------------------------

/**
 * 'Racepack Diambil' on this device: the runner shows as taken at once and the mark waits in the
 * queue for the server. Null when the runner is not in the list.
 */
export async function markCollected(eventRef: string, registrationId: string, device: DeskDevice, at = new Date()): Promise<DeskRunner | null> {
  const runner = await updateRunner(eventRef, registrationId, { status: 'racepack_collected', takenAt: at.getTime(), takenBy: device.name || device.id.slice(0, 4) });
  if (!runner) return null;
  await (await openQueue()).add('marks', {
    event: eventRef,
    registrationId,
    scannedAt: at.toISOString(),
    deviceId: device.id,
    ...(device.name ? { deviceName: device.name } : {}),
    state: 'queued',
  });
  return runner;
}

/** This device's latest mark of a runner (its 'Urungkan' concerns that one). */
export async function lastMarkOf(eventRef: string, registrationId: string): Promise<DeskMark | null> {
  const marks = (await marksOf(eventRef)).filter((m) => m.registrationId === registrationId);
  return marks.at(-1) ?? null;
}

/**
 * 'Urungkan' on the device: a mark still queued is deleted (the server never hears of it) and the
 * runner is collectable again. False when the mark left the queue meanwhile (a sync sent it).
 */
export async function dropQueuedMark(mark: DeskMark): Promise<boolean> {
  const tx = (await openQueue()).transaction('marks', 'readwrite');
  const current = await tx.store.get(mark.id!);
  const queued = current?.state === 'queued';
  if (queued) await tx.store.delete(mark.id!);
  await tx.done;
  if (queued) await updateRunner(mark.event, mark.registrationId, { status: 'confirmed', takenAt: null, takenBy: null });
  return queued;
}

/** A synced mark the server took back: the mark says so and the runner is collectable again. */
export async function markUndone(mark: DeskMark, message: string): Promise<DeskRunner | null> {
  const db = await openQueue();
  await db.put('marks', { ...mark, state: 'undone', message, syncedAt: new Date().toISOString() });
  return updateRunner(mark.event, mark.registrationId, { status: 'confirmed', takenAt: null, takenBy: null });
}

export async function queuedMarks(): Promise<DeskMark[]> {
  return (await openQueue()).getAllFromIndex('marks', 'state', 'queued');
}

export async function marksOf(eventRef: string): Promise<DeskMark[]> {
  return (await openQueue()).getAllFromIndex('marks', 'event', eventRef);
}

/** Writes the server's answers onto the marks and onto the runners they concern. */
export async function applyResults(marks: DeskMark[], results: CheckinResult[], syncedAt: string): Promise<void> {
  const db = await openQueue();
  const tx = db.transaction('marks', 'readwrite');
  await Promise.all([
    ...marks.map((mark, i) => {
      const result = results[i]!;
      return tx.store.put({ ...mark, state: result.outcome, message: result.message, syncedAt });
    }),
    tx.done,
  ]);
  for (const [i, mark] of marks.entries()) {
    const result = results[i]!;
    if (!result.status) continue;
    const device = result.collectedDevice;
    await updateRunner(mark.event, mark.registrationId, {
      status: result.status,
      takenAt: result.collectedAt ? Date.parse(result.collectedAt) : null,
      takenBy: device ? device.name || device.id.slice(0, 4) : null,
    });
  }
}
