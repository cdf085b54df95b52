// Tables of the training-plan feature: a runner's plan, its runs and logged results, the calendar feed.
import { date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { generatedByValues, periodizationValues } from '../../../domain/training-plan/training-plan';
import { resultSources } from '../../../domain/strava/strava';
import { users } from './users';

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
    /** Where the logged result came from; 'strava' results are shown to the runner only (domain/strava). */
    resultSource: text('result_source', { enum: resultSources }),
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

export type TrainingRunRow = typeof trainingRuns.$inferSelect;
