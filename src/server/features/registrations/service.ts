import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { registrationTotal } from '../../../domain/events/events';
import { selfManagedHoldUntil } from '../../../domain/registrations/payment-verification';
import { isPaymentOptionKey, type PaymentOptionKey } from '../../../domain/payments/payments';
import { emailKey, identityKey } from '../../../domain/registrations/registration-identity';
import { registrationMessages, registrationOpenness, type RegistrationPayload } from '../../../domain/registrations/registration-form';
import { wireDateToIso } from '../../../domain/shared/wire-date';
import type { Mailer } from '../../adapters/mail/port';
import type { Db } from '../../db/client';
import { eventCategories, events, runnerRegistrations, type EventCategoryRow, type EventRow, type OrderRow, type RunnerRegistrationRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { PaymentService, StoredOrder } from '../payments/service';
import { findEventByKey } from '../events/service';
import { confirmationMail } from './confirmation-mail';
import { countIdentityAttempt, findResumable, isPendingDuplicate, pendingMessages, sweepRegistrationGuards, type ResumedRegistration, type RunnerKeys } from './pending-registrations';
import { registrationErrors } from './registration-messages';
import type { RegistrationJson } from '../../../domain/registrations/contract';
import { toRegistrationJson } from './registration-view';
import { expireStaleSelfManagedRegistrations, sweepSelfManagedRegistrations } from './self-managed-payment';

/**
 * Public registration (events-and-coach-pages §2 "Registration form", §4, §5; DESIGN.md §5): a slot
 * is reserved atomically with the registration row (and, for platform events, the payment order);
 * an unpaid reservation expires and gives its slot back exactly once.
 */

export { expireStaleSelfManagedRegistrations, registrationErrors };

export interface RegistrationDeps {
  db: Db;
  payments: PaymentService;
  mail: Mailer;
  /** How long an unpaid platform-paid registration holds its slot (its order expires with it). */
  holdMinutes: number;
  /** Attempts per identity number per event per hour. */
  identityLimitPerHour: number;
  /** How long a self-managed registration holds its slot until a proof of transfer is sent. */
  selfManagedHoldHours: number;
  log: FastifyBaseLogger;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `REG-` + 10 random base32 characters (50 bits): short enough to read aloud, too many to guess. */
export function newRegistrationId(): string {
  return `REG-${[...randomBytes(10)].map((b) => BASE32[b & 31]).join('')}`;
}

/** What the runner's QR code carries: 128 random bits. */
export function newQrToken(): string {
  return randomBytes(16).toString('base64url');
}

export interface CreatedRegistration {
  registration: RegistrationJson;
  payment_url: string | null;
  /** True when an earlier pending registration of the same runner was answered instead of a new one. */
  resumed: boolean;
}

export async function createRegistration(
  deps: RegistrationDeps,
  input: RegistrationPayload,
  userId: string | null,
  now: Date = new Date(),
): Promise<CreatedRegistration> {
  const { db } = deps;
  const event = await findEventByKey(db, input.eventId);
  if (!event) throw notFound(registrationErrors.eventNotFound);
  const r = input.runnerData;
  const keys: RunnerKeys = { identityKey: identityKey(r.identityNo), emailKey: emailKey(r.email) };
  await countIdentityAttempt(db, event, keys.identityKey, deps.identityLimitPerHour, now);
  if (event.status !== 'diterima' && event.status !== 'tutup') throw conflict(registrationErrors.eventNotAccepted, 'EVENT_NOT_ACCEPTED');
  const categories = await db.select().from(eventCategories).where(eq(eventCategories.eventRef, event.id)).orderBy(asc(eventCategories.position));
  const openness = registrationOpenness({ ...event, categories }, now);
  if (openness.state === 'not_yet') throw conflict(openness.message, 'REGISTRATION_NOT_OPEN');
  if (openness.state === 'closed') throw conflict(openness.message, 'REGISTRATION_CLOSED');
  if (openness.state === 'full') throw conflict(openness.message, 'EVENT_FULL');

  const category = categories.find((c) => c.categoryId === input.categoryId.toLowerCase() || c.id === input.categoryId);
  if (!category) throw notFound(registrationErrors.categoryNotFound);
  // A cheap early answer; the reservation below is what really decides.
  if (category.sold >= category.slots) throw conflict(registrationErrors.slotFull(category.name), 'SLOT_FULL');

  const offered = event.paymentOptions.filter(isPaymentOptionKey);
  let method: PaymentOptionKey | null = input.paymentMethod ?? null;
  if (offered.length > 0) {
    if (!method) throw badRequest(registrationMessages.paymentMethodRequired, 'PAYMENT_METHOD_REQUIRED');
    if (!offered.includes(method)) throw badRequest(registrationErrors.paymentMethodNotOffered, 'PAYMENT_METHOD_NOT_OFFERED');
  } else if (event.paymentType === 'self_managed') {
    method = null;
  }

  // One pending registration per identity number and per email: a second attempt resumes the first.
  const resumable = await findResumable(db, event, category, keys, now);
  if (resumable) return resumed(resumable, event, category);

  const registrationId = newRegistrationId();
  const amount = registrationTotal(category);
  // Platform-paid: a short hold (its order expires with it); self-managed: a bank transfer's window.
  const holdMinutes = deps.holdMinutes;
  const expiresAt = event.paymentType === 'self_managed' ? selfManagedHoldUntil(now, deps.selfManagedHoldHours) : new Date(now.getTime() + holdMinutes * 60_000);

  // One short transaction: the order (stored, not opened yet), the registration, and last the slot,
  // so the hot category row stays locked only from its conditional UPDATE to the COMMIT
  // (docs/decisions/014-registration-rush.md). The gateway is called after the commit.
  const result = await db.transaction(async (tx) => {
    let stored: StoredOrder | null = null;
    if (event.paymentType === 'platform') {
      stored = await deps.payments.storeOrder(
        {
          kind: 'registration',
          userId,
          amount,
          description: `${event.name} — ${category.name}`,
          metadata: { registrationId },
          enabledPayments: method ? [method] : [],
          customer: { name: r.fullName, email: r.email, phone: r.phone },
          finishUrl: `/registration-success?id=${registrationId}`,
          expiresInMinutes: holdMinutes,
        },
        { tx },
      );
    }
    const order = stored?.order ?? null;
    const [row] = await tx
      .insert(runnerRegistrations)
      .values({
        registrationId,
        qrToken: newQrToken(),
        eventRef: event.id,
        categoryRef: category.id,
        userId,
        eventFee: category.price,
        adminFee: category.adminFee,
        paymentAmount: amount,
        paymentMethod: method,
        orderId: order?.id ?? null,
        fullName: r.fullName,
        email: r.email,
        phone: r.phone,
        bibName: r.bibName,
        community: r.community,
        bloodType: r.bloodType,
        tshirtSize: r.tshirtSize,
        sex: r.sex,
        // The payload schema (dobError) let only a real DD-MM-YYYY day through.
        dob: wireDateToIso(r.dob)!,
        identityType: r.identityType,
        identityNo: r.identityNo,
        identityKey: keys.identityKey,
        emailKey: keys.emailKey,
        emergencyName: r.emergencyName,
        emergencyContact: r.emergencyContact,
        medicalNotes: r.medicalNotes,
        // The hold the runner is shown: the order's full time once opened (the same instant).
        expiresAt: order ? new Date(order.createdAt.getTime() + holdMinutes * 60_000) : expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Last: the slot. Nobody else waits on this row for longer than this statement and the COMMIT.
    const reserved = await tx
      .update(eventCategories)
      .set({ sold: sql`${eventCategories.sold} + 1` })
      .where(and(eq(eventCategories.id, category.id), lt(eventCategories.sold, eventCategories.slots)))
      .returning({ id: eventCategories.id });
    if (reserved.length === 0) throw conflict(registrationErrors.slotFull(category.name), 'SLOT_FULL');
    return { row: row!, paymentUrl: null, stored };
  }).catch(async (err: unknown) => {
    // Another attempt of the same runner won the race (the unique index refused this one, or took
    // the last slot first): answer as if this attempt had come second.
    if (!isPendingDuplicate(err) && !(err instanceof AppError && err.code === 'SLOT_FULL')) throw err;
    const winner = await findResumable(db, event, category, keys, now);
    if (winner) return winner;
    if (isPendingDuplicate(err)) throw conflict(pendingMessages.inProgress, 'REGISTRATION_IN_PROGRESS');
    throw err;
  });
  if (!('stored' in result) || result.row.registrationId !== registrationId) return resumed(result, event, category);
  let paymentUrl: string | null = null;
  if (result.stored) {
    // Committed: the slot is ours. Open the checkout with no transaction and no lock held; a gateway
    // failure cancels the order, whose expiry hook (releaseRegistrationOrder) frees the slot, and
    // the runner gets paymentMessages.gatewayFailed (502).
    paymentUrl = (await deps.payments.openOrder(result.stored)).payment_url;
  }
  return { registration: toRegistrationJson(result.row, event, category), payment_url: paymentUrl, resumed: false };
}

function resumed(found: ResumedRegistration, event: EventRow, category: EventCategoryRow): CreatedRegistration {
  // The first attempt holds the slot but its checkout is still being opened (or its process died
  // before, and the sweep will close it within OPENING_GRACE_MINUTES): nothing to pay yet.
  if (found.row.orderId && !found.paymentUrl) throw conflict(pendingMessages.inProgress, 'REGISTRATION_IN_PROGRESS');
  return { registration: toRegistrationJson(found.row, event, category), payment_url: found.paymentUrl, resumed: true };
}

async function loadContext(executor: Db, row: RunnerRegistrationRow): Promise<{ event: EventRow; category: EventCategoryRow }> {
  const [event] = await executor.select().from(events).where(eq(events.id, row.eventRef));
  const [category] = await executor.select().from(eventCategories).where(eq(eventCategories.id, row.categoryRef));
  return { event: event!, category: category! };
}

/** Queues the confirmation mail (with the QR code) in `tx`; the topic keeps it to one per registration. */
async function queueConfirmation(tx: Db, mail: Mailer, row: RunnerRegistrationRow) {
  const { event, category } = await loadContext(tx, row);
  await mail.enqueue(await confirmationMail(row, event, category), { tx });
}

/** Fulfilment of a paid registration order: confirmed + paid, in the webhook's transaction, and the mail. */
export async function fulfilRegistrationOrder(mail: Mailer, tx: Db, order: OrderRow): Promise<void> {
  const now = new Date();
  const [row] = await tx
    .update(runnerRegistrations)
    .set({ status: 'confirmed', paymentStatus: 'paid', confirmedAt: now, updatedAt: now })
    .where(and(eq(runnerRegistrations.orderId, order.id), eq(runnerRegistrations.status, 'pending')))
    .returning();
  if (row) await queueConfirmation(tx, mail, row);
}

/** An unpaid order ended (expired or canceled): the registration ends with it and its slot is freed once. */
export async function releaseRegistrationOrder(tx: Db, order: OrderRow): Promise<void> {
  const canceled = order.status === 'canceled';
  const [row] = await tx
    .update(runnerRegistrations)
    .set({ status: canceled ? 'canceled' : 'expired', paymentStatus: canceled ? 'failed' : 'expired', updatedAt: new Date() })
    .where(and(eq(runnerRegistrations.orderId, order.id), eq(runnerRegistrations.status, 'pending')))
    .returning();
  if (row) await releaseSlot(tx, row.categoryRef);
}

/**
 * A paid order was refunded or voided: the registration is canceled and its slot freed, once (the
 * status change claims the row). A runner who already collected the racepack keeps the record as
 * it is: the pack is handed out, and what happens next is between organizer and runner.
 */
export async function revokeRegistrationOrder(tx: Db, order: OrderRow, log?: FastifyBaseLogger): Promise<void> {
  const [row] = await tx
    .update(runnerRegistrations)
    // The registration's payment statuses have no "refunded" (spec: pending, paid, other).
    .set({ status: 'canceled', paymentStatus: 'failed', updatedAt: new Date() })
    .where(and(eq(runnerRegistrations.orderId, order.id), inArray(runnerRegistrations.status, ['pending', 'confirmed'])))
    .returning();
  if (row) await releaseSlot(tx, row.categoryRef);
  else log?.warn({ orderId: order.id, status: order.status }, 'refunded registration order left as is (racepack collected or already ended)');
}

async function releaseSlot(tx: Db, categoryRef: string) {
  await tx
    .update(eventCategories)
    .set({ sold: sql`greatest(${eventCategories.sold} - 1, 0)` })
    .where(eq(eventCategories.id, categoryRef));
}

/** Wires the payment hooks of the `registration` order kind. */
export function registerRegistrationPaymentHooks(payments: PaymentService, mail: Mailer, log?: FastifyBaseLogger) {
  payments.registerFulfilment('registration', async (tx, order) => {
    await fulfilRegistrationOrder(mail, tx, order);
    mail.kick();
  });
  payments.registerOnExpired('registration', (tx, order) => releaseRegistrationOrder(tx, order));
  payments.registerOnRefunded('registration', (tx, order) => revokeRegistrationOrder(tx, order, log));
}

/**
 * The registrations' periodic upkeep (a job): self-managed holds that ended expire and free their
 * slots, holds about to end get their reminder, and spent attempt windows and used challenges go.
 */
export async function sweepRegistrations(
  deps: { db: Db; mail: Mailer; publicUrl: string },
  reminderHours: number,
  now: Date = new Date(),
): Promise<{ expired: number; reminded: number }> {
  await sweepRegistrationGuards(deps.db, now);
  return sweepSelfManagedRegistrations(deps, reminderHours, now);
}
