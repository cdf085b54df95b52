/** Orders: checked, stored, then opened at the gateway; and the caller's open checkout found again. */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { isPaymentOptionKey, openOrderStatuses, type OrderKind, type PaymentOptionKey } from '../../../domain/payments/payments';
import { GatewayError, type CreateTransactionInput } from '../../adapters/payments/port';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/payments';
import { AppError, badRequest } from '../../app-error';
import { paymentMessages, type PaymentContext } from './service.context';
import { cancelUnopened } from './service.expiry';

export const MAX_AMOUNT = 2_000_000_000;
export const MAX_EXPIRY_MINUTES = 7 * 24 * 60;
const DESCRIPTION_MAX = 200;

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

function resolveFinishUrl(deps: PaymentContext, value: string): string {
  const allowedProtocols = new Set(['http:', 'https:', ...(deps.appSchemes ?? []).map((s) => `${s}:`)]);
  let url: URL;
  try {
    url = new URL(value, `${deps.publicUrl}/`);
  } catch {
    throw badRequest(paymentMessages.invalidFinishUrl, 'INVALID_FINISH_URL');
  }
  if (!allowedProtocols.has(url.protocol)) throw badRequest(paymentMessages.invalidFinishUrl, 'INVALID_FINISH_URL');
  return url.href;
}

function validate(deps: PaymentContext, input: CreateOrderInput): { description: string; enabledPayments: PaymentOptionKey[]; finishUrl: string } {
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
  return { description, enabledPayments, finishUrl: resolveFinishUrl(deps, input.finishUrl) };
}

export async function findOrderByRef({ db }: PaymentContext, ref: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.gatewayRef, ref));
  return order ?? null;
}

/**
 * Stores a pending order without a payment page yet, in `tx` when given (e.g. together with a slot
 * reservation). Until `openOrder` has run, the order only has OPENING_GRACE_MINUTES.
 */
export async function storeOrder(ctx: PaymentContext, input: CreateOrderInput, opts: { tx?: Db } = {}): Promise<StoredOrder> {
  const { db, gateway } = ctx;
  const executor = opts.tx ?? db;
  const { description, enabledPayments, finishUrl } = validate(ctx, input);
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
}

/**
 * Opens a stored order's checkout at the gateway (outside any transaction) and gives it its page and
 * its full time. A gateway failure cancels the order (its kind's expiry hook frees what it held) and
 * throws 502.
 */
export async function openOrder(ctx: PaymentContext, stored: StoredOrder): Promise<{ order: OrderRow; payment_url: string }> {
  const { db, gateway, log } = ctx;
  const { order, checkout } = stored;
  let created;
  try {
    created = await gateway.createTransaction(checkout);
  } catch (err) {
    log.error({ err, detail: err instanceof GatewayError ? err.detail : undefined, orderId: order.id }, 'payment gateway refused a transaction');
    await cancelUnopened(ctx, order.id);
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
}
