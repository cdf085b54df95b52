import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { orderKinds, orderStatuses, paymentGatewayNames } from '../../domain/payments';
import { roles, subscriptionStatuses } from '../../domain/roles';
import { generatedByValues, periodizationValues } from '../../domain/training-plan';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    photo: text('photo'),
    role: text('role', { enum: roles }).notNull().default('runner'),
    subscriptionStatus: text('subscription_status', { enum: subscriptionStatuses }).notNull().default('none'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    hasHadTrial: boolean('has_had_trial').notNull().default(false),
    stravaAthleteId: text('strava_athlete_id'),
    googleSub: text('google_sub'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_name_idx').on(t.name),
  ],
);

/** One sign-in on one device; every refresh token of that sign-in belongs to it. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text('client', { enum: ['web', 'mobile'] }).notNull().default('web'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes; each is usable once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A runner's one training plan (the spec's "training plan container"). */
export const trainingPlans = pgTable(
  'training_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_plans_user_key').on(t.userId)],
);

/** One run of a plan, with its logged result (null until logged). */
export const trainingRuns = pgTable(
  'training_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    program: text('program').notNull().default(''),
    paceRange: text('pace_range').notNull().default(''),
    color: text('color').notNull().default('bg-gray-500'),
    periodization: text('periodization', { enum: periodizationValues }),
    generatedBy: text('generated_by', { enum: generatedByValues }).notNull().default('user'),
    trainingDistance: doublePrecision('training_distance'),
    trainingTime: integer('training_time'),
    trainingPace: integer('training_pace'),
    trainingHr: integer('training_hr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_runs_plan_day_idx').on(t.planId, t.day)],
);

/** The private iCalendar feed of a runner's plan; only the token's SHA-256 is stored. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.tokenHash)],
);

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

/** Every notification the webhook received, verified or not: the audit trail of order changes. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway', { enum: paymentGatewayNames }).notNull(),
    orderRef: text('order_ref'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull(),
    /** What the webhook did with it: applied, duplicate, ignored_transition, unknown_order, … */
    outcome: text('outcome').notNull(),
    transactionStatus: text('transaction_status'),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderId), index('payment_notifications_received_idx').on(t.receivedAt)],
);

export type UserRow = typeof users.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type TrainingRunRow = typeof trainingRuns.$inferSelect;
