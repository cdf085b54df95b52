// Tables of the event-calendar feature: the public running calendar.
import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { calendarStatuses, roadOrTrailValues } from '../../../domain/event-calendar/event-calendar';
import { users } from './users';

/**
 * The public running calendar (events-and-coach-pages §3 Calendar event): submissions anyone can
 * make, shown once an admin approves them. `sameKey` (name folded + date) is unique among the live
 * ones, so a duplicate is refused even when two arrive at once. `submitterKey` is a hash of the
 * address, kept for spam review, never shown.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventname: text('eventname').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    location: text('location').notNull(),
    website: text('website'),
    roadortrail: text('roadortrail', { enum: roadOrTrailValues }).notNull(),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    email: text('email').notNull(),
    organizer: text('organizer').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: calendarStatuses }).notNull().default('pending'),
    ispartnership: boolean('ispartnership').notNull().default(false),
    sameKey: text('same_key').notNull(),
    submitterKey: text('submitter_key'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_events_same_key').on(t.sameKey).where(sql`${t.status} <> 'rejected'`),
    index('calendar_events_date_idx').on(t.eventDate).where(sql`${t.status} = 'approved'`),
    index('calendar_events_status_idx').on(t.status, t.createdAt),
  ],
);

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
