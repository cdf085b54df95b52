import type { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNull, lt, lte } from 'drizzle-orm';
import { holdReminderDue, paymentProofMessages as m } from '../../../../domain/registrations/payment-verification';
import type { RegistrationJson, SelfManagedPayment } from '../../../../domain/registrations/contract';
import type { Mailer } from '../../../adapters/mail/port';
import type { StoragePort } from '../../../adapters/storage/port';
import type { Db } from '../../../db/client';
import { reserveCategorySlot } from '../../events/service.slots';
import { eventCategories, events, type EventCategoryRow, type EventRow } from '../../../db/schema/events';
import { runnerRegistrations, type RunnerRegistrationRow } from '../../../db/schema/registrations';
import { uploads } from '../../../db/schema/uploads';
import type { UserRow } from '../../../db/schema/users';
import { AppError, conflict, notFound } from '../../../app-error';
import { isPaymentKey, paymentKeyFor } from '../payment-key';
import { newImageKey, recordUpload, type CheckedImage } from '../../uploads/service';
import { confirmationMail } from '../confirmation-mail';
import { assignBibNumber } from '../bib-numbers';
import { bibMessages } from '../../../../domain/events/bib-numbers';
import { toRegistrationJson } from '../registration-view';
import { holdReminderMail, paymentRejectedMail } from './mail';
import { registrationErrors } from '../registration-messages';
import { releaseSlot } from '../public/waiting-list';

/**
 * Self-managed payments (issue 8 item 9, issue 26 §5). The runner's 'Saya Sudah Membayar' carries a
 * proof of transfer (and the secret of the runner's own link) and moves the registration to
 * `awaiting_verification`; the hold still ends when it was due, whatever was uploaded (a junk
 * picture must not keep a slot forever). The organizer verifies it (confirmed + paid, the
 * confirmation mail with the racepack QR) — also after the hold ended, as long as a slot is free —
 * or rejects it with a reason: the registration is canceled, its slot freed and the reason mailed.
 * Only verified registrations count as paid. Each step is one conditional update, so a double
 * click, two organizers or the runner racing the organizer change a registration once.
 */

export interface SelfManagedDeps {
  db: Db;
  mail: Mailer;
  storage: StoragePort;
  /** Hours of a hold (SELF_MANAGED_HOLD_HOURS), counted from the registration. */
  holdHours: number;
  /** Where the runner's payment page lives (links in mails). */
  publicUrl: string;
  /** The server secret the payment links' keys derive from (payment-key.ts). */
  keySecret: Uint8Array;
}

interface Loaded {
  row: RunnerRegistrationRow;
  event: EventRow;
  category: EventCategoryRow;
}

