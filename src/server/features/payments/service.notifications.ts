/**
 * Gateway notifications (the webhook): a verified one moves its order once, as the gateway's status
 * API confirms it, under a row lock never held across HTTP; each is kept in a bounded audit trail,
 * and a rejected one is only counted.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { nextOrderStatus } from '../../../domain/payments/payments';
import { GatewayError, NotificationRejected, type GatewayTransaction, type RejectionReason, type VerifiedNotification } from '../../adapters/payments/port';
import type { Db } from '../../db/client';
import { orders, paymentNotificationRejections, paymentNotifications, type OrderRow } from '../../db/schema/payments';
import { AppError } from '../../app-error';
import { paymentMessages, type PaymentContext } from './service.context';

/** Where gateways send their HTTP notifications. */
export const NOTIFICATION_PATH = '/api/payments/notification';

/** A verified body larger than this is stored as a summary of its known fields (Midtrans sends ~1 KB). */
export const NOTIFICATION_BODY_MAX_BYTES = 8 * 1024;
/** Rejected notifications are counted per hour, sender, reason and targeted order. */
const REJECTION_WINDOW_MS = 60 * 60 * 1000;
/** An identical notification the gateway did not confirm is put to it again only after this long. */
export const RECONFIRM_AFTER_MS = 60_000;
/** How long rejection summaries are kept. */
export const REJECTION_RETENTION_DAYS = 90;

/** What the webhook did with a verified notification (rejected ones are counted elsewhere). */
export type NotificationOutcome =
  /** The order changed, as the gateway's status API confirmed. */
  | 'applied'
  | 'duplicate'
  | 'ignored_transition'
  | 'late_payment'
  | 'unknown_order'
  | 'unknown_status'
  | 'gateway_mismatch'
  /** The notification's or the status API's amount differs from the order (400). */
  | 'amount_mismatch'
  /** The status API does not confirm the change the notification claims (409). */
  | 'unconfirmed'
  /** The status API could not be asked or gave an unusable answer (503, the gateway retries). */
  | 'confirmation_failed'
  /** A fulfilment hook (or the database) failed; nothing changed (503). */
  | 'error';

export interface NotificationResult {
  outcome: NotificationOutcome;
  order: OrderRow | null;
  /** The gateway's own status, when its status API was asked. */
  confirmedStatus?: string | null;
}

/** Who sent a notification, for the rejection summary. */
export interface NotificationSource {
  /** The sender's address as the rate limit sees it (IPv4, or the IPv6 /64). */
  sender?: string | null;
  /** The body's size as received (Content-Length), when known. */
  bytes?: number;
}

/** PostgreSQL text and jsonb cannot hold NUL; anyone may post anything to the webhook. */
export const storable = (value: string) => value.replaceAll('\u0000', '');

function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storableJson(v)]));
  }
  return value;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const clip = (value: unknown, max: number): string | null => (typeof value === 'string' ? storable(value).slice(0, max) : null);

/** The fields support needs from a Midtrans notification, when its whole body is too large to keep. */
const summaryFields = ['order_id', 'transaction_status', 'status_code', 'gross_amount', 'fraud_status', 'payment_type', 'transaction_id', 'transaction_time', 'settlement_time', 'status_message'];

/** A verified body as stored: whole when small, else its known fields plus its size and hash. */
export function boundedBody(body: unknown): unknown {
  const serialized = JSON.stringify(body ?? {});
  const bytes = Buffer.byteLength(serialized);
  if (bytes <= NOTIFICATION_BODY_MAX_BYTES) return storableJson(body ?? {});
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const kept = Object.fromEntries(summaryFields.map((k) => [k, clip(b[k], 200)]).filter(([, v]) => v !== null));
  return { ...kept, _truncated: { bytes, sha256: sha256(serialized) } };
}

/**
 * Adds a verified notification to the audit trail: a new entry, or one more to the count of the
 * same (order, outcome, claimed status, confirmed status), so replays cannot grow the table.
 */
