import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cancelableEventStatuses } from '../../../../domain/events/events';
import { type RegistrationStatus } from '../../../../domain/registrations/registrations';
import { gatewayRefundablePaymentTypes, refundableThroughGateway } from '../../../../domain/payments/payments';
import { emailKey } from '../../../../domain/registrations/registration-identity';
import {
  correctableFields,
  managementMessages as m,
  RESEND_PER_HOUR,
  type EventCancellation,
  type RegistrationChange,
  type RegistrationCorrection,
} from '../../../../domain/registrations/management';
import type { RegistrationJson } from '../../../../domain/registrations/contract';
import type { Mailer, OutgoingMail } from '../../../adapters/mail/port';
import { countMailsSince } from '../../../adapters/mail/outbox';
import { oneOffJobState } from '../../../jobs/upkeep';
import { lockEventStatus, markEventCanceled } from '../../events/service';
import type { Db } from '../../../db/client';
import { eventCategories, events, type EventCategoryRow, type EventRow } from '../../../db/schema/events';
import { orderRefunds, orders } from '../../../db/schema/payments';
import { registrationChanges, runnerRegistrations, type RunnerRegistrationRow } from '../../../db/schema/registrations';
import type { UserRow } from '../../../db/schema/users';
import { AppError, conflict, forbidden, notFound } from '../../../app-error';
import type { PaymentService } from '../../payments/service';
import { eventCanceledMail, registrationCanceledMail, resendTopicPrefix, type RefundFacts } from './cancellation-mail';
import { confirmationMail } from '../confirmation-mail';
import { findManagedEvent, type FoundRegistration } from './service.runner-data';
import { toRegistrationJson } from '../registration-view';
import { releaseSlot } from '../public/waiting-list';

/**
 * The organizer's management of registrations and events (issue 13 item 2; decision 021): cancel one
 * registration, cancel an event (a durable job refunds and mails every runner), resend the
 * confirmation, correct a runner's data with an audit trail, and settle manual refunds.
 *
 * Money: a refund goes through the payment module (`payments.refundOrder`), which marks the order
 * refunded and runs the registration's refund hook (registration canceled, slot freed); what this
 * module adds — reason, refund facts, the runner's mail — is written in that same transaction.
 */

