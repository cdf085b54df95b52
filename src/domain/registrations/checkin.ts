/**
 * The offline racepack desk (issue 13 item 6, decision 022): the check-in list a desk device
 * downloads, the marks it queues while offline and the sync that applies them. Pure: the contract,
 * the digest of a QR value, the messages and how a scanned value is matched locally.
 */
import { z } from 'zod';
import { registrationStatuses, type RegistrationStatus } from './registrations';
import { zonedDateTime } from './openness';

/** Bumped when the row layout changes: a device holding another version downloads afresh (2: the bib number). */
export const CHECKIN_LIST_VERSION = 2;
/** Marks per sync request: a day's queue of one desk fits in a few requests, a request stays small. */
export const MAX_CHECKIN_BATCH = 500;
/** How long a downloaded list may stay on a device (decision 022). */
export const CHECKIN_LIST_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A device's clock may run ahead of the server's by this much before its scan time is clamped. */
export const SCAN_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * One runner of the list, as a tuple (20 000 runners as objects would repeat every key 20 000 times):
 * registrationId, QR digest, full name, BIB name, category (index into `categories`), T-shirt size,
 * status (index into `statuses`), racepack taken at (epoch ms) or null, the device that took it or null,
 * the bib number ('10K-0231') or null.
 */
export const checkinRowSchema = z.tuple([
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.number().int(),
  z.string(),
  z.number().int(),
  z.number().int().nullable(),
  z.string().nullable(),
  z.string().nullable(),
]);
export type CheckinRow = z.infer<typeof checkinRowSchema>;

/** GET /api/runner-registrations/event/{eventId}/checkin-list. */
export const checkinListQuerySchema = z.object({
  /** The `cursor` of an earlier answer: only the registrations changed since then come back. */
  since: z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/, 'Kursor tidak valid.')
    .optional(),
});

export const checkinListSchema = z.object({
  v: z.literal(CHECKIN_LIST_VERSION),
  event: z.object({ _id: z.string(), eventId: z.string(), code: z.string(), name: z.string(), timezone: z.string() }),
  /** When the server read the list (ISO). */
  generatedAt: z.string(),
  /** Pass back as `since` for the changes after this answer. */
  cursor: z.string(),
  /** False when `since` was given: the rows are changes to merge, not the whole list. */
  full: z.boolean(),
  statuses: z.array(z.enum(registrationStatuses)),
  categories: z.array(z.string()),
  rows: z.array(checkinRowSchema),
});
export type CheckinList = z.infer<typeof checkinListSchema>;

/** Who the device is: a random id made on the device, and the name a volunteer gave it ('Meja 2'). */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9-]{4,40}$/, 'ID perangkat tidak valid.');
export const deviceNameSchema = z.string().trim().max(40, 'Nama perangkat paling banyak 40 karakter.');

export const checkinMarkSchema = z.object({
  registrationId: z.string().min(1).max(40),
  /** When the volunteer pressed 'Racepack Diambil' on the device (ISO, device clock). */
  scannedAt: z.iso.datetime({ offset: true, error: 'Waktu pindai tidak valid.' }),
  deviceId: deviceIdSchema,
  deviceName: deviceNameSchema.optional(),
});
export type CheckinMark = z.infer<typeof checkinMarkSchema>;

/** POST /api/runner-registrations/event/{eventId}/checkin-sync. */
export const checkinSyncBodySchema = z.object({
  marks: z
    .array(checkinMarkSchema)
    .min(1, 'Tidak ada data untuk disinkronkan.')
    .max(MAX_CHECKIN_BATCH, `Paling banyak ${MAX_CHECKIN_BATCH} data per sinkronisasi.`),
});
export type CheckinSyncBody = z.infer<typeof checkinSyncBodySchema>;

export const checkinOutcomes = ['collected', 'already_collected', 'refused', 'not_found'] as const;
export type CheckinOutcome = (typeof checkinOutcomes)[number];

export const checkinResultSchema = z.object({
  registrationId: z.string(),
  /**
   * collected: this mark took the racepack (or is a replay of the mark that did); already_collected:
   * another scan took it first (the warning); refused: not paid, canceled…; not_found: not this event's.
   */
  outcome: z.enum(checkinOutcomes),
  message: z.string(),
  /** The registration's status now (null when not found). */
  status: z.enum(registrationStatuses).nullable(),
  /** When the racepack was taken, as recorded (ISO), and by which device (null: an online scan). */
  collectedAt: z.string().nullable(),
  collectedDevice: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;
export const checkinSyncResponseSchema = z.object({ results: z.array(checkinResultSchema), syncedAt: z.string() });
export type CheckinSyncResponse = z.infer<typeof checkinSyncResponseSchema>;

/** The name a device is shown by: its given name, else the first block of its id. */
export function deviceLabel(device: { id: string; name?: string | null } | null): string {
  if (!device) return 'pemindaian online';
  const name = device.name?.trim();
  return `perangkat ${name || device.id.slice(0, 4).toUpperCase()}`;
}

export const checkinMessages = {
  collected: 'Racepack berhasil ditandai sudah diambil.',
  alreadyCollected: (collectedAt: Date, device: { id: string; name?: string | null } | null, timeZone?: string) => {
    const t = zonedDateTime(collectedAt, timeZone);
    return `Racepack sudah diambil pada ${t.date} pukul ${t.time} ${t.offset} (${deviceLabel(device)}).`;
  },
  notFound: 'Pendaftaran tidak ditemukan di event ini.',
} as const;

/**
 * The digest a desk stores instead of the QR token: SHA-256 of the token's UTF-8 bytes, first 128
 * bits, base64url (22 characters). It answers "is this scanned code runner X?" but cannot be turned
 * back into a code that would pass at another desk (decision 022). Web Crypto: the browser and Node.
 */
export async function qrDigest(value: string): Promise<string> {
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  return base64url(bytes.subarray(0, 16));
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * What a scanned value may be, in the order a desk tries them (like the server's lookup): the value
 * itself and, for a link or a prefixed value, its last segment.
 */
export function scanCandidates(value: string): string[] {
  const trimmed = value.trim();
  if (!trimmed) return [];
  const out = [trimmed];
  const tail = trimmed.split(/[/:=?&#]/).filter(Boolean).at(-1);
  if (tail && tail !== trimmed) out.push(tail);
  return out;
}

/** A registration id typed by hand ('reg-7k3q9xpa'), normalised as stored. */
export function asRegistrationId(value: string): string | null {
  const v = value.trim().toUpperCase();
  return /^REG-[A-Z0-9]{4,20}$/.test(v) ? v : null;
}

/** Whether a status lets the racepack be taken now. */
export const collectable = (status: RegistrationStatus) => status === 'confirmed';
