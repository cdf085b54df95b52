import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isOpenOrder,
  isPaymentOptionKey,
  nextOrderStatus,
  openOrderStatuses,
  type OrderKind,
  type OrderStatus,
  type PaymentOptionKey,
} from '../../../domain/payments/payments';
import {
  GatewayError,
  NotificationRejected,
  type CreateTransactionInput,
  type GatewayTransaction,
  type PaymentGateway,
  type RejectionReason,
  type VerifiedNotification,
} from '../../adapters/payments/port';
import type { Db } from '../../db/client';
import { orderRefunds, orders, paymentNotificationRejections, paymentNotifications, type OrderRefundRow, type OrderRow } from '../../db/schema/payments';
import { AppError, badRequest, conflict, notFound } from '../../app-error';

/**
 * The payment module (DESIGN.md §5). An order's status changes only here: through a verified
 * gateway notification whose change the gateway's status API confirms (idempotent, out-of-order
 * safe, under a row lock never held across HTTP) or the expiry sweep. The feature that owns an
 * order's kind grants what it pays for in the same transaction, through the hooks it registers at
 * start-up.
 */

/** Runs inside the transaction that changes the order; `tx` is that transaction. Throwing rolls it back. */
export type OrderHook = (tx: Db, order: OrderRow) => Promise<void>;

/** Where gateways send their HTTP notifications. */
export const NOTIFICATION_PATH = '/api/payments/notification';

export const MAX_AMOUNT = 2_000_000_000;
export const MAX_EXPIRY_MINUTES = 7 * 24 * 60;
const DESCRIPTION_MAX = 200;
const SWEEP_BATCH = 200;
/** A verified body larger than this is stored as a summary of its known fields (Midtrans sends ~1 KB). */
export const NOTIFICATION_BODY_MAX_BYTES = 8 * 1024;
/** Rejected notifications are counted per hour, sender, reason and targeted order. */
const REJECTION_WINDOW_MS = 60 * 60 * 1000;
/** An identical notification the gateway did not confirm is put to it again only after this long. */
export const RECONFIRM_AFTER_MS = 60_000;
/** How long rejection summaries are kept. */
export const REJECTION_RETENTION_DAYS = 90;

export const paymentMessages = {
  gatewayFailed: 'Gagal memulai pembayaran. Layanan pembayaran sedang bermasalah, silakan coba lagi beberapa saat lagi.',
  invalidAmount: 'Jumlah pembayaran tidak valid.',
  invalidDescription: 'Keterangan pembayaran wajib diisi.',
  invalidPaymentOption: 'Metode pembayaran tidak dikenal.',
  invalidExpiry: 'Batas waktu pembayaran tidak valid.',
  invalidFinishUrl: 'Alamat kembali setelah pembayaran tidak valid.',
  amountMismatch: 'Jumlah pembayaran tidak sesuai dengan pesanan.',
  notConfirmed: 'Status pembayaran pada notifikasi tidak dikonfirmasi oleh layanan pembayaran.',
  retry: 'Notifikasi belum dapat diproses. Silakan kirim ulang.',
} as const;

export const refundMessages = {
  orderNotFound: 'Pesanan pembayaran tidak ditemukan.',
  notPaid: 'Pembayaran ini belum lunas atau sudah ditutup: tidak ada dana yang dapat dikembalikan.',
  invalidAmount: 'Jumlah pengembalian dana tidak valid.',
  gatewayFailed:
    'Pengembalian dana gagal: layanan pembayaran menolak atau tidak dapat dihubungi. Belum ada yang berubah; silakan coba lagi beberapa saat lagi.',
  cancelFailed: 'Pembayaran yang masih terbuka belum dapat ditutup di layanan pembayaran. Belum ada yang berubah; silakan coba lagi.',
} as const;

/** The refund key of an order at the gateway: one refund per order, so a retry can never be a second refund. */
export const refundKeyOf = (order: Pick<OrderRow, 'gatewayRef'>) => `${order.gatewayRef}-RF`;

/** How long a pressed-again 'Bayar' gets the same open checkout back instead of a second order. */
export const REUSE_OPEN_ORDER_MS = 30 * 60 * 1000;

/**
 * The caller's open checkout for the same thing, started within REUSE_OPEN_ORDER_MS and not
 * expired: a second click (or a second tab) gets it back rather than a second order to pay.
 * `same` tells, from the order's metadata, whether it buys exactly what is asked now.
 */
