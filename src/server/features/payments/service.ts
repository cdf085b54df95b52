import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isOpenOrder,
  isPaymentOptionKey,
  nextOrderStatus,
  openOrderStatuses,
  type OrderKind,
  type OrderStatus,
  type PaymentOptionKey,
} from '../../../domain/payments';
import { GatewayError, NotificationRejected, type PaymentGateway, type VerifiedNotification } from '../../adapters/payments/port';
import type { Db } from '../../db/client';
import { orders, paymentNotifications, type OrderRow } from '../../db/schema';
import { HttpError, badRequest } from '../../plugins/errors';

/**
 * The payment module (DESIGN.md §5). An order's status changes only here: through a verified
 * gateway notification (idempotent, out-of-order safe, under a row lock) or the expiry sweep. The
 * feature that owns an order's kind grants what it pays for in the same transaction, through the
 * hooks it registers at start-up.
 */

/** Runs inside the transaction that changes the order; `tx` is that transaction. Throwing rolls it back. */
export type OrderHook = (tx: Db, order: OrderRow) => Promise<void>;

export const MAX_AMOUNT = 2_000_000_000;
export const MAX_EXPIRY_MINUTES = 7 * 24 * 60;
const DESCRIPTION_MAX = 200;
const SWEEP_BATCH = 200;

export const paymentMessages = {
  gatewayFailed: 'Gagal memulai pembayaran. Layanan pembayaran sedang bermasalah, silakan coba lagi beberapa saat lagi.',
  invalidAmount: 'Jumlah pembayaran tidak valid.',
  invalidDescription: 'Keterangan pembayaran wajib diisi.',
  invalidPaymentOption: 'Metode pembayaran tidak dikenal.',
  invalidExpiry: 'Batas waktu pembayaran tidak valid.',
  invalidFinishUrl: 'Alamat kembali setelah pembayaran tidak valid.',
  amountMismatch: 'Jumlah pembayaran tidak sesuai dengan pesanan.',
  retry: 'Notifikasi belum dapat diproses. Silakan kirim ulang.',
} as const;

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

const refPrefix: Record<OrderKind, string> = { subscription: 'SUB', registration: 'REG', coach_package: 'CPK' };

/** Our order id at the gateway: readable kind, unguessable rest (it appears in the sandbox URL). */
export function newOrderRef(kind: OrderKind): string {
  return `${refPrefix[kind]}-${randomBytes(12).toString('hex')}`;
}

export interface CreateOrderInput {
  kind: OrderKind;
  userId: string | null;
  /** Whole rupiah, > 0. */
  amount: number;
  /** What is bought, shown at the checkout (e.g. 'Derap Run 2027 — 10K'). */
  description: string;
  /** What the order pays for (ids the fulfilment hook needs). */
  metadata?: Record<string, unknown>;
  /** Empty or absent: every method the gateway offers. */
  enabledPayments?: readonly string[];
  customer: { name: string; email: string; phone?: string | null };
  /** Where the payer returns: a path on our site or an absolute URL (http(s) or the app's scheme). */
  finishUrl: string;
  expiresInMinutes: number;
}

export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored_transition'
  | 'late_payment'
  | 'unknown_order'
  | 'unknown_status'
  | 'gateway_mismatch'
  | 'amount_mismatch'
  | 'rejected_forged'
  | 'rejected_malformed'
  | 'error';

export interface NotificationResult {
  outcome: NotificationOutcome;
  order: OrderRow | null;
}

