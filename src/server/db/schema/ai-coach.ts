// Tables of the ai-coach feature: the coach's profile of a runner, drafts, quota and re-evaluations.
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from './users';

/**
 * The runner's last AI programme form: the engine's profile for chat, modifications and
 * re-evaluation; and the safety hold after a red flag in the chat (issue 25 §4). A runner without
 * a programme form may have a row for the hold alone (form and days null).
 */
export const aiCoachProfiles = pgTable('ai_coach_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The validated createplan form (PlanForm); null on a row kept only for a safety hold. */
  form: jsonb('form'),
  startDay: date('start_day', { mode: 'string' }),
  endDay: date('end_day', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the chat stopped the runner's training for a red flag; null when not held. Lifted by the doctor's clearance. */
  safetyHoldAt: timestamp('safety_hold_at', { withTimezone: true }),
  /** The stop flags that set the hold (comma-separated, e.g. 'chest,fainting'), for the message repeated while held. */
  safetyHoldReason: text('safety_hold_reason'),
});

/**
 * A plan the AI proposed and the runner has not saved yet (createplan, modify). Runs reach the plan
 * as 'ai' runs only from a draft the server wrote, so a client can never forge AI runs.
 */
export const aiPlanDrafts = pgTable(
  'ai_plan_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['create', 'modify'] }).notNull(),
    /** PlannedRun[] that passed the safety checker. */
    runs: jsonb('runs').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    /** The form of a createplan draft (saved as the profile with the plan). */
    form: jsonb('form'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
  },
  (t) => [index('ai_plan_drafts_user_idx').on(t.userId, t.createdAt), index('ai_plan_drafts_expires_idx').on(t.expiresAt)],
);

/** AI calls per runner per Jakarta day, for the daily quota (shared by every server). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** One two-weekly re-evaluation of a runner's AI plan: what was compared, what changed and why. */
export const aiEvaluations = pgTable(
  'ai_evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The two weeks looked at (inclusive). */
    windowStart: date('window_start', { mode: 'string' }).notNull(),
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    /** The two weeks adjusted (inclusive). */
    nextStart: date('next_start', { mode: 'string' }).notNull(),
    nextEnd: date('next_end', { mode: 'string' }).notNull(),
    /** The scores and counts the decision was made from. */
    summary: jsonb('summary').notNull(),
    /** The short note shown on the calendar (Indonesian). */
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_evaluations_user_window_key').on(t.userId, t.windowEnd), index('ai_evaluations_user_idx').on(t.userId, t.createdAt)],
);
