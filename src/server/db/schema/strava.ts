// Tables of the strava feature: linked accounts, synced activities and the shared request budget.
import { date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { stravaActivityStatuses } from '../../../domain/strava/strava';
import { trainingRuns } from './training-plan';
import { users } from './users';

/**
 * A runner's link to Strava (issue 15). Both tokens are stored encrypted (AES-256-GCM with
 * STRAVA_TOKEN_KEY); the access token lasts 6 hours and is refreshed before use, and the refresh
 * token Strava returns each time replaces the old one. Deleted on disconnect.
 */
export const stravaAccounts = pgTable(
  'strava_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    athleteId: text('athlete_id').notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scope: text('scope').notNull().default(''),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /**
     * Webhook events wait here, coalesced (issue 26 §7): the earliest activity start the next sync
     * lists from, and when the wait began (null: nothing waits). One job per wait, however many events.
     */
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('strava_accounts_athlete_key').on(t.athleteId)],
);

export type StravaAccountRow = typeof stravaAccounts.$inferSelect;

/**
 * The Strava-derived data Derap keeps: one row per synced run activity, with what it filled
 * (`runId`) or its wait for the runner's keep/discard. Deleted with the account on disconnect.
 */
export const stravaActivities = pgTable(
  'strava_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: text('activity_id').notNull(),
    name: text('name').notNull().default(''),
    sportType: text('sport_type').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The start's day in Asia/Jakarta: the day it is matched on. */
    day: date('day', { mode: 'string' }).notNull(),
    distanceKm: doublePrecision('distance_km').notNull(),
    movingTimeS: integer('moving_time_s').notNull(),
    avgHr: integer('avg_hr'),
    status: text('status', { enum: stravaActivityStatuses }).notNull(),
    runId: uuid('run_id').references(() => trainingRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('strava_activities_activity_key').on(t.activityId),
    index('strava_activities_user_day_idx').on(t.userId, t.day),
    index('strava_activities_run_idx').on(t.runId),
  ],
);

export type StravaActivityRow = typeof stravaActivities.$inferSelect;

/**
 * The shared Strava request budget of every server (issue 15 §3): one row per window
 * ('15m:<start>' and 'day:<date>', UTC as Strava counts), raised before each call and corrected from
 * the X-RateLimit-Usage / X-ReadRateLimit-Usage headers; `limitedUntil` after a 429.
 */
export const stravaApiBudget = pgTable('strava_api_budget', {
  window: text('window').primaryKey(),
  overall: integer('overall').notNull().default(0),
  reads: integer('reads').notNull().default(0),
  limitedUntil: timestamp('limited_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
