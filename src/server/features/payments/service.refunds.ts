/** Refunds: money of a paid order sent back through its gateway, once, and the order marked refunded. */
import { and, eq, ne, sql } from 'drizzle-orm';
import { GatewayError } from '../../adapters/payments/port';
import { orderRefunds, orders, type OrderRefundRow, type OrderRow } from '../../db/schema/payments';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { OrderHook, PaymentContext } from './service.context';
import { storable } from './service.notifications';

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

/**
 * Sends money of a paid order back through its gateway (decision 021) and marks the order
 * `refunded` through the status path, so its kind's refund hook takes back what it granted. One
 * refund per order, keyed at the gateway: a replay never refunds twice and answers `replayed`. A
 * gateway refusal or outage throws 502 with nothing changed (the attempt stays recorded as failed).
 */
export async function refundOrder(ctx: PaymentContext, orderId: string, input: RefundOrderInput): Promise<RefundedOrder> {
  const { db, gateway, log, hooks } = ctx;
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
        await hooks.run(tx, 'paid', current);
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
}
