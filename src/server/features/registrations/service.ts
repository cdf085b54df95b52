import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { registrationTotal } from '../../../domain/registrations/registrations';
import { categoryPriceAt } from '../../../domain/events/early-bird';
import { selfManagedHoldUntil } from '../../../domain/registrations/payment-verification';
import { isPaymentOptionKey, type PaymentOptionKey } from '../../../domain/payments/payments';
import { emailKey, identityKey } from '../../../domain/registrations/registration-identity';
import { registrationMessages, registrationOpenness, type RegistrationPayload } from '../../../domain/registrations/registration-form';
import { wireDateToIso } from '../../../domain/shared/wire-date';
import type { Mailer } from '../../adapters/mail/port';
import type { Db } from '../../db/client';
import { eventCategories, events, type EventCategoryRow, type EventRow } from '../../db/schema/events';
import type { OrderRow } from '../../db/schema/payments';
import { runnerRegistrations, type RunnerRegistrationRow } from '../../db/schema/registrations';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { PaymentService, StoredOrder } from '../payments/service';
import { findRegistrationContext, type RegistrationContext } from '../events/service';
import { reserveCategorySlot } from '../events/service.slots';
import { confirmationMail } from './confirmation-mail';
import { assignBibNumber } from './bib-numbers';
import { receiptKey } from './public/payment-state';
import { countIdentityAttempt, findResumable, isPendingDuplicate, pendingMessages, sweepRegistrationGuards, type ResumedRegistration, type RunnerKeys } from './public/pending-registrations';
import { registrationErrors } from './registration-messages';
import type { RegistrationJson } from '../../../domain/registrations/contract';
import { toRegistrationJson } from './registration-view';
import { expireStaleSelfManagedRegistrations, sweepSelfManagedRegistrations } from './self-managed/service';
import { checkEmailCode, consumeEmailCode, pruneEmailCodes } from './public/email-code';
import { checkOffer, claimOffer, releaseSlot, waitingListMessages } from './public/waiting-list';

/**
 * Public registration (events-and-coach-pages §2 "Registration form", §4, §5; DESIGN.md §5): a slot
 * is reserved atomically with the registration row (and, for platform events, the payment order);
 * an unpaid reservation expires and gives its slot back exactly once.
 */

export { expireStaleSelfManagedRegistrations, registrationErrors };
export { assignMissingBibNumbers } from './bib-numbers';
export { sweepWaitingList, WAITING_LIST_JOB } from './public/waiting-list';
export { CANCEL_EVENT_JOB, runEventCancellation } from './management/service';

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
  /** How old the event rows a registration starts from may be (the public read cache; 0 = none). */
  readCacheMs?: number;
  /** Keys the stored email codes (decision 033). */
  secret: Uint8Array;
  log: FastifyBaseLogger;
}

/** What lets this attempt past the gates of decision 033: a checked email code, or a waiting-list offer. */
interface SlotPass {
  emailCodeId: string | null;
  offerId: string | null;
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
  hooks: RegistrationHooks = {},
): Promise<CreatedRegistration> {
  const { db } = deps;
  const context = await findRegistrationContext(db, input.eventId, deps.readCacheMs ?? 0);
  if (!context) throw notFound(registrationErrors.eventNotFound);
  const r = input.runnerData;
  const keys: RunnerKeys = { identityKey: identityKey(r.identityNo), emailKey: emailKey(r.email) };
  await countIdentityAttempt(db, context.event, keys.identityKey, deps.identityLimitPerHour, now);
  // A claim link was mailed to this address, so it proves the mailbox as a code would.
  const offer = input.waitingOffer ? await checkOffer(db, input.waitingOffer, context.event, input.categoryId, keys.emailKey, now) : null;
  const pass: SlotPass = {
    offerId: offer?.entry.id ?? null,
    emailCodeId: context.event.emailCodeRequired && !offer ? await checkEmailCode(db, deps.secret, context.event.id, keys.emailKey, input.emailCode, now) : null,
  };
  try {
    return await reserveAndOpen(deps, context, input, keys, userId, now, hooks, pass);
  } catch (err) {
    // The reservation refused rows read from the cache: decide again on fresh rows, once (the event
    // was closed, its price changed, or the category filled up within the cache's few seconds).
    if (!(err instanceof StaleContext)) throw err;
    const fresh = await findRegistrationContext(db, input.eventId, 0);
    if (!fresh) throw notFound(registrationErrors.eventNotFound);
    return reserveAndOpen(deps, fresh, input, keys, userId, now, hooks, pass, true);
  }
}