async function logNotification(
  { gateway }: PaymentContext,
  executor: Db,
  entry: {
    orderRef: string;
    orderId: string | null;
    outcome: NotificationOutcome;
    transactionStatus: string;
    confirmedStatus?: string | null;
    body: unknown;
  },
) {
  const lastBodySha256 = sha256(JSON.stringify(entry.body ?? null));
  const orderRef = storable(entry.orderRef).slice(0, 200);
  const transactionStatus = storable(entry.transactionStatus).slice(0, 100);
  const confirmedStatus = entry.confirmedStatus ? storable(entry.confirmedStatus).slice(0, 100) : null;
  await executor
    .insert(paymentNotifications)
    .values({
      gateway: gateway.name,
      orderRef,
      orderId: entry.orderId,
      verified: true,
      outcome: entry.outcome,
      transactionStatus,
      confirmedStatus,
      body: boundedBody(entry.body),
      lastBodySha256,
      dedupKey: [gateway.name, orderRef, entry.outcome, transactionStatus, confirmedStatus ?? '-'].join('|'),
    })
    .onConflictDoUpdate({
      target: paymentNotifications.dedupKey,
      set: {
        count: sql`${paymentNotifications.count} + 1`,
        lastReceivedAt: sql`now()`,
        lastBodySha256,
        orderId: sql`coalesce(excluded.order_id, ${paymentNotifications.orderId})`,
      },
    });
}

/**
 * Counts a rejected notification: one row per hour, sender, reason and targeted order (refs that
 * name none of ours share one row), holding the latest claims, size and hash — never the body.
 */
async function recordRejection({ db, gateway }: PaymentContext, body: unknown, reason: RejectionReason, source: NotificationSource) {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const claimedRef = clip(b.order_id, 64);
  const serialized = JSON.stringify(body ?? null);
  const bodyBytes = Math.min(source.bytes ?? Buffer.byteLength(serialized), 2_147_483_647);
  const [target] =
    claimedRef && claimedRef.length > 0
      ? await db.select({ id: orders.id }).from(orders).where(eq(orders.gatewayRef, claimedRef))
      : [];
  const now = Date.now();
  const windowStart = new Date(now - (now % REJECTION_WINDOW_MS));
  const sender = storable(source.sender ?? 'unknown').slice(0, 64);
  const latest = {
    claimedOrderRef: claimedRef,
    claimedStatus: clip(b.transaction_status, 40),
    claimedStatusCode: clip(b.status_code, 8),
    bodyBytes,
    bodySha256: sha256(serialized),
  };
  await db
    .insert(paymentNotificationRejections)
    .values({
      key: [windowStart.toISOString(), sender, reason, target?.id ?? '-'].join('|'),
      gateway: gateway.name,
      windowStart,
      sender,
      reason,
      orderId: target?.id ?? null,
      ...latest,
    })
    .onConflictDoUpdate({
      target: paymentNotificationRejections.key,
      set: { ...latest, count: sql`${paymentNotificationRejections.count} + 1`, lastAt: sql`now()` },
    });
}

/** Whether a notification claims a change to `order` (so the gateway must confirm it first). */
function claimsChange({ gateway }: PaymentContext, order: OrderRow, n: VerifiedNotification): boolean {
  return order.gateway === gateway.name && n.grossAmount === order.amount && n.status !== null && nextOrderStatus(order.status, n.status) !== null;
}

/**
 * Moves one locked order inside `tx`. The notification only triggers it: a change is applied as
 * the gateway's status API reported it (`confirmed`, fetched before the lock; undefined = not
 * asked), never as the notification claims, since Midtrans does not sign the claimed status.
 */