export interface ManagementDeps {
  db: Db;
  payments: PaymentService;
  mail: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The one-off job that carries an event's cancellation through (its plugin.ts). */
export const CANCEL_EVENT_JOB = 'registrations.cancel-event';

/** Registrations that hold a slot or were paid: what a cancellation still has to end. */
const activeStatuses: RegistrationStatus[] = ['pending', 'awaiting_verification', 'confirmed', 'racepack_collected'];
const paidStatuses: RegistrationStatus[] = ['confirmed', 'racepack_collected'];

interface Loaded {
  row: RunnerRegistrationRow;
  event: EventRow;
  category: EventCategoryRow;
}

async function load(executor: Db, id: string, lock = false): Promise<Loaded | null> {
  const query = executor
    .select({ row: runnerRegistrations, event: events, category: eventCategories })
    .from(runnerRegistrations)
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .innerJoin(eventCategories, eq(eventCategories.id, runnerRegistrations.categoryRef))
    .where(eq(runnerRegistrations.id, id));
  const [found] = lock ? await query.for('update', { of: runnerRegistrations }) : await query;
  return found ?? null;
}

const json = (l: Loaded) => toRegistrationJson(l.row, l.event, l.category);

interface CancelRecord {
  /** Null: the event's cancellation (its job). */
  by: string | null;
  reason: string;
  refund: RefundFacts;
  mail: (l: Loaded) => OutgoingMail;
}

/**
 * Records a cancellation in `tx`, once: the registration is canceled (its slot freed, unless the
 * payment module's hooks already did), the reason and refund facts kept, the runner's mail queued.
 * A second call (a replay, a job re-run) finds it recorded and changes nothing.
 */
async function recordCancellation(tx: Db, mail: Mailer, id: string, record: CancelRecord): Promise<Loaded | null> {
  const found = await load(tx, id, true);
  if (!found) return null;
  if (found.row.canceledAt) {
    // Canceled meanwhile without a refund (a second click, another organizer) while this refund went
    // through: the record must tell the truth about the money.
    if (record.refund.mode === 'gateway' && found.row.refundMode !== 'gateway') {
      const [row] = await tx
        .update(runnerRegistrations)
        .set({ refundMode: 'gateway', refundAmount: record.refund.amount, paymentStatus: 'refunded', updatedAt: new Date() })
        .where(eq(runnerRegistrations.id, id))
        .returning();
      return { ...found, row: row! };
    }
    return found;
  }
  const now = new Date();
  const wasActive = activeStatuses.includes(found.row.status);
  const [row] = await tx
    .update(runnerRegistrations)
    .set({
      status: 'canceled',
      canceledAt: now,
      canceledBy: record.by,
      cancelReason: record.reason,
      refundMode: record.refund.mode,
      refundAmount: record.refund.mode === 'none' ? 0 : record.refund.amount,
      ...(record.refund.mode === 'gateway' ? { paymentStatus: 'refunded' as const } : {}),
      expiresAt: null,
      updatedAt: now,
    })
    .where(eq(runnerRegistrations.id, id))
    .returning();
  // To the waiting list first while the event takes registrations (never during the event's own cancellation).
  if (wasActive) await releaseSlot(tx, found.row.categoryRef, now);
  const updated = { ...found, row: row! };
  await mail.enqueue(record.mail(updated), { tx });
  return updated;
}

/* ------------------------------------------------------------------ one registration */

export interface CancelInput {
  reason: string;
  refund: boolean;
}

/**
 * Cancels one registration for its event's organizer or an admin. Paid through the platform with
 * `refund`: the event fee goes back through the gateway (Derap's admin fee is kept, decision 021);
 * self-managed and paid: the refund is owed by hand (the 'refund manual' list); unpaid: its open
 * order is closed first. A collected racepack cannot be canceled (decision 021).
 */
export async function cancelRegistration(
  deps: ManagementDeps,
  user: UserRow,
  found: FoundRegistration,
  input: CancelInput,
): Promise<{ registration: RegistrationJson; message: string }> {
  const { db, payments, mail } = deps;
  const current = await load(db, found.id);
  if (!current) throw notFound(m.alreadyCanceled);
  const { row } = current;
  if (row.status === 'canceled') throw conflict(m.alreadyCanceled, 'ALREADY_CANCELED');
  if (row.status === 'expired') throw conflict(m.expired, 'REGISTRATION_EXPIRED');
  if (row.status === 'racepack_collected') throw conflict(m.racepackCollected, 'RACEPACK_COLLECTED');

  const publicUrl = deps.publicUrl;
  const cancelWith = (refund: RefundFacts): CancelRecord => ({
    by: user.id,
    reason: input.reason,
    refund,
    mail: (l) => registrationCanceledMail(l.row, l.event, l.category, { reason: input.reason, refund, publicUrl }),
  });
  const finish = (l: Loaded | null, message: string) => {
    mail.kick();
    return { registration: json(l ?? current), message };
  };

  if (row.orderId) {
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    if (order?.status === 'paid' && input.refund) {
      if (!refundableThroughGateway(order.paymentType)) throw conflict(m.refundNotSupported, 'REFUND_NOT_SUPPORTED');
      const refund: RefundFacts = { mode: 'gateway', amount: row.eventFee, unpaid: false };
      let recorded: Loaded | null = null;
      const result = await payments.refundOrder(order.id, {
        amount: row.eventFee,
        reason: input.reason,
        requestedBy: user.id,
        inTransaction: async (tx) => {
          recorded = await recordCancellation(tx, mail, row.id, cancelWith(refund));
        },
      });
      return finish(recorded, m.canceledRefunded(result.refund.amount));
    }
    if (order && (order.status === 'pending' || order.status === 'failed')) {
      // Unpaid: close the checkout first (its expiry hook ends the hold), so a late payment cannot land.
      if ((await payments.cancelOpenOrder(order.id)) === 'paid') throw conflict(m.paidMeanwhile, 'PAID_MEANWHILE');
      const none: RefundFacts = { mode: 'none', amount: 0, unpaid: true };
      const l = await db.transaction((tx) => recordCancellation(tx, mail, row.id, cancelWith(none)));
      return finish(l, m.canceledUnpaid);
    }
    const paid = order?.status === 'paid';
    const none: RefundFacts = { mode: 'none', amount: 0, unpaid: !paid };
    const l = await db.transaction((tx) => recordCancellation(tx, mail, row.id, cancelWith(none)));
    return finish(l, paid ? m.canceledNoRefund : m.canceledUnpaid);
  }

  // Self-managed: the money (if any) went to the organizer's account; a refund is theirs to pay back.
  // A proof awaiting verification may be real money too.
  const paid = row.status === 'confirmed' || row.status === 'awaiting_verification';
  const refund: RefundFacts = paid && input.refund ? { mode: 'manual', amount: row.eventFee, unpaid: false } : { mode: 'none', amount: 0, unpaid: !paid };
  const l = await db.transaction((tx) => recordCancellation(tx, mail, row.id, cancelWith(refund)));
  return finish(l, refund.mode === 'manual' ? m.canceledManual(refund.amount) : paid ? m.canceledNoRefund : m.canceledUnpaid);
}

/**
 * Marks a manual refund as paid back (the 'refund manual' list). Who pays it back settles it
 * (decision 035): a refund of an order (a bank transfer Derap collected) is Derap's money,
 * so only an admin settles it; a self-managed one is the organizer's (an admin may record it too).
 * Settling only ever moves the amount from "owed" to "returned" in the ledger.
 */
export async function settleManualRefund(db: Db, user: UserRow, found: FoundRegistration): Promise<RegistrationJson> {
  const [current] = await db
    .select({ orderId: runnerRegistrations.orderId, refundMode: runnerRegistrations.refundMode })
    .from(runnerRegistrations)
    .where(eq(runnerRegistrations.id, found.id));
  if (!current || current.refundMode !== 'manual') throw conflict(m.refundNotManual, 'NOT_MANUAL_REFUND');
  // Paid through an order: the money went to Derap (the manual list's `platform`); without one, to the organizer.
  if (current.orderId !== null && user.role !== 'admin') throw forbidden(m.refundOwedByDerap);
  const [row] = await db
    .update(runnerRegistrations)
    .set({
      refundSettledAt: sql`coalesce(${runnerRegistrations.refundSettledAt}, now())`,
      refundSettledBy: sql`coalesce(${runnerRegistrations.refundSettledBy}, ${user.id}::uuid)`,
      paymentStatus: 'refunded',
      updatedAt: new Date(),
    })
    .where(and(eq(runnerRegistrations.id, found.id), eq(runnerRegistrations.refundMode, 'manual')))
    .returning({ id: runnerRegistrations.id });
  if (!row) throw conflict(m.refundNotManual, 'NOT_MANUAL_REFUND');
  return json((await load(db, found.id))!);
}

/* ------------------------------------------------------------------ resend */

/**
 * Sends the confirmation mail (with the QR code) again, for a confirmed registration, at most
 * RESEND_PER_HOUR times an hour whoever asks (counted in the outbox, so across servers).
 */
export async function resendConfirmation(deps: Pick<ManagementDeps, 'db' | 'mail'>, found: FoundRegistration, now: Date = new Date()) {
  const { db, mail } = deps;
  const current = await load(db, found.id);
  if (!current || !paidStatuses.includes(current.row.status)) throw conflict(m.resendNotConfirmed, 'NOT_CONFIRMED');
  const prefix = resendTopicPrefix(current.row);
  if ((await countMailsSince(db, prefix, new Date(now.getTime() - 3_600_000))) >= RESEND_PER_HOUR) throw new AppError('too_many', m.resendTooOften, 'RESEND_LIMIT');
  const message = await confirmationMail(current.row, current.event, current.category);
  await mail.enqueue({ ...message, topic: `${prefix}${now.getTime()}` });
  mail.kick();
  return { message: m.resent(current.row.email), sentTo: current.row.email };
}

/* ------------------------------------------------------------------ corrections */

function uniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

/**
 * Corrects the runner's contact and race details (validated by the registration form's rules before
 * this is called) and writes one audit row per field that really changed, in one transaction.
 */
export async function correctRegistration(
  db: Db,
  user: UserRow,
  found: FoundRegistration,
  input: RegistrationCorrection,
): Promise<{ registration: RegistrationJson; changes: number; message: string }> {
  try {
    return await db.transaction(async (tx) => {
      const current = await load(tx, found.id, true);
      if (!current) throw notFound();
      const changes: { field: (typeof correctableFields)[number]; oldValue: string; newValue: string }[] = [];
      for (const field of correctableFields) {
        const next = input[field];
        if (next === undefined) continue;
        const before = current.row[field];
        if (String(next) !== before) changes.push({ field, oldValue: before, newValue: String(next) });
      }
      if (changes.length === 0) return { registration: json(current), changes: 0, message: m.noChanges };
      const set: Partial<typeof runnerRegistrations.$inferInsert> = { updatedAt: new Date() };
      for (const c of changes) (set as Record<string, unknown>)[c.field] = c.newValue;
      if (set.email) set.emailKey = emailKey(set.email);
      const [row] = await tx.update(runnerRegistrations).set(set).where(eq(runnerRegistrations.id, found.id)).returning();
      await tx.insert(registrationChanges).values(
        changes.map((c) => ({ registrationRef: found.id, changedBy: user.id, changedByName: user.name, ...c })),
      );
      return { registration: json({ ...current, row: row! }), changes: changes.length, message: m.corrected(changes.length) };
    });
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(m.emailInUse, 'EMAIL_IN_USE');
    throw err;
  }
}

export async function registrationHistory(db: Db, found: FoundRegistration): Promise<RegistrationChange[]> {
  const rows = await db
    .select()
    .from(registrationChanges)
    .where(eq(registrationChanges.registrationRef, found.id))
    .orderBy(desc(registrationChanges.changedAt), desc(registrationChanges.id));
  return rows.map((r) => ({
    _id: r.id,
    field: r.field as RegistrationChange['field'],
    oldValue: r.oldValue,
    newValue: r.newValue,
    changedAt: r.changedAt.toISOString(),
    changedBy: { _id: r.changedBy, name: r.changedByName },
  }));
}

/* ------------------------------------------------------------------ cancel an event */

/**
 * Cancels an event for its organizer or an admin: status `dibatalkan` with the notice, and the job
 * that ends every active registration (refunds, manual list, mails) queued in the same transaction,
 * once per event. Canceling again answers the cancellation as it stands.
 */
export async function cancelEvent(
  deps: Pick<ManagementDeps, 'db'> & { enqueue: (tx: Db, eventRef: string) => Promise<unknown> },
  user: UserRow,
  key: string,
  notice: string,
): Promise<EventCancellation> {
  const event = await findManagedEvent(deps.db, user, key);
  await deps.db.transaction(async (tx) => {
    const status = await lockEventStatus(tx, event.id);
    if (status === 'dibatalkan') return;
    if (!cancelableEventStatuses.includes(status!)) throw conflict(m.eventAlreadyCanceled, 'EVENT_CANCELED');
    await markEventCanceled(tx, event.id, { by: user.id, notice, now: new Date() });
    await deps.enqueue(tx, event.id);
  });
  return eventCancellationState(deps.db, event.id);
}

/** Ends one active registration of a canceled event; safe to repeat (each step claims by status). */
async function cancelForEvent(deps: ManagementDeps, event: EventRow, id: string): Promise<'refunded' | 'done'> {
  const { db, payments, mail, publicUrl } = deps;
  const current = await load(db, id);
  if (!current || current.row.canceledAt || !activeStatuses.includes(current.row.status)) return 'done';
  const notice = event.cancelNotice ?? '';
  const record = (refund: RefundFacts): CancelRecord => ({
    by: null,
    reason: notice,
    refund,
    mail: (l) => eventCanceledMail(l.row, l.event, l.category, { notice, refund, publicUrl }),
  });
  const { row } = current;
  if (row.orderId) {
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    if (order && (order.status === 'pending' || order.status === 'failed')) {
      // Paid at the last second: refunded on the next pass of this loop (the caller repeats).
      if ((await payments.cancelOpenOrder(order.id)) === 'paid') return cancelForEvent(deps, event, id);
    }
    const [now] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    if (now?.status === 'paid' && !refundableThroughGateway(now.paymentType)) {
      // Paid by bank transfer: the gateway cannot send it back; Derap's admin refunds it by hand.
      await db.transaction((tx) => recordCancellation(tx, mail, id, record({ mode: 'manual', amount: now.amount, unpaid: false })));
      return 'done';
    }
    if (now?.status === 'paid') {
      // A canceled event refunds everything, Derap's admin fee included (decision 021).
      const refund: RefundFacts = { mode: 'gateway', amount: now.amount, unpaid: false };
      await payments.refundOrder(now.id, {
        amount: now.amount,
        reason: `Event dibatalkan: ${notice}`,
        inTransaction: async (tx) => void (await recordCancellation(tx, mail, id, record(refund))),
      });
      return 'refunded';
    }
    const paid = now?.status === 'refunded';
    await db.transaction((tx) => recordCancellation(tx, mail, id, record({ mode: 'none', amount: 0, unpaid: !paid })));
    return 'done';
  }
  const paid = row.status === 'confirmed' || row.status === 'racepack_collected' || row.status === 'awaiting_verification';
  const refund: RefundFacts = paid ? { mode: 'manual', amount: row.paymentAmount, unpaid: false } : { mode: 'none', amount: 0, unpaid: true };
  await db.transaction((tx) => recordCancellation(tx, mail, id, record(refund)));
  return 'done';
}

/**
 * The cancellation job's work: every registration of a canceled event still active is ended, one
 * transaction each, so a crash loses nothing and a re-run (the job's retry, or another server after
 * the lease) continues where it stopped without refunding or mailing anyone twice. Refunds the
 * gateway refuses are left active and make the run fail, so the job retries them with backoff.
 */
export async function runEventCancellation(deps: ManagementDeps, eventRef: string): Promise<{ processed: number; failed: number }> {
  const { db, log } = deps;
  const [event] = await db.select().from(events).where(eq(events.id, eventRef));
  if (!event || event.status !== 'dibatalkan') return { processed: 0, failed: 0 };
  const active = await db
    .select({ id: runnerRegistrations.id })
    .from(runnerRegistrations)
    .where(and(eq(runnerRegistrations.eventRef, eventRef), inArray(runnerRegistrations.status, activeStatuses), isNull(runnerRegistrations.canceledAt)))
    .orderBy(asc(runnerRegistrations.createdAt), asc(runnerRegistrations.id));
  let processed = 0;
  let failed = 0;
  let lastError = '';
  for (const { id } of active) {
    try {
      await cancelForEvent(deps, event, id);
      processed++;
    } catch (err) {
      failed++;
      lastError = err instanceof Error ? err.message : String(err);
      log.warn({ err, registration: id, event: eventRef }, 'event cancellation: a registration could not be ended yet');
    }
  }
  if (processed > 0) deps.mail.kick();
  if (failed > 0) throw new Error(`${failed} pendaftaran belum dapat dibatalkan: ${lastError}`);
  return { processed, failed };
}

/** What a cancellation would do (before) and how far it got (after), with the 'refund manual' list. */
export async function eventCancellationState(db: Db, eventRef: string): Promise<EventCancellation> {
  const [event] = await db.select().from(events).where(eq(events.id, eventRef));
  if (!event) throw notFound('Event tidak ditemukan.');
  const r = runnerRegistrations;
  const paid = sql`${r.status} in ('confirmed', 'racepack_collected')`;
  // Refunded through the gateway: a platform order of a refundable payment type; everything else paid is settled by hand.
  const automatic = sql`${paid} and ${r.orderId} is not null and (${orders.paymentType} is null or ${orders.paymentType} in (${sql.join(
    gatewayRefundablePaymentTypes.map((t) => sql`${t}`),
    sql`, `,
  )}))`;
  const byHand = sql`(${r.status} in ('confirmed', 'racepack_collected', 'awaiting_verification')) and not (${automatic})`;
  const [sums] = await db
    .select({
      platformCount: sql<number>`(count(*) filter (where ${automatic}))::float8`,
      platformAmount: sql<number>`coalesce(sum(${r.paymentAmount}) filter (where ${automatic}), 0)::float8`,
      manualCount: sql<number>`(count(*) filter (where ${byHand}))::float8`,
      manualAmount: sql<number>`coalesce(sum(${r.paymentAmount}) filter (where ${byHand}), 0)::float8`,
      unpaid: sql<number>`(count(*) filter (where ${r.status} = 'pending'))::float8`,
      remaining: sql<number>`(count(*) filter (where ${r.status} in ('pending', 'awaiting_verification', 'confirmed', 'racepack_collected')))::float8`,
      refundedCount: sql<number>`(count(*) filter (where ${r.refundMode} = 'gateway' and ${r.canceledBy} is null))::float8`,
      refundedAmount: sql<number>`coalesce(sum(${r.refundAmount}) filter (where ${r.refundMode} = 'gateway' and ${r.canceledBy} is null), 0)::float8`,
    })
    .from(r)
    .leftJoin(orders, eq(orders.id, r.orderId))
    .where(eq(r.eventRef, eventRef));
  const [failedRefunds] = await db
    .select({ n: count() })
    .from(orderRefunds)
    .innerJoin(r, eq(r.orderId, orderRefunds.orderId))
    .where(and(eq(r.eventRef, eventRef), eq(orderRefunds.status, 'failed')));
  const manual = await db
    .select({ row: r, categoryName: eventCategories.name })
    .from(r)
    .innerJoin(eventCategories, eq(eventCategories.id, r.categoryRef))
    .where(and(eq(r.eventRef, eventRef), eq(r.refundMode, 'manual'), isNotNull(r.canceledAt)))
    .orderBy(asc(r.refundSettledAt), asc(r.fullName))
    .limit(5000);
  let progress: EventCancellation['progress'] = null;
  if (event.status === 'dibatalkan') {
    const job = await oneOffJobState(db, CANCEL_EVENT_JOB, eventRef);
    const remaining = Number(sums?.remaining ?? 0);
    progress = {
      state: remaining === 0 ? 'done' : job?.status === 'failed' ? 'failed' : 'running',
      remaining,
      refunded: { count: Number(sums?.refundedCount ?? 0), amount: Number(sums?.refundedAmount ?? 0) },
      failedRefunds: Number(failedRefunds?.n ?? 0),
      lastError: remaining === 0 ? null : (job?.lastError ?? null),
    };
  }
  return {
    event: {
      _id: event.id,
      name: event.name,
      status: event.status,
      paymentType: event.paymentType,
      canceledAt: event.canceledAt ? event.canceledAt.toISOString() : null,
      notice: event.cancelNotice,
    },
    summary: {
      platformPaid: { count: Number(sums?.platformCount ?? 0), amount: Number(sums?.platformAmount ?? 0) },
      manualPaid: { count: Number(sums?.manualCount ?? 0), amount: Number(sums?.manualAmount ?? 0) },
      unpaid: { count: Number(sums?.unpaid ?? 0) },
    },
    progress,
    manualRefunds: manual.map(({ row, categoryName }) => ({
      platform: row.orderId !== null,
      _id: row.id,
      registrationId: row.registrationId,
      fullName: row.fullName,
      email: row.email,
      phone: row.phone,
      categoryName,
      status: row.status,
      amount: row.refundAmount ?? 0,
      settledAt: row.refundSettledAt ? row.refundSettledAt.toISOString() : null,
    })),
  };
}