export interface PaymentService {
  readonly gateway: PaymentGateway;
  /**
   * Stores a pending order and opens the gateway's checkout. With `tx`, the order row is written in
   * the caller's transaction (e.g. together with a slot reservation). A gateway failure closes the
   * order as canceled (no hook: the caller handles the thrown 502 in its own flow).
   */
  createOrder(input: CreateOrderInput, opts?: { tx?: Db }): Promise<{ order: OrderRow; payment_url: string }>;
  /** The webhook: verify, then move the order forward once. Throws HttpError 400/401/503. */
  handleNotification(body: unknown): Promise<NotificationResult>;
  /** Expires open orders whose time is up (asking the gateway first); returns those it expired. */
  expireStaleOrders(now?: Date): Promise<OrderRow[]>;
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
    if (!Number.isInteger(input.expiresInMinutes) || input.expiresInMinutes < 1 || input.expiresInMinutes > MAX_EXPIRY_MINUTES) {
      throw badRequest(paymentMessages.invalidExpiry, 'INVALID_EXPIRY');
    }
    return { description, enabledPayments, finishUrl: resolveFinishUrl(input.finishUrl) };
  }

  async function logNotification(
    executor: Db,
    entry: { orderRef: string | null; orderId: string | null; verified: boolean; outcome: NotificationOutcome; transactionStatus: string | null; body: unknown },
  ) {
    await executor.insert(paymentNotifications).values({
      gateway: gateway.name,
      orderRef: entry.orderRef ? storable(entry.orderRef).slice(0, 200) : null,
      orderId: entry.orderId,
      verified: entry.verified,
      outcome: entry.outcome,
      transactionStatus: entry.transactionStatus ? storable(entry.transactionStatus).slice(0, 100) : null,
      body: storableJson(entry.body ?? {}),
    });
  }

  /** Moves one locked order as the verified notification says, inside `tx`. */
  async function applyNotification(tx: Db, n: VerifiedNotification): Promise<NotificationResult> {
    const [order] = await tx.select().from(orders).where(eq(orders.gatewayRef, n.orderRef)).for('update');
    if (!order) return { outcome: 'unknown_order', order: null };
    if (order.gateway !== gateway.name) return { outcome: 'gateway_mismatch', order };
    if (n.grossAmount !== order.amount) return { outcome: 'amount_mismatch', order };
    if (n.status === null) return { outcome: 'unknown_status', order };
    const next = nextOrderStatus(order.status, n.status);
    if (!next) {
      if (order.status === n.status) return { outcome: 'duplicate', order };
      const late = n.status === 'paid' && (order.status === 'expired' || order.status === 'canceled');
      return { outcome: late ? 'late_payment' : 'ignored_transition', order };
    }
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        status: next,
        updatedAt: now,
        ...(next === 'paid' ? { paidAt: now } : {}),
        ...(n.paymentType ? { paymentType: n.paymentType } : {}),
        ...(n.transactionId ? { gatewayTransactionId: n.transactionId } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await runHooks(tx, order.status, updated!);
    return { outcome: 'applied', order: updated! };
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

    async createOrder(input, opts = {}) {
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
          gatewayRef: newOrderRef(input.kind),
          enabledPayments,
          description,
          metadata: input.metadata ?? {},
          finishUrl,
          expiresAt: new Date(createdAt.getTime() + input.expiresInMinutes * 60_000),
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      let created;
      try {
        created = await gateway.createTransaction({
          orderRef: order!.gatewayRef,
          amount: order!.amount,
          description,
          itemId: input.kind,
          customer: input.customer,
          enabledPayments,
          finishUrl,
          createdAt,
          expiresInMinutes: input.expiresInMinutes,
        });
      } catch (err) {
        log.error({ err, detail: err instanceof GatewayError ? err.detail : undefined, orderId: order!.id }, 'payment gateway refused a transaction');
        await executor.update(orders).set({ status: 'canceled', updatedAt: new Date() }).where(eq(orders.id, order!.id));
        throw new HttpError(502, paymentMessages.gatewayFailed, 'PAYMENT_GATEWAY_ERROR');
      }
      const [updated] = await executor
        .update(orders)
        .set({ paymentUrl: created.paymentUrl, checkoutToken: created.reference, updatedAt: new Date() })
        .where(eq(orders.id, order!.id))
        .returning();
      return { order: updated!, payment_url: created.paymentUrl };
    },

    async handleNotification(body) {
      const raw = body as Record<string, unknown> | null;
      const claimedRef = typeof raw?.order_id === 'string' ? raw.order_id : null;
      const claimedStatus = typeof raw?.transaction_status === 'string' ? raw.transaction_status : null;
      let verified: VerifiedNotification;
      try {
        verified = await gateway.verifyNotification(body);
      } catch (err) {
        if (!(err instanceof NotificationRejected)) throw err;
        log.warn({ orderRef: claimedRef, reason: err.reason }, 'payment notification rejected');
        await logNotification(db, {
          orderRef: claimedRef,
          orderId: null,
          verified: false,
          outcome: err.reason === 'forged' ? 'rejected_forged' : 'rejected_malformed',
          transactionStatus: claimedStatus,
          body,
        });
        throw err.reason === 'forged'
          ? new HttpError(401, err.message, 'INVALID_SIGNATURE')
          : new HttpError(400, err.message, 'INVALID_NOTIFICATION');
      }

      let result: NotificationResult;
      try {
        result = await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const r = await applyNotification(tx, verified);
          await logNotification(tx, {
            orderRef: verified.orderRef,
            orderId: r.order?.id ?? null,
            verified: true,
            outcome: r.outcome,
            transactionStatus: verified.gatewayStatus,
            body,
          });
          return r;
        });
      } catch (err) {
        // A fulfilment hook (or the database) failed: nothing was changed. 503 makes the gateway retry.
        log.error({ err, orderRef: verified.orderRef }, 'payment notification could not be applied');
        await logNotification(db, {
          orderRef: verified.orderRef,
          orderId: null,
          verified: true,
          outcome: 'error',
          transactionStatus: verified.gatewayStatus,
          body,
        }).catch((logErr: unknown) => log.error({ err: logErr }, 'could not log a payment notification'));
        throw new HttpError(503, paymentMessages.retry, 'NOTIFICATION_RETRY');
      }

      const { outcome, order } = result;
      if (outcome === 'late_payment') {
        log.error({ orderId: order?.id, orderRef: verified.orderRef }, 'payment settled for a closed order: refund it by hand');
      } else if (outcome !== 'applied' && outcome !== 'duplicate') {
        log.warn({ orderRef: verified.orderRef, outcome, gatewayStatus: verified.gatewayStatus }, 'payment notification ignored');
      }
      if (outcome === 'amount_mismatch') throw new HttpError(400, paymentMessages.amountMismatch, 'AMOUNT_MISMATCH');
      return result;
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
            log.info({ orderId: candidate.id }, 'order paid at the gateway before it expired; waiting for the notification');
            continue;
          }
          const row = await db.transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
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