async function loadBy(executor: Db, where: ReturnType<typeof eq>, lock = false): Promise<Loaded | null> {
  const query = executor
    .select({ row: runnerRegistrations, event: events, category: eventCategories })
    .from(runnerRegistrations)
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(where);
  const [found] = lock ? await query.for('update', { of: runnerRegistrations }) : await query;
  return found ?? null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The public view of the runner's payment page (no personal data: the id is its only credential). */
export function toSelfManagedPaymentJson({ row, event }: Pick<Loaded, 'row' | 'event'>): SelfManagedPayment {
  // A proof no longer stops the clock: the deadline shows until it is paid or over.
  const holding = row.status === 'pending' || row.status === 'awaiting_verification';
  // Since issue 26 a rejection cancels; older rejections left the registration pending.
  const rejectionShown = row.status === 'pending' || row.status === 'canceled';
  return {
    registrationId: row.registrationId,
    status: row.status,
    payment: { status: row.paymentStatus, amount: row.paymentAmount },
    expiresAt: holding ? iso(row.expiresAt) : null,
    proofSubmittedAt: iso(row.paymentProofSubmittedAt),
    rejection:
      rejectionShown && row.paymentRejectedAt && row.paymentRejectionReason
        ? { reason: row.paymentRejectionReason, rejectedAt: row.paymentRejectedAt.toISOString() }
        : null,
    event: {
      name: event.name,
      code: event.code,
      timezone: event.timezone,
      paymentType: event.paymentType,
      paymentInstruction:
        event.paymentType === 'self_managed' ? { qrImage: event.paymentQrImage, instructions: event.paymentInstructions } : null,
    },
  };
}

/** The runner's payment page: 404 (the spec's message) for an unknown id. */
export async function readSelfManagedPayment(db: Db, registrationId: string): Promise<SelfManagedPayment> {
  const found = await loadBy(db, eq(runnerRegistrations.registrationId, registrationId.trim().toUpperCase()));
  if (!found) throw notFound(registrationErrors.registrationNotFound);
  return toSelfManagedPaymentJson(found);
}

const isPaid = (row: RunnerRegistrationRow) => row.status === 'confirmed' || row.status === 'racepack_collected';

/**
 * 'Saya Sudah Membayar' with the proof of transfer: a pending registration whose hold has not ended
 * (or one already awaiting verification, whose proof is replaced) now awaits the organizer; the hold
 * keeps its end. Needs the payment link's key (403 without it, before anything is read). A paid one
 * answers as it is and keeps nothing; an ended one is refused.
 */
export async function submitPaymentProof(
  deps: SelfManagedDeps,
  registrationId: string,
  image: CheckedImage,
  paymentKey: unknown,
  now: Date = new Date(),
): Promise<SelfManagedPayment> {
  const { db } = deps;
  if (!isPaymentKey(deps.keySecret, registrationId, paymentKey)) throw new AppError('forbidden', m.keyRequired, 'PAYMENT_KEY_REQUIRED');
  const byId = eq(runnerRegistrations.registrationId, registrationId.trim().toUpperCase());
  const found = await loadBy(db, byId);
  if (!found) throw notFound(registrationErrors.registrationNotFound);
  if (found.event.paymentType !== 'self_managed') throw conflict(registrationErrors.platformConfirm, 'PLATFORM_PAYMENT');
  if (isPaid(found.row)) return toSelfManagedPaymentJson(found);
  const open = (row: RunnerRegistrationRow) =>
    (row.status === 'awaiting_verification' || row.status === 'pending') && row.expiresAt !== null && row.expiresAt > now;
  if (!open(found.row)) throw conflict(registrationErrors.reservationOver, 'REGISTRATION_EXPIRED');

  // Storage is not transactional: the file goes first; a registration that changed meanwhile
  // leaves an unreferenced private file behind, never a reference to a missing one.
  const key = newImageKey(image);
  await deps.storage.put(key, image.bytes, image.mime);
  const result = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(runnerRegistrations)
      .set({ status: 'awaiting_verification', paymentProofKey: key, paymentProofSubmittedAt: now, updatedAt: now })
      .where(
        and(
          eq(runnerRegistrations.id, found.row.id),
          inArray(runnerRegistrations.status, ['pending', 'awaiting_verification']),
          gt(runnerRegistrations.expiresAt, now),
        ),
      )
      .returning();
    if (!updated) return null;
    await recordUpload(tx, key, image, { ownerId: found.row.userId, visibility: 'private' });
    return { ...found, row: updated };
  });
  if (result) return toSelfManagedPaymentJson(result);
  // Verified, expired or canceled between the read and the update.
  const current = await loadBy(db, byId);
  if (current && isPaid(current.row)) return toSelfManagedPaymentJson(current);
  throw conflict(registrationErrors.reservationOver, 'REGISTRATION_EXPIRED');
}

/** A proof whose hold ended: the organizer may still verify it (while a slot is free) or reject it. */
const endedWithProof = (row: RunnerRegistrationRow) => row.status === 'expired' && row.paymentProofSubmittedAt !== null;

/** The organizer's decision is about the proof they saw; anything else is refused before a change. */
function checkDecidable(found: Loaded, proofSubmittedAt: string) {
  if (found.event.paymentType !== 'self_managed') throw conflict(registrationErrors.platformConfirm, 'PLATFORM_PAYMENT');
  if (isPaid(found.row)) throw conflict(m.alreadyVerified, 'ALREADY_VERIFIED');
  if (found.row.status !== 'awaiting_verification' && !endedWithProof(found.row)) throw conflict(m.notAwaiting, 'NOT_AWAITING_VERIFICATION');
  if (found.row.paymentProofSubmittedAt?.getTime() !== new Date(proofSubmittedAt).getTime()) {
    throw conflict(m.proofChanged, 'PROOF_CHANGED');
  }
}

/**
 * Verifikasi: the registration is confirmed and paid (now it counts as revenue and may collect its
 * racepack), and the confirmation mail with the QR code is queued in the same transaction. A proof
 * whose hold ended takes a slot again first, if one is free (409 SLOT_TAKEN otherwise).
 * `id` is the registration's `_id`, already checked to belong to `user`'s event.
 */