export async function findReusableOrder(
  db: Db,
  q: { userId: string; kind: OrderKind; amount: number; now: Date; same: (order: OrderRow) => boolean },
): Promise<OrderRow | null> {
  const open = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, q.userId),
        eq(orders.kind, q.kind),
        eq(orders.amount, q.amount),
        eq(orders.status, 'pending'),
        gt(orders.createdAt, new Date(q.now.getTime() - REUSE_OPEN_ORDER_MS)),
        gt(orders.expiresAt, q.now),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
  return open.find((o) => !!o.paymentUrl && q.same(o)) ?? null;
}

export interface RefundOrderInput {
  /** Whole rupiah, 1..the order's amount. Only the first request's amount counts (a retry repeats it). */
  amount: number;
  reason: string;
  requestedBy?: string | null;
  /**
   * Runs in the transaction that marks the order refunded, after the kind's refund hook, whenever the
   * order ends refunded (also when a gateway notification refunded it first): must be idempotent.
   */
  inTransaction?: OrderHook;
}

export interface RefundedOrder {
  order: OrderRow;
  refund: OrderRefundRow;
  /** True when the order had been refunded already: no money moved now. */
  replayed: boolean;
}

/** What closing an unpaid order did: closed here, found paid at the gateway (applied), or already closed. */
export type CancelOpenOrderOutcome = 'canceled' | 'paid' | 'closed';

/** PostgreSQL text and jsonb cannot hold NUL; anyone may post anything to the webhook. */
const storable = (value: string) => value.replaceAll('\u0000', '');

function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storableJson(v)]));
  }
  return value;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const clip = (value: unknown, max: number): string | null => (typeof value === 'string' ? storable(value).slice(0, max) : null);

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

const refPrefix: Record<OrderKind, string> = { subscription: 'SUB', registration: 'REG', coach_package: 'CPK' };

/**
 * Our order id at the gateway: readable kind (or the caller's own number, so the payer sees the
 * same number at the checkout as on our pages), unguessable rest (it appears in the sandbox URL and
 * is the credential of the registration's payment state). At most 39 characters (Midtrans: 50).
 */
export function newOrderRef(kind: OrderKind, stem?: string): string {
  return `${stem ?? refPrefix[kind]}-${randomBytes(12).toString('hex')}`;
}

/** What an order reference's readable start may be: an id of ours such as `REG-7KQ2M4XW9B`. */
const refStemPattern = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

/** A stored order and what its gateway checkout needs (the customer is not kept on the order). */
export interface StoredOrder {
  order: OrderRow;
  checkout: CreateTransactionInput;
}

/**
 * How long a stored order may wait for its gateway checkout before the expiry sweep closes it: more
 * than the gateway adapter's request timeout (15 s), far less than a payment hold.
 */
export const OPENING_GRACE_MINUTES = 2;

export interface CreateOrderInput {
  kind: OrderKind;
  userId: string | null;
  /** Whole rupiah, > 0. */
  amount: number;
  /** What is bought, shown at the checkout (e.g. 'Derap Run 2027 — 10K'). */
  description: string;
  /** What the order pays for (ids the fulfilment hook needs). */
  metadata?: Record<string, unknown>;
  /** The readable start of the gateway's order id (e.g. the registration id); the kind's prefix when absent. */
  refStem?: string;
  /** Empty or absent: every method the gateway offers. */
  enabledPayments?: readonly string[];
  customer: { name: string; email: string; phone?: string | null };
  /** Where the payer returns: a path on our site or an absolute URL (http(s) or the app's scheme). */
  finishUrl: string;
  expiresInMinutes: number;
}

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

