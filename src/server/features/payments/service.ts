/**
 * The payment module (DESIGN.md §5). An order's status changes only here: through a verified
 * gateway notification whose change the gateway's status API confirms (idempotent, out-of-order
 * safe, under a row lock never held across HTTP) or the expiry sweep. The feature that owns an
 * order's kind grants what it pays for in the same transaction, through the hooks it registers at
 * start-up.
 *
 * This file is the module's public face; the work is done along its seams: orders
 * (service.orders.ts), gateway notifications (service.notifications.ts), refunds
 * (service.refunds.ts), closing unpaid orders (service.expiry.ts), and what they share
 * (service.context.ts).
 */
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/payments';
import type { OrderKind } from '../../../domain/payments/payments';
import { createOrderHooks, type OrderHook, type PaymentContext, type PaymentServiceDeps } from './service.context';
import { findOrderByRef, openOrder, storeOrder, type CreateOrderInput, type StoredOrder } from './service.orders';
import { handleNotification, pruneRejectedNotifications, type NotificationResult, type NotificationSource } from './service.notifications';
import { refundOrder, type RefundedOrder, type RefundOrderInput } from './service.refunds';
import { cancelOpenOrder, expireStaleOrders, type CancelOpenOrderOutcome } from './service.expiry';

export { paymentMessages, type OrderHook, type PaymentServiceDeps } from './service.context';
export {
  MAX_AMOUNT,
  MAX_EXPIRY_MINUTES,
  OPENING_GRACE_MINUTES,
  REUSE_OPEN_ORDER_MS,
  findReusableOrder,
  newOrderRef,
  type CreateOrderInput,
  type StoredOrder,
} from './service.orders';
export {
  NOTIFICATION_BODY_MAX_BYTES,
  NOTIFICATION_PATH,
  RECONFIRM_AFTER_MS,
  REJECTION_RETENTION_DAYS,
  boundedBody,
  type NotificationOutcome,
  type NotificationResult,
  type NotificationSource,
} from './service.notifications';
export { refundKeyOf, refundMessages, type RefundedOrder, type RefundOrderInput } from './service.refunds';
export type { CancelOpenOrderOutcome } from './service.expiry';

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

export function createPaymentService(deps: PaymentServiceDeps): PaymentService {
  const hooks = createOrderHooks(deps.log);
  const ctx: PaymentContext = { ...deps, hooks };
  const service: PaymentService = {
    gateway: deps.gateway,
    registerFulfilment: hooks.registerFulfilment,
    registerOnExpired: hooks.registerOnExpired,
    registerOnRefunded: hooks.registerOnRefunded,
    findOrderByRef: (ref) => findOrderByRef(ctx, ref),
    storeOrder: (input, opts) => storeOrder(ctx, input, opts),
    openOrder: (stored) => openOrder(ctx, stored),
    // Through the service's own methods, so a test that stands in for one of them sees it used.
    createOrder: async (input) => service.openOrder(await service.storeOrder(input)),
    refundOrder: (orderId, input) => refundOrder(ctx, orderId, input),
    cancelOpenOrder: (orderId) => cancelOpenOrder(ctx, orderId),
    handleNotification: (body, source) => handleNotification(ctx, (ref) => service.findOrderByRef(ref), body, source),
    pruneRejectedNotifications: (now) => pruneRejectedNotifications(ctx, now),
    expireStaleOrders: (now) => expireStaleOrders(ctx, now),
  };
  return service;
}