export async function verifySelfManagedPayment(
  deps: Pick<SelfManagedDeps, 'db' | 'mail'>,
  user: UserRow,
  id: string,
  proofSubmittedAt: string,
  now: Date = new Date(),
): Promise<{ registration: RegistrationJson; bibWarning: string | null }> {
  const result = await deps.db.transaction(async (tx) => {
    const found = await loadBy(tx, eq(runnerRegistrations.id, id), true);
    if (!found) throw notFound(registrationErrors.registrationNotFound);
    checkDecidable(found, proofSubmittedAt);
    if (found.row.status === 'expired') await retakeSlot(tx, found.row.categoryRef);
    const [confirmed] = await tx
      .update(runnerRegistrations)
      .set({ status: 'confirmed', paymentStatus: 'paid', confirmedAt: now, paymentVerifiedAt: now, paymentVerifiedBy: user.id, expiresAt: null, updatedAt: now })
      .where(and(eq(runnerRegistrations.id, id), eq(runnerRegistrations.status, found.row.status)))
      .returning();
    // Its bib number in the same transaction; none left: confirmed all the same, and the organizer is told.
    const bib = await assignBibNumber(tx, confirmed!);
    await deps.mail.enqueue(await confirmationMail(bib.row, found.event, found.category), { tx });
    const bibWarning = bib.bibNumber === null && bib.reason === 'exhausted' && bib.range ? bibMessages.exhausted(found.category.name, bib.range) : null;
    return { ...found, row: bib.row, bibWarning };
  });
  deps.mail.kick();
  return { registration: toRegistrationJson(result.row, result.event, result.category), bibWarning: result.bibWarning };
}

/** One slot of the category taken again for a registration whose hold ended, or 409 when none is free. */
async function retakeSlot(tx: Db, categoryRef: string): Promise<void> {
  if (!(await reserveCategorySlot(tx, categoryRef))) throw conflict(m.slotTaken, 'SLOT_TAKEN');
}

/**
 * Tolak: the registration is canceled with the reason (no money was received, so nothing is owed
 * back), its slot freed for the next runner, and the reason mailed to the runner, who may register
 * again. A rejection used to start a new hold, which let a junk proof keep a slot indefinitely.
 */
export async function rejectSelfManagedPayment(
  deps: Pick<SelfManagedDeps, 'db' | 'mail' | 'publicUrl'>,
  user: UserRow,
  id: string,
  input: { proofSubmittedAt: string; reason: string },
  now: Date = new Date(),
): Promise<RegistrationJson> {
  const result = await deps.db.transaction(async (tx) => {
    const found = await loadBy(tx, eq(runnerRegistrations.id, id), true);
    if (!found) throw notFound(registrationErrors.registrationNotFound);
    checkDecidable(found, input.proofSubmittedAt);
    const [row] = await tx
      .update(runnerRegistrations)
      .set({
        status: 'canceled',
        paymentStatus: 'failed',
        paymentRejectedAt: now,
        paymentRejectedBy: user.id,
        paymentRejectionReason: input.reason,
        canceledAt: now,
        canceledBy: user.id,
        cancelReason: input.reason,
        refundMode: 'none',
        expiresAt: null,
        updatedAt: now,
      })
      .where(and(eq(runnerRegistrations.id, id), eq(runnerRegistrations.status, found.row.status)))
      .returning();
    // A hold that already ended gave its slot back then. The freed slot goes to the category's
    // waiting list first, like every other release (decision 033).
    if (found.row.status === 'awaiting_verification') await releaseSlot(tx, found.row.categoryRef, now);
    await deps.mail.enqueue(paymentRejectedMail(row!, found.event, found.category, { reason: input.reason, rejectedAt: now, publicUrl: deps.publicUrl }), { tx });
    return { ...found, row: row! };
  });
  deps.mail.kick();
  return toRegistrationJson(result.row, result.event, result.category);
}

/** The latest proof of a registration (already checked to belong to the asker's event), streamed. */
export async function readPaymentProof(
  db: Db,
  storage: StoragePort,
  id: string,
): Promise<{ stream: Readable; contentType: string; size: number }> {
  const [found] = await db
    .select({ contentType: uploads.contentType, size: uploads.size, key: uploads.key })
    .from(runnerRegistrations)
    .innerJoin(uploads, eq(uploads.key, runnerRegistrations.paymentProofKey))
    .where(eq(runnerRegistrations.id, id));
  if (!found) throw notFound(m.proofNotFound);
  const stream = await storage.get(found.key);
  if (!stream) throw notFound(m.proofNotFound);
  return { stream, contentType: found.contentType, size: found.size };
}