export interface PaymentService {
  readonly gateway: PaymentGateway;
  /**
   * Stores a pending order without a payment page yet, in `tx` when given (e.g. together with a slot
   * reservation). Call `openOrder` once that transaction has committed, never inside it: the gateway
   * call is HTTP. Until opened, the order expires after OPENING_GRACE_MINUTES (a crash in between).
   */
  storeOrder(input: CreateOrderInput, opts?: { tx?: Db }): Promise<StoredOrder>;
  /**
   * Opens a stored order's checkout at the gateway (outside any transaction) and gives it its page
   * and its full time. A gateway failure cancels the order, runs its kind's expiry hook (what it held
   * is freed) and throws 502 with paymentMessages.gatewayFailed.
   */
  openOrder(stored: StoredOrder): Promise<{ order: OrderRow; payment_url: string }>;
  /** storeOrder then openOrder, for a caller that holds nothing on the order (subscriptions). */
  createOrder(input: CreateOrderInput): Promise<{ order: OrderRow; payment_url: string }>;
  /**
   * The webhook: verify (signature, status code), confirm a claimed change with the gateway's
   * status API, then move the order forward once. Throws AppError 400/401/409/503.
   */
  handleNotification(body: unknown, source?: NotificationSource): Promise<NotificationResult>;
  /**
   * Expires open orders whose time is up, asking the gateway first; one the gateway says was paid
   * is applied from its status API instead. Returns the orders it expired.
   */
  expireStaleOrders(now?: Date): Promise<OrderRow[]>;
  /** Deletes rejection summaries older than REJECTION_RETENTION_DAYS; returns how many. */
  pruneRejectedNotifications(now?: Date): Promise<number>;
  /**
   * Grants what an order of `kind` pays for, when it becomes paid. One hook per kind: a second
   * registration throws (a wiring bug) unless `replace` says it is meant (tests).
   */
  registerFulfilment(kind: OrderKind, hook: OrderHook, opts?: { replace?: boolean }): void;
  /** Releases what an unpaid order of `kind` held (e.g. a slot), when it becomes expired or canceled. */
  registerOnExpired(kind: OrderKind, hook: OrderHook, opts?: { replace?: boolean }): void;
  /** Takes back what a paid order of `kind` granted, when the payment is refunded or voided (paid → refunded/canceled). */
  registerOnRefunded(kind: OrderKind, hook: OrderHook, opts?: { replace?: boolean }): void;
  findOrderByRef(ref: string): Promise<OrderRow | null>;
  /**
   * Sends money of a paid order back through its gateway (decision 021) and marks the order
   * `refunded` through the status path, so its kind's refund hook takes back what it granted. One
   * refund per order, keyed at the gateway: a replay (double click, a job re-run after a crash) never
   * refunds twice and answers `replayed`. A gateway refusal or outage throws 502 with nothing
   * changed (the attempt stays recorded as failed, and a retry repeats it with the same key and amount).
   */
  refundOrder(orderId: string, input: RefundOrderInput): Promise<RefundedOrder>;
  /**
   * Closes an open (unpaid) order now: the gateway is asked to expire it first; one it says was paid
   * meanwhile is applied from its status API ('paid'). Otherwise canceled with its kind's expiry hook
   * (what it held is freed). Throws 502 when the gateway cannot say.
   */
  cancelOpenOrder(orderId: string): Promise<CancelOpenOrderOutcome>;
}

export interface PaymentServiceDeps {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  /** URL schemes besides http(s) a finish URL may use (the mobile app's). */
  appSchemes?: readonly string[];
  log: FastifyBaseLogger;
}