async function applyNotification(
  { gateway, hooks }: PaymentContext,
  tx: Db,
  n: VerifiedNotification,
  confirmed: GatewayTransaction | null | undefined,
): Promise<NotificationResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.gatewayRef, n.orderRef)).for('update');
  if (!order) return { outcome: 'unknown_order', order: null };
  if (order.gateway !== gateway.name) return { outcome: 'gateway_mismatch', order };
  if (n.grossAmount !== order.amount) return { outcome: 'amount_mismatch', order };
  if (n.status === null) return { outcome: 'unknown_status', order };
  if (!nextOrderStatus(order.status, n.status)) {
    if (order.status === n.status) return { outcome: 'duplicate', order };
    const late = n.status === 'paid' && (order.status === 'expired' || order.status === 'canceled');
    return { outcome: late ? 'late_payment' : 'ignored_transition', order };
  }
  // The order moved since we looked, so this change was not confirmed: the gateway's retry will be.
  if (confirmed === undefined) return { outcome: 'confirmation_failed', order };
  const confirmedStatus = confirmed?.gatewayStatus ?? null;
  if (!confirmed || confirmed.status === null) return { outcome: 'unconfirmed', order, confirmedStatus };
  if (confirmed.grossAmount !== order.amount) return { outcome: 'amount_mismatch', order, confirmedStatus };
  // What the gateway says, even when it differs from the claim (e.g. settled meanwhile).
  const next = nextOrderStatus(order.status, confirmed.status);
  if (!next) return { outcome: 'unconfirmed', order, confirmedStatus };
  const paymentType = confirmed.paymentType ?? n.paymentType;
  const transactionId = confirmed.transactionId ?? n.transactionId;
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({
      status: next,
      updatedAt: now,
      ...(next === 'paid' ? { paidAt: now } : {}),
      ...(paymentType ? { paymentType } : {}),
      ...(transactionId ? { gatewayTransactionId: transactionId } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  await hooks.run(tx, order.status, updated!);
  return { outcome: 'applied', order: updated!, confirmedStatus };
}

/**
 * Applies what the gateway's status API says about an order, without a notification (the expiry
 * sweep's reconciliation): the same checks and hooks, logged with the answer as its body.
 */
export async function reconcileOrder(ctx: PaymentContext, orderRef: string): Promise<NotificationResult | null> {
  const { db, gateway } = ctx;
  const confirmed = await gateway.getTransactionStatus(orderRef);
  if (!confirmed) return null;
  return db.transaction(async (tx) => {
    const r = await applyNotification(ctx, tx, confirmed, confirmed);
    await logNotification(ctx, tx, {
      orderRef,
      orderId: r.order?.id ?? null,
      outcome: r.outcome,
      transactionStatus: confirmed.gatewayStatus,
      confirmedStatus: confirmed.gatewayStatus,
      body: { source: 'status_api', ...confirmed },
    });
    return r;
  });
}

/**
 * The webhook: verify (signature, status code), confirm a claimed change with the gateway's status
 * API, then move the order forward once. `findOrderByRef` is the service's own (the first look,
 * taken before any lock).
 */
export async function handleNotification(
  ctx: PaymentContext,
  findOrderByRef: (ref: string) => Promise<OrderRow | null>,
  body: unknown,
  source: NotificationSource = {},
): Promise<NotificationResult> {
  const { db, gateway, log } = ctx;
  let verified: VerifiedNotification;
  try {
    verified = await gateway.verifyNotification(body);
  } catch (err) {
    if (!(err instanceof NotificationRejected)) throw err;
    const raw = body as Record<string, unknown> | null;
    log.warn({ orderRef: clip(raw?.order_id, 64), reason: err.reason, sender: source.sender }, 'payment notification rejected');
    await recordRejection(ctx, body, err.reason, source).catch((logErr: unknown) => log.error({ err: logErr }, 'could not count a rejected payment notification'));
    if (err.reason === 'forged') throw new AppError('unauthenticated', err.message, 'INVALID_SIGNATURE');
    if (err.reason === 'status_code_mismatch') throw new AppError('invalid', err.message, 'STATUS_CODE_MISMATCH');
    throw new AppError('invalid', err.message, 'INVALID_NOTIFICATION');
  }

  const logEntry = (r: NotificationResult) => ({
    orderRef: verified.orderRef,
    orderId: r.order?.id ?? null,
    outcome: r.outcome,
    transactionStatus: verified.gatewayStatus,
    confirmedStatus: r.confirmedStatus ?? null,
    body,
  });
  const logOutside = (r: NotificationResult) =>
    logNotification(ctx, db, logEntry(r)).catch((logErr: unknown) => log.error({ err: logErr }, 'could not log a payment notification'));

  // A claimed change is first put to the gateway's status API, with no lock held over HTTP; the
  // decision is made again under the lock below.
  let confirmed: GatewayTransaction | null | undefined;
  const current = await findOrderByRef(verified.orderRef);
  if (current && claimsChange(ctx, current, verified)) {
    // The very same body, refused within the last minute, gets the same answer without asking
    // again, so a replay flood does not become one on the gateway's API. Keyed by the body, so a
    // replay can never hold back a genuine notification (another body); Midtrans' own retries
    // of a body come minutes apart.
    const [recent] = await db
      .select({ outcome: paymentNotifications.outcome, confirmedStatus: paymentNotifications.confirmedStatus })
      .from(paymentNotifications)
      .where(
        and(
          eq(paymentNotifications.orderId, current.id),
          eq(paymentNotifications.lastBodySha256, sha256(JSON.stringify(body ?? null))),
          inArray(paymentNotifications.outcome, ['unconfirmed', 'confirmation_failed']),
          gt(paymentNotifications.lastReceivedAt, new Date(Date.now() - RECONFIRM_AFTER_MS)),
        ),
      )
      .orderBy(desc(paymentNotifications.lastReceivedAt))
      .limit(1);
    if (recent) {
      const outcome = recent.outcome as 'unconfirmed' | 'confirmation_failed';
      await logOutside({ outcome, order: current, confirmedStatus: recent.confirmedStatus });
      if (outcome === 'unconfirmed') throw new AppError('conflict', paymentMessages.notConfirmed, 'NOTIFICATION_NOT_CONFIRMED');
      throw new AppError('unavailable', paymentMessages.retry, 'NOTIFICATION_RETRY');
    }
    try {
      confirmed = await gateway.getTransactionStatus(verified.orderRef);
    } catch (err) {
      log.warn({ err, detail: err instanceof GatewayError ? err.detail : undefined, orderRef: verified.orderRef }, 'payment status could not be confirmed; the gateway will retry');
      await logOutside({ outcome: 'confirmation_failed', order: current });
      throw new AppError('unavailable', paymentMessages.retry, 'NOTIFICATION_RETRY');
    }
  }

  let result: NotificationResult;
  try {
    result = await db.transaction(async (tx) => {
      const r = await applyNotification(ctx, tx, verified, confirmed);
      await logNotification(ctx, tx, logEntry(r));
      return r;
    });
  } catch (err) {
    // A fulfilment hook (or the database) failed: nothing was changed. 503 makes the gateway retry.
    log.error({ err, orderRef: verified.orderRef }, 'payment notification could not be applied');
    await logOutside({ outcome: 'error', order: current, confirmedStatus: confirmed?.gatewayStatus ?? null });
    throw new AppError('unavailable', paymentMessages.retry, 'NOTIFICATION_RETRY');
  }

  const { outcome, order } = result;
  const context = { orderRef: verified.orderRef, outcome, gatewayStatus: verified.gatewayStatus, confirmedStatus: result.confirmedStatus };
  if (outcome === 'late_payment') {
    log.error({ orderId: order?.id, ...context }, 'payment settled for a closed order: refund it by hand');
  } else if (outcome === 'unconfirmed' || outcome === 'amount_mismatch') {
    log.warn(context, 'payment notification refused: the gateway does not confirm it');
  } else if (outcome !== 'applied' && outcome !== 'duplicate') {
    log.warn(context, 'payment notification ignored');
  }
  if (outcome === 'amount_mismatch') throw new AppError('invalid', paymentMessages.amountMismatch, 'AMOUNT_MISMATCH');
  if (outcome === 'unconfirmed') throw new AppError('conflict', paymentMessages.notConfirmed, 'NOTIFICATION_NOT_CONFIRMED');
  if (outcome === 'confirmation_failed') throw new AppError('unavailable', paymentMessages.retry, 'NOTIFICATION_RETRY');
  return result;
}

/** Deletes rejection summaries older than REJECTION_RETENTION_DAYS; returns how many. */
export async function pruneRejectedNotifications({ db }: PaymentContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REJECTION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(paymentNotificationRejections)
    .where(lt(paymentNotificationRejections.lastAt, before))
    .returning({ id: paymentNotificationRejections.id });
  return deleted.length;
}
