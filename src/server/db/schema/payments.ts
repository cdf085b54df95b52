// Tables of the payments feature: orders, gateway notifications, refunds and the sandbox gateway's record.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { orderKinds, orderStatuses, paymentGatewayNames } from '../../../domain/payments/payments';
import { users } from './users';

/**
 * One payment (DESIGN.md §5). Its status changes only through a verified gateway notification (or
 * the sandbox checkout) and the expiry sweep; what it pays for is described by `metadata` and is
 * granted by the owning feature's fulfilment hook in the same transaction.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: orderKinds }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whole rupiah. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    gateway: text('gateway', { enum: paymentGatewayNames }).notNull(),
    /** The order id sent to the gateway (Midtrans `order_id`); unguessable, so it can sit in a URL. */
    gatewayRef: text('gateway_ref').notNull(),
    /** The gateway's handle for the checkout (Snap token). */
    checkoutToken: text('checkout_token'),
    paymentUrl: text('payment_url'),
    enabledPayments: text('enabled_payments').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the payer returns after the checkout (absolute). */
    finishUrl: text('finish_url').notNull(),
    /** From the notification that settled it: Midtrans `payment_type` and `transaction_id`. */
    paymentType: text('payment_type'),
    gatewayTransactionId: text('gateway_transaction_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_gateway_ref_key').on(t.gatewayRef),
    index('orders_user_idx').on(t.userId),
    index('orders_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'failed')`),
    check('orders_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The audit trail of verified notifications (signature and status code checked): one row per
 * distinct (order, outcome, claimed status, status the gateway confirmed), so a replayed
 * notification adds to `count` instead of a row. Rejected ones are summarised in
 * `payment_notification_rejections`.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway', { enum: paymentGatewayNames }).notNull(),
    orderRef: text('order_ref'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull(),
    /** What the webhook did with it: applied, duplicate, unconfirmed, ignored_transition, unknown_order, … */
    outcome: text('outcome').notNull(),
    /** The status the notification claimed (Midtrans `transaction_status`). */
    transactionStatus: text('transaction_status'),
    /** What the gateway's status API said when asked before a change (null: not asked). */
    confirmedStatus: text('confirmed_status'),
    /** The first such notification's body, bounded in size. */
    body: jsonb('body').notNull(),
    count: integer('count').notNull().default(1),
    /** SHA-256 of the latest such body: an identical replay gets the last answer without asking the gateway again. */
    lastBodySha256: text('last_body_sha256'),
    /** `gateway|order ref|outcome|claimed|confirmed`: what makes two notifications the same entry. */
    dedupKey: text('dedup_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderId),
    index('payment_notifications_received_idx').on(t.receivedAt),
    uniqueIndex('payment_notifications_dedup_key').on(t.dedupKey),
  ],
);

/**
 * Notifications the webhook refused (bad signature, unreadable, status code not matching the
 * status), as a bounded summary — never the body: one row per hour, sender address, reason and
 * targeted order (null for refs that match no order), counting repeats.
 */
export const paymentNotificationRejections = pgTable(
  'payment_notification_rejections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `hour|sender|reason|order id or -`. */
    key: text('key').notNull(),
    gateway: text('gateway', { enum: paymentGatewayNames }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** The sender's address as the rate limit sees it. */
    sender: text('sender').notNull(),
    /** forged, malformed or status_code_mismatch. */
    reason: text('reason').notNull(),
    /** The order the claimed ref names, when it names one of ours. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The latest claims, truncated: order ref, transaction status, status code. */
    claimedOrderRef: text('claimed_order_ref'),
    claimedStatus: text('claimed_status'),
    claimedStatusCode: text('claimed_status_code'),
    /** Size and SHA-256 of the latest body (for matching against the gateway's dashboard or logs). */
    bodyBytes: integer('body_bytes').notNull(),
    bodySha256: text('body_sha256').notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_notification_rejections_key').on(t.key),
    index('payment_notification_rejections_order_idx').on(t.orderId),
    index('payment_notification_rejections_last_idx').on(t.lastAt),
  ],
);

/**
 * The built-in sandbox gateway's own record of what happened at its checkout page, one row per
 * order ref: what its status API answers (never read from `orders`, or the confirmation would
 * prove nothing). Only used without Midtrans.
 */
export const paymentSandboxTransactions = pgTable('payment_sandbox_transactions', {
  orderRef: text('order_ref').primaryKey(),
  /** A Midtrans `transaction_status`: settlement, deny, refund, cancel, … */
  transactionStatus: text('transaction_status').notNull(),
  grossAmount: integer('gross_amount').notNull(),
  paymentType: text('payment_type'),
  transactionId: text('transaction_id').notNull(),
  /** The refund made at the sandbox checkout's "gateway" (one per order): its key and amount, so a replay is answered, not repeated. */
  refundKey: text('refund_key'),
  refundAmount: integer('refund_amount'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money sent back for a paid order through its gateway (issue 13, decision 021): at most one refund
 * per order, keyed by `refund_key` at the gateway so a retried request never refunds twice. A row is
 * written before the gateway is asked (`requested`), then `succeeded` (the order became refunded in
 * the same transaction) or `failed` (nothing changed; a retry sends the same key and amount).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Sent to the gateway as `refund_key` (letters, digits, - and _). */
    refundKey: text('refund_key').notNull(),
    /** Whole rupiah. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['requested', 'succeeded', 'failed'] }).notNull().default('requested'),
    /** The gateway's id of the refund (Midtrans `refund_chargeback_id`). */
    gatewayRefundId: text('gateway_refund_id'),
    lastError: text('last_error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_refunds_order_key').on(t.orderId),
    uniqueIndex('order_refunds_refund_key_key').on(t.refundKey),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export type OrderRow = typeof orders.$inferSelect;
