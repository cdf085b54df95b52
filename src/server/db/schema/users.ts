// Tables of the users feature. `users` is the one table every feature may read (derap/boundaries);
// its rows change only through features/users/service.ts.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { subscriptionStatuses } from '../../../domain/subscriptions/subscription';
import { roles } from '../../../domain/users/roles';

/** A person with an account, whatever their role; their subscription state lives on the row. */
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
    /** The runner stopped their plan: access lasts to the period end, then the status becomes canceled. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stravaAthleteId: text('strava_athlete_id'),
    googleSub: text('google_sub'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_name_idx').on(t.name),
    // The subscription lifecycle job looks for periods that ended or end soon.
    index('users_period_end_idx').on(t.currentPeriodEnd).where(sql`${t.subscriptionStatus} in ('active', 'trialing', 'past_due')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
