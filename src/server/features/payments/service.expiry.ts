/**
 * Closing unpaid orders: by the sweep when their time is up, on request (a cancellation), or when the
 * gateway never opened them. The gateway is always asked first, so a last-second payment is applied
 * rather than lost; the expiry hook of the order's kind frees what it held.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { isOpenOrder, openOrderStatuses } from '../../../domain/payments/payments';
import { GatewayError } from '../../adapters/payments/port';
import { orders, type OrderRow } from '../../db/schema/payments';
import { AppError, notFound } from '../../app-error';
import type { PaymentContext } from './service.context';
import { reconcileOrder } from './service.notifications';
import { refundMessages } from './service.refunds';

const SWEEP_BATCH = 200;

/** What closing an unpaid order did: closed here, found paid at the gateway (applied), or already closed. */
export type CancelOpenOrderOutcome = 'canceled' | 'paid' | 'closed';

/**
 * The sweep: expires open orders whose time is up, asking the gateway first; one the gateway says
 * was paid is applied from its status API instead. Returns the orders it expired.
 */
export async function expireStaleOrders(ctx: PaymentContext, now = new Date()): Promise<OrderRow[]> {
  const { db, gateway, log, hooks } = ctx;
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
        const r = await reconcileOrder(ctx, candidate.gatewayRef);
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
        await hooks.run(tx, order.status, updated!);
        return updated!;
      });
      if (row) expired.push(row);
    } catch (err) {
      log.warn({ err, orderId: candidate.id }, 'could not expire an order; will retry on the next sweep');
    }
  }
  return expired;
}

/**
 * Closes an open (unpaid) order now: the gateway is asked to expire it first; one it says was paid
 * meanwhile is applied from its status API ('paid'). Otherwise canceled with its kind's expiry hook.
 */
export async function cancelOpenOrder(ctx: PaymentContext, orderId: string): Promise<CancelOpenOrderOutcome> {
  const { db, gateway, log, hooks } = ctx;
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
    await reconcileOrder(ctx, order.gatewayRef);
    const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return now?.status === 'paid' ? 'paid' : 'closed';
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked || !isOpenOrder(locked.status)) return locked?.status === 'paid' ? 'paid' : 'closed';
    const [updated] = await tx.update(orders).set({ status: 'canceled', updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
    await hooks.run(tx, locked.status, updated!);
    return 'canceled';
  });
}

/**
 * The gateway did not open an order: it is canceled (claimed under its row lock, so once) and the
 * expiry hook of its kind frees what it held, e.g. a reserved slot.
 */
export async function cancelUnopened({ db, hooks }: PaymentContext, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !isOpenOrder(order.status)) return;
    const [updated] = await tx.update(orders).set({ status: 'canceled', updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
    await hooks.run(tx, order.status, updated!);
  });
}