export interface RegistrationHooks {
  /** The slot is reserved and committed; only the gateway's checkout is left (the admission gate's turn goes back). */
  onReserved?: () => void;
  /** The client's address key (public/challenge.ts `addressKeyOf`): its live holds set the proof of work's difficulty. */
  addressKey?: string | null;
}

/** The reservation's guard failed on rows that may have been stale; `createRegistration` retries once. */
class StaleContext extends Error {}

async function reserveAndOpen(
  deps: RegistrationDeps,
  { event, categories }: RegistrationContext,
  input: RegistrationPayload,
  keys: RunnerKeys,
  userId: string | null,
  now: Date,
  hooks: RegistrationHooks,
  pass: SlotPass,
  fresh = false,
): Promise<CreatedRegistration> {
  const { db } = deps;
  const r = input.runnerData;
  if (event.status === 'dibatalkan') throw conflict(registrationErrors.eventCanceled, 'EVENT_CANCELED');
  if (event.status !== 'diterima' && event.status !== 'tutup') throw conflict(registrationErrors.eventNotAccepted, 'EVENT_NOT_ACCEPTED');
  const openness = registrationOpenness({ ...event, categories }, now);
  if (openness.state === 'not_yet') throw conflict(openness.message, 'REGISTRATION_NOT_OPEN');
  if (openness.state === 'closed') throw conflict(openness.message, 'REGISTRATION_CLOSED');
  // An offer's slot is already counted in `sold`: full is what the offered runner expects.
  if (openness.state === 'full' && !pass.offerId) throw conflict(openness.message, 'EVENT_FULL');

  const category = categories.find((c) => c.categoryId === input.categoryId.toLowerCase() || c.id === input.categoryId);
  if (!category) throw notFound(registrationErrors.categoryNotFound);
  // A cheap early answer; the reservation below is what really decides.
  if (category.sold >= category.slots && !pass.offerId) throw conflict(registrationErrors.slotFull(category.name), 'SLOT_FULL');

  const offered = event.paymentOptions.filter(isPaymentOptionKey);
  let method: PaymentOptionKey | null = input.paymentMethod ?? null;
  if (offered.length > 0) {
    if (!method) throw badRequest(registrationMessages.paymentMethodRequired, 'PAYMENT_METHOD_REQUIRED');
    if (!offered.includes(method)) throw badRequest(registrationErrors.paymentMethodNotOffered, 'PAYMENT_METHOD_NOT_OFFERED');
  } else if (event.paymentType === 'self_managed') {
    method = null;
  }

  // One pending registration per identity number and per email: a second attempt resumes the first.
  // Platform events skip the look-up: their only holds are `pending`, which the unique indexes
  // refuse a second of, and the refusal below looks the first one up (one query less per runner in
  // a rush). Self-managed ones also hold while a proof awaits verification, which no index covers.
  if (event.paymentType !== 'platform') {
    const resumable = await findResumable(db, event, category, keys, now);
    if (resumable) return resumed(resumable, event, category);
  }

  const registrationId = newRegistrationId();
  // The price of the moment (early bird ends at the end of its Jakarta day, decision 020).
  const eventFee = categoryPriceAt(category, now).price;
  const amount = registrationTotal(category, now);
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
          // The checkout shows the runner's REG number, the one on the countdown and in the mail.
          refStem: registrationId,
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
        eventFee,
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
        clientAddressKey: hooks.addressKey ?? null,
        emergencyName: r.emergencyName,
        emergencyContact: r.emergencyContact,
        medicalNotes: r.medicalNotes,
        // The hold the runner is shown: the order's full time once opened (the same instant).
        expiresAt: order ? new Date(order.createdAt.getTime() + holdMinutes * 60_000) : expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (pass.emailCodeId) await consumeEmailCode(tx, pass.emailCodeId);
    if (pass.offerId) {
      // The offered slot becomes this registration's; `sold` already counts it (public/waiting-list.ts).
      if (!(await claimOffer(tx, pass.offerId, row!.id, now))) throw conflict(waitingListMessages.offerExpired, 'WAITING_OFFER_EXPIRED');
      return { row: row!, paymentUrl: null, stored };
    }
    // Last: the slot. Nobody else waits on this row for longer than this statement and the COMMIT.
    // The same statement re-checks, on the latest rows, what the (possibly cached) rows said: the
    // event still accepted and open, and the category's price as charged.
    const reserved = await reserveCategorySlot(tx, category.id, {
      eventRef: event.id,
      price: category.price,
      adminFee: category.adminFee,
      originalPrice: category.originalPrice,
      now,
    });
    if (!reserved) {
      if (!fresh) throw new StaleContext();
      throw conflict(registrationErrors.slotFull(category.name), 'SLOT_FULL');
    }
    return { row: row!, paymentUrl: null, stored };
  }).catch(async (err: unknown) => {
    if (err instanceof StaleContext) throw err;
    // Another attempt of the same runner won the race (the unique index refused this one, or took
    // the last slot first): answer as if this attempt had come second.
    if (!isPendingDuplicate(err) && !(err instanceof AppError && err.code === 'SLOT_FULL')) throw err;
    const winner = await findResumable(db, event, category, keys, now);
    if (winner) return winner;
    if (isPendingDuplicate(err)) throw conflict(pendingMessages.inProgress, 'REGISTRATION_IN_PROGRESS');
    throw err;
  });
  if (!('stored' in result) || result.row.registrationId !== registrationId) return resumed(result, event, category);
  hooks.onReserved?.();
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

