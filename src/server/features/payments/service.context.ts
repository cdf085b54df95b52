/**
 * What every part of the payment service shares (service.ts composes them): its dependencies, the
 * hooks each order kind registers, and the messages a payer or the gateway gets back.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isOpenOrder, type OrderKind, type OrderStatus } from '../../../domain/payments/payments';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/payments';

/** Runs inside the transaction that changes the order; `tx` is that transaction. Throwing rolls it back. */
export type OrderHook = (tx: Db, order: OrderRow) => Promise<void>;

export interface PaymentServiceDeps {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  /** URL schemes besides http(s) a finish URL may use (the mobile app's). */
  appSchemes?: readonly string[];
  log: FastifyBaseLogger;
}

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

/** The hooks of each order kind, set once at start-up by the feature that owns the kind. */
export interface OrderHooks {
  registerFulfilment(kind: OrderKind, hook: OrderHook, opts?: { replace?: boolean }): void;
  registerOnExpired(kind: OrderKind, hook: OrderHook, opts?: { replace?: boolean }): void;
  registerOnRefunded(kind: OrderKind, hook: OrderHook, opts?: { replace?: boolean }): void;
  /** Runs, inside `tx`, the hook of `order`'s kind for the change from `previous` to its status. */
  run(tx: Db, previous: OrderStatus, order: OrderRow): Promise<void>;
}

export function createOrderHooks(log: FastifyBaseLogger): OrderHooks {
  const fulfilments = new Map<OrderKind, OrderHook>();
  const expiries = new Map<OrderKind, OrderHook>();
  const refunds = new Map<OrderKind, OrderHook>();
  return {
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

    async run(tx, previous, order) {
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
    },
  };
}

/** What each part of the service works with: the dependencies, and the hooks to run on a change of status. */
export interface PaymentContext extends PaymentServiceDeps {
  hooks: OrderHooks;
}
