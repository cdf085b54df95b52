// Tables of the subscriptions feature: the ledger of subscription periods.
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { grantKinds } from '../../../domain/subscriptions/subscription';
import { orders } from './payments';
import { users } from './users';

/**
 * The subscription ledger: every change to a user's period (trial, a paid order, pay as you go, an
 * admin's grant with its reason, days taken back by a refund). A paid order grants at most once
 * (`order_id` unique), whatever the gateway repeats.
 */
export const subscriptionGrants = pgTable(
  'subscription_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: grantKinds }).notNull(),
    /** Days added (negative: taken back). */
    days: integer('days').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_grants_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscription_grants_order_kind_key').on(t.orderId, t.kind),
  ],
);

export type SubscriptionGrantRow = typeof subscriptionGrants.$inferSelect;