export function createPaymentService(deps: PaymentServiceDeps): PaymentService {
  const { db, gateway, log } = deps;
  const fulfilments = new Map<OrderKind, OrderHook>();
  const expiries = new Map<OrderKind, OrderHook>();
  const refunds = new Map<OrderKind, OrderHook>();
  const allowedProtocols = new Set(['http:', 'https:', ...(deps.appSchemes ?? []).map((s) => `${s}:`)]);

  function resolveFinishUrl(value: string): string {
    let url: URL;
    try {
      url = new URL(value, `${deps.publicUrl}/`);
    } catch {
      throw badRequest(paymentMessages.invalidFinishUrl, 'INVALID_FINISH_URL');
    }
    if (!allowedProtocols.has(url.protocol)) throw badRequest(paymentMessages.invalidFinishUrl, 'INVALID_FINISH_URL');
    return url.href;
  }

  function validate(input: CreateOrderInput): { description: string; enabledPayments: PaymentOptionKey[]; finishUrl: string } {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > MAX_AMOUNT) {
      throw badRequest(paymentMessages.invalidAmount, 'INVALID_AMOUNT');
    }
    const description = input.description.trim().replace(/\s+/g, ' ').slice(0, DESCRIPTION_MAX);
    if (!description) throw badRequest(paymentMessages.invalidDescription, 'INVALID_DESCRIPTION');
    const enabledPayments: PaymentOptionKey[] = [];
    for (const key of input.enabledPayments ?? []) {
      if (!isPaymentOptionKey(key)) throw badRequest(paymentMessages.invalidPaymentOption, 'INVALID_PAYMENT_OPTION');
      if (!enabledPayments.includes(key)) enabledPayments.push(key);
    }
    if (input.refStem !== undefined && !refStemPattern.test(input.refStem)) throw new Error(`invalid order reference stem: ${input.refStem}`);
    if (!Number.isInteger(input.expiresInMinutes) || input.expiresInMinutes < 1 || input.expiresInMinutes > MAX_EXPIRY_MINUTES) {
      throw badRequest(paymentMessages.invalidExpiry, 'INVALID_EXPIRY');
    }
    return { description, enabledPayments, finishUrl: resolveFinishUrl(input.finishUrl) };
  }

  /**
   * Adds a verified notification to the audit trail: a new entry, or one more to the count of the
   * same (order, outcome, claimed status, confirmed status), so replays cannot grow the table.
   */
  async function logNotification(
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
  async function recordRejection(body: unknown, reason: RejectionReason, source: NotificationSource) {
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
  function claimsChange(order: OrderRow, n: VerifiedNotification): boolean {
    return order.gateway === gateway.name && n.grossAmount === order.amount && n.status !== null && nextOrderStatus(order.status, n.status) !== null;
  }

  /**
   * Moves one locked order inside `tx`. The notification only triggers it: a change is applied as
   * the gateway's status API reported it (`confirmed`, fetched before the lock; undefined = not
   * asked), never as the notification claims, since Midtrans does not sign the claimed status.
   */
  async function applyNotification(tx: Db, n: VerifiedNotification, confirmed: GatewayTransaction | null | undefined): Promise<NotificationResult> {
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
    await runHooks(tx, order.status, updated!);
    return { outcome: 'applied', order: updated!, confirmedStatus };
  }

  async function runHooks(tx: Db, previous: OrderStatus, order: OrderRow) {
    if (order.status === 'paid') {
      const fulfil = fulfilments.get(order.kind);
      // Still recorded as paid (the money is real); a missing hook is a wiring bug to fix and backfill.
      if (!fulfil) log.error({ orderId: order.id, kind: order.kind }, 'paid order has no fulfilment hook');
      else await fulfil(tx, order);
    } else if ((order.status === 'expired' || order.status === 'canceled') && isOpenOrder(previous)) {
      await expiries.get(order.kind)?.(tx, order);
    } else if ((order.status === 'refunded' || order.status === 'canceled') && previous === 'paid') {
      const refund = refunds.get(order.kind);
      if (!refund) log.warn({ orderId: order.id, kind: order.kind, status: order.status }, 'paid order taken back but its kind has no refund hook');
      else await refund(tx, order);
    }
  }

  /**
   * Applies what the gateway's status API says about an order, without a notification (the expiry
   * sweep's reconciliation): the same checks and hooks, logged with the answer as its body.
   */
  async function reconcileOrder(orderRef: string): Promise<NotificationResult | null> {
    const confirmed = await gateway.getTransactionStatus(orderRef);
    if (!confirmed) return null;
    return db.transaction(async (tx) => {
      const r = await applyNotification(tx, confirmed, confirmed);
      await logNotification(tx, {
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
   * The gateway did not open an order: it is canceled (claimed under its row lock, so once) and the
   * expiry hook of its kind frees what it held, e.g. a reserved slot.
   */
  async function cancelUnopened(orderId: string) {
    await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order || !isOpenOrder(order.status)) return;
      const [updated] = await tx.update(orders).set({ status: 'canceled', updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
      await runHooks(tx, order.status, updated!);
    });
  }

  const service: PaymentService = {
    gateway,

    registerFulfilment(kind, hook, opts = {}) {
      if (fulfilments.has(kind) && !opts.replace) throw new Error(`fulfilment for ${kind} is already registered`);
      fulfilments.set(kind, hook);
    },

    registerOnExpired(kind, hook, opts = {}) {
      if (expiries.has(kind) && !opts.replace) throw new Error(`expiry hook for ${kind} is already registered`);
      expiries.set(kind, hook);
    },

    registerOnRefunded(kind, hook, opts = {}) {
      if (refunds.has(kind) && !opts.replace) throw new Error(`refund hook for ${kind} is already registered`);
      refunds.set(kind, hook);
    },

    async findOrderByRef(ref) {
      const [order] = await db.select().from(orders).where(eq(orders.gatewayRef, ref));
      return order ?? null;
    },

    async storeOrder(input, opts = {}) {
      const executor = opts.tx ?? db;
      const { description, enabledPayments, finishUrl } = validate(input);
      const createdAt = new Date();
      const [order] = await executor
        .insert(orders)
        .values({
          kind: input.kind,
          userId: input.userId,
          amount: input.amount,
          gateway: gateway.name,
          gatewayRef: newOrderRef(input.kind, input.refStem),
          enabledPayments,
          description,
          metadata: input.metadata ?? {},
          finishUrl,
          // Until the gateway has opened it, the order only has OPENING_GRACE_MINUTES: if this process
          // dies before `openOrder` ends, the expiry sweep closes it and frees what it held.
          expiresAt: new Date(createdAt.getTime() + Math.min(OPENING_GRACE_MINUTES, input.expiresInMinutes) * 60_000),
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      return {
        order: order!,
        checkout: {
          orderRef: order!.gatewayRef,
          amount: order!.amount,
          description,
          itemId: input.kind,
          customer: input.customer,
          enabledPayments,
          finishUrl,
          createdAt,
          expiresInMinutes: input.expiresInMinutes,
        },
      };
    },

    async openOrder(stored) {
      const { order, checkout } = stored;
      let created;
      try {
        created = await gateway.createTransaction(checkout);
      } catch (err) {
        log.error({ err, detail: err instanceof GatewayError ? err.detail : undefined, orderId: order.id }, 'payment gateway refused a transaction');
        await cancelUnopened(order.id);
        throw new AppError('gateway', paymentMessages.gatewayFailed, 'PAYMENT_GATEWAY_ERROR');
      }
      // Only an order still open gets its page and its full time (the sweep may have closed it meanwhile).
      const [updated] = await db
        .update(orders)
        .set({
          paymentUrl: created.paymentUrl,
          checkoutToken: created.reference,
          expiresAt: new Date(checkout.createdAt.getTime() + checkout.expiresInMinutes * 60_000),
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, order.id), inArray(orders.status, [...openOrderStatuses])))
        .returning();
      if (!updated) {
        log.warn({ orderId: order.id }, 'order closed while the gateway opened it');
        throw new AppError('gateway', paymentMessages.gatewayFailed, 'PAYMENT_GATEWAY_ERROR');
      }
      return { order: updated, payment_url: created.paymentUrl };
    },

    async createOrder(input) {
      return service.openOrder(await service.storeOrder(input));
    },

    async refundOrder(orderId, input) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound(refundMessages.orderNotFound);
      const finish = async (refundId: string | null, replayed: boolean): Promise<RefundedOrder> =>
        db.transaction(async (tx) => {
          const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
          const [refund] = await tx
            .update(orderRefunds)
            .set({ status: 'succeeded', lastError: null, completedAt: sql`coalesce(${orderRefunds.completedAt}, now())`, ...(refundId ? { gatewayRefundId: refundId } : {}) })
            .where(eq(orderRefunds.orderId, orderId))
            .returning();
          let current: OrderRow = locked!;
          if (current.status === 'paid') {
            const [updated] = await tx.update(orders).set({ status: 'refunded', updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
            current = updated!;
            await runHooks(tx, 'paid', current);
          }
          if (current.status === 'refunded') await input.inTransaction?.(tx, current);
          return { order: current, refund: refund!, replayed };
        });

      const [existing] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
      // Refunded already (by us, or the gateway's own refund notification): no money moves again.
      if (order.status === 'refunded' && existing?.status === 'succeeded') return finish(null, true);
      if (order.status !== 'paid') throw conflict(refundMessages.notPaid, 'ORDER_NOT_PAID');
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > order.amount) {
        throw badRequest(refundMessages.invalidAmount, 'INVALID_REFUND_AMOUNT');
      }
      await db
        .insert(orderRefunds)
        .values({
          orderId,
          refundKey: refundKeyOf(order),
          amount: input.amount,
          reason: storable(input.reason).trim().slice(0, 500) || '-',
          requestedBy: input.requestedBy ?? null,
        })
        .onConflictDoNothing({ target: orderRefunds.orderId });
      const [attempt] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
      if (attempt!.status === 'succeeded') return finish(null, true);
      let refunded;
      try {
        // The first request's key, amount and reason, whatever this call asked: a retry is the same refund.
        refunded = await gateway.refundTransaction(order.gatewayRef, attempt!.amount, attempt!.reason, attempt!.refundKey);
      } catch (err) {
        const detail = err instanceof GatewayError ? err.detail : undefined;
        log.error({ err, detail, orderId }, 'payment gateway refused a refund');
        await db
          .update(orderRefunds)
          .set({ status: 'failed', lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500) })
          .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'succeeded')))
          .catch((logErr: unknown) => log.error({ err: logErr, orderId }, 'could not record a failed refund'));
        throw new AppError('gateway', refundMessages.gatewayFailed, 'REFUND_FAILED');
      }
      return finish(refunded.refundId, false);
    },

    async cancelOpenOrder(orderId) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound(refundMessages.orderNotFound);
      if (!isOpenOrder(order.status)) return order.status === 'paid' ? 'paid' : 'closed';
      let outcome;
      try {
        outcome = await gateway.expireTransaction(order.gatewayRef);
      } catch (err) {
        log.warn({ err, detail: err instanceof GatewayError ? err.detail : undefined, orderId }, 'could not close an open order at the gateway');
        throw new AppError('gateway', refundMessages.cancelFailed, 'ORDER_CANCEL_FAILED');
      }
      if (outcome === 'settled') {
        await reconcileOrder(order.gatewayRef);
        const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
        return now?.status === 'paid' ? 'paid' : 'closed';
      }
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!locked || !isOpenOrder(locked.status)) return locked?.status === 'paid' ? 'paid' : 'closed';
        const [updated] = await tx.update(orders).set({ status: 'canceled', updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
        await runHooks(tx, locked.status, updated!);
        return 'canceled';
      });
    },

    async handleNotification(body, source = {}) {
      let verified: VerifiedNotification;
      try {
        verified = await gateway.verifyNotification(body);
      } catch (err) {
        if (!(err instanceof NotificationRejected)) throw err;
        const raw = body as Record<string, unknown> | null;
        log.warn({ orderRef: clip(raw?.order_id, 64), reason: err.reason, sender: source.sender }, 'payment notification rejected');
        await recordRejection(body, err.reason, source).catch((logErr: unknown) => log.error({ err: logErr }, 'could not count a rejected payment notification'));
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
        logNotification(db, logEntry(r)).catch((logErr: unknown) => log.error({ err: logErr }, 'could not log a payment notification'));

      // A claimed change is first put to the gateway's status API, with no lock held over HTTP; the
      // decision is made again under the lock below.
      let confirmed: GatewayTransaction | null | undefined;
      const current = await service.findOrderByRef(verified.orderRef);
      if (current && claimsChange(current, verified)) {
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
          const r = await applyNotification(tx, verified, confirmed);
          await logNotification(tx, logEntry(r));
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
    },

    async pruneRejectedNotifications(now = new Date()) {
      const before = new Date(now.getTime() - REJECTION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const deleted = await db
        .delete(paymentNotificationRejections)
        .where(lt(paymentNotificationRejections.lastAt, before))
        .returning({ id: paymentNotificationRejections.id });
      return deleted.length;
    },

    async expireStaleOrders(now = new Date()) {
      const due = await db
        .select()
        .from(orders)
        .where(and(inArray(orders.status, [...openOrderStatuses]), lt(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(SWEEP_BATCH);
      const expired: OrderRow[] = [];
      for (const candidate of due) {
        try {
          // Ask the gateway first (no lock held over HTTP): an order paid at the last second stays open for its notification.
          if ((await gateway.expireTransaction(candidate.gatewayRef)) === 'settled') {
            // Paid at the gateway: apply it from the status API now, rather than wait for a notification
            // that may never come (Midtrans gives up after five retries).
            const r = await reconcileOrder(candidate.gatewayRef);
            log.info({ orderId: candidate.id, outcome: r?.outcome ?? 'no_transaction' }, 'order paid at the gateway before it expired; applied from the status API');
            continue;
          }
          const row = await db.transaction(async (tx) => {
            const [order] = await tx.select().from(orders).where(eq(orders.id, candidate.id)).for('update', { skipLocked: true });
            if (!order || !isOpenOrder(order.status) || order.expiresAt >= now) return null;
            const [updated] = await tx
              .update(orders)
              .set({ status: 'expired', updatedAt: sql`now()` })
              .where(eq(orders.id, order.id))
              .returning();
            await runHooks(tx, order.status, updated!);
            return updated!;
          });
          if (row) expired.push(row);
        } catch (err) {
          log.warn({ err, orderId: candidate.id }, 'could not expire an order; will retry on the next sweep');
        }
      }
      return expired;
    },
  };
  return service;
}