/** Where the confirmation mail's link goes: the success page with the receipt key (public/payment-state.ts). */
export interface ReceiptLinks {
  publicUrl: string;
  secret: Uint8Array;
}

/** Queues the confirmation mail (with the QR code) in `tx`; the topic keeps it to one per registration. */
async function queueConfirmation(tx: Db, mail: Mailer, row: RunnerRegistrationRow, receiptUrl?: string) {
  const { event, category } = await loadContext(tx, row);
  await mail.enqueue(await confirmationMail(row, event, category, { receiptUrl }), { tx });
}

/**
 * Fulfilment of a paid registration order: confirmed + paid and its bib number, in the webhook's
 * transaction, and the mail (with the number). No number left: confirmed all the same (the runner
 * paid), logged, and counted in the organizer's Data Pelari warning.
 */
export async function fulfilRegistrationOrder(mail: Mailer, tx: Db, order: OrderRow, links?: ReceiptLinks, log?: FastifyBaseLogger): Promise<void> {
  const now = new Date();
  const [confirmed] = await tx
    .update(runnerRegistrations)
    .set({ status: 'confirmed', paymentStatus: 'paid', confirmedAt: now, updatedAt: now })
    .where(and(eq(runnerRegistrations.orderId, order.id), eq(runnerRegistrations.status, 'pending')))
    .returning();
  if (!confirmed) return;
  const bib = await assignBibNumber(tx, confirmed);
  if (bib.bibNumber === null && bib.reason === 'exhausted') log?.warn({ registrationId: confirmed.registrationId, categoryRef: confirmed.categoryRef }, 'bib numbers of the category ran out: confirmed without one');
  const row = bib.row;
  // The mailed link shows the receipt on the success page in any browser (issue 26 §8).
  const receiptUrl = links
    ? `${links.publicUrl}/registration-success?id=${encodeURIComponent(row.registrationId)}&order_id=${encodeURIComponent(order.gatewayRef)}&key=${receiptKey(links.secret, row.registrationId)}`
    : undefined;
  await queueConfirmation(tx, mail, row, receiptUrl);
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
    // Refunded: the money went back ('refunded', one of the spec's "other" payment statuses); voided: failed.
    .set({ status: 'canceled', paymentStatus: order.status === 'refunded' ? 'refunded' : 'failed', updatedAt: new Date() })
    .where(and(eq(runnerRegistrations.orderId, order.id), inArray(runnerRegistrations.status, ['pending', 'confirmed'])))
    .returning();
  if (row) await releaseSlot(tx, row.categoryRef);
  else log?.warn({ orderId: order.id, status: order.status }, 'refunded registration order left as is (racepack collected or already ended)');
}


/** Wires the payment hooks of the `registration` order kind. */
export function registerRegistrationPaymentHooks(payments: PaymentService, mail: Mailer, log?: FastifyBaseLogger, links?: ReceiptLinks) {
  payments.registerFulfilment('registration', async (tx, order) => {
    await fulfilRegistrationOrder(mail, tx, order, links, log);
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
  deps: { db: Db; mail: Mailer; publicUrl: string; keySecret: Uint8Array },
  reminderHours: number,
  now: Date = new Date(),
): Promise<{ expired: number; reminded: number }> {
  await sweepRegistrationGuards(deps.db, now);
  await pruneEmailCodes(deps.db, now);
  return sweepSelfManagedRegistrations(deps, reminderHours, now);
}
