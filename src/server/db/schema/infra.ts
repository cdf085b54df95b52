// Infrastructure tables, owned by no feature: the mail outbox (adapters/mail), rate-limit counters
// (plugins/rate-limit-store), durable jobs (jobs/) and shared cache versions (plugins/public-cache).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';


/** Mail sent (or to be sent) through the mail port; the built-in adapter only stores it here. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Inline attachments (e.g. the registration QR PNG) as `{ filename, contentType, cid, base64 }`. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; cid?: string; base64: string }[]>().notNull().default([]),
    /** `stored` by the built-in outbox, `sent` or `failed` by SMTP. */
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    /** What the mail is about, e.g. `registration:<uuid>`, so a confirmation is never sent twice. */
    topic: text('topic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), uniqueIndex('mail_outbox_topic_key').on(t.topic)],
);

/**
 * Request counters of the per-address rate limits, shared by every server (a limit kept in one
 * process's memory lets a client multiply it by the number of servers). One row per route and
 * client key; a row whose window has ended starts again at 1.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowEndsAt)],
);

/**
 * Durable background work (src/server/jobs/): periodic jobs (key 'periodic', rescheduled after each
 * run) and one-off jobs. A server claims a due job with `for update skip locked` and a lease, so one
 * job never runs on two servers at once; a server that dies mid-run leaves the lease to expire.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** 'periodic' for the one row of a periodic job; otherwise a dedupe key (random when none is given). */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'done', 'failed'] }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jobs_name_key_key').on(t.name, t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`)],
);

export type JobRow = typeof jobs.$inferSelect;

/**
 * Shared cache versions (decision 015): one row per cached family of public answers, whose
 * `version` (a random token) changes in the same transaction as the data it covers. Every server
 * polls it to drop its in-memory bodies. The `public-events` row is bumped by triggers (migration
 * 0006): any change to an event row, a category added/removed/edited, and a category's `sold`
 * crossing into full or back.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