/** Rows reminded per sweep at most; the rest wait for the next sweep. */
const REMINDER_BATCH = 200;

/**
 * Mails each runner whose self-managed hold ends within `reminderHours` (and who has sent no proof)
 * once per hold: the row is claimed by setting `holdReminderSentAt`, and the mail's topic names the
 * hold's end, so a second sweep, a second server or a retry sends nothing twice. Returns how many.
 */
export async function remindSelfManagedHolds(
  deps: Pick<SelfManagedDeps, 'db' | 'mail' | 'publicUrl' | 'keySecret'>,
  reminderHours: number,
  now: Date = new Date(),
): Promise<number> {
  if (reminderHours <= 0) return 0;
  const { db } = deps;
  const horizon = new Date(now.getTime() + reminderHours * 3_600_000);
  const dueForReminder = and(
    eq(runnerRegistrations.status, 'pending'),
    isNull(runnerRegistrations.orderId),
    isNull(runnerRegistrations.holdReminderSentAt),
    gt(runnerRegistrations.expiresAt, now),
    lte(runnerRegistrations.expiresAt, horizon),
  );
  const due = await db
    .select({ id: runnerRegistrations.id })
    .from(runnerRegistrations)
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .where(and(dueForReminder, eq(events.paymentType, 'self_managed')))
    .orderBy(asc(runnerRegistrations.expiresAt))
    .limit(REMINDER_BATCH);
  let sent = 0;
  for (const { id } of due) {
    const mailed = await db.transaction(async (tx) => {
      // The claim repeats every condition: a row verified, rejected (a new hold) or reminded since
      // the read above is left alone.
      const [claimed] = await tx
        .update(runnerRegistrations)
        .set({ holdReminderSentAt: now })
        .where(and(eq(runnerRegistrations.id, id), dueForReminder))
        .returning();
      if (!claimed?.expiresAt || !holdReminderDue(claimed.expiresAt, now, reminderHours)) return false;
      const found = await loadBy(tx, eq(runnerRegistrations.id, id));
      const paymentKey = paymentKeyFor(deps.keySecret, claimed.registrationId);
      return deps.mail.enqueue(holdReminderMail(claimed, found!.event, found!.category, { expiresAt: claimed.expiresAt, publicUrl: deps.publicUrl, paymentKey }), { tx });
    });
    if (mailed) sent++;
  }
  if (sent > 0) deps.mail.kick();
  return sent;
}

/**
 * Self-managed registrations have no order to expire them: unpaid ones past `expiresAt` expire here
 * and free their slot, also those awaiting verification (a proof does not stop the clock, issue 26
 * §5; the organizer may still verify it while a slot is free). Each row is claimed by its own
 * status change, so running twice (or on two servers) frees nothing twice. Returns how many expired.
 */
export async function expireStaleSelfManagedRegistrations(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(runnerRegistrations)
      .set({ status: 'expired', paymentStatus: 'expired', updatedAt: now })
      .where(
        and(
          inArray(runnerRegistrations.status, ['pending', 'awaiting_verification']),
          isNull(runnerRegistrations.orderId),
          lt(runnerRegistrations.expiresAt, now),
        ),
      )
      .returning({ categoryRef: runnerRegistrations.categoryRef });
    // One by one: each freed slot goes to the next runner of the category's waiting list, if any (decision 033).
    for (const { categoryRef } of expired) await releaseSlot(tx, categoryRef, now);
    return expired.length;
  });
}

/**
 * The self-managed sweep (called on the payment-expiry interval; a job runner may call it later):
 * ended holds expire and free their slots, holds about to end get their reminder.
 */
export async function sweepSelfManagedRegistrations(
  deps: Pick<SelfManagedDeps, 'db' | 'mail' | 'publicUrl' | 'keySecret'>,
  reminderHours: number,
  now: Date = new Date(),
): Promise<{ expired: number; reminded: number }> {
  const expired = await expireStaleSelfManagedRegistrations(deps.db, now);
  const reminded = await remindSelfManagedHolds(deps, reminderHours, now);
  return { expired, reminded };
}
