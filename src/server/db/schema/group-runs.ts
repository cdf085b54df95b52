// Tables of the group-runs feature (Running Buddy).
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { groupRunStatuses } from '../../../domain/group-runs/group-runs';
import { users } from './users';

/**
 * Running Buddy (issue 16 item 5): a group run a runner hosts. `participantsCount` is kept with the
 * participant rows in one transaction and only grows by a conditional UPDATE (`< capacity`), so
 * concurrent joins never overfill a run (the check constraint is the last guard). `cityKey` is the
 * city folded for the case-insensitive filter. `hidden`: an admin took it down after a report.
 */
export const groupRuns = pgTable(
  'group_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    city: text('city').notNull(),
    cityKey: text('city_key').notNull(),
    meetingPoint: text('meeting_point').notNull(),
    mapUrl: text('map_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    distanceKm: doublePrecision('distance_km').notNull(),
    paceGroup: text('pace_group').notNull(),
    capacity: integer('capacity').notNull(),
    participantsCount: integer('participants_count').notNull().default(0),
    description: text('description').notNull().default(''),
    status: text('status', { enum: groupRunStatuses }).notNull().default('aktif'),
    hidden: boolean('hidden').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('group_runs_participants_within_capacity', sql`${t.participantsCount} >= 0 and ${t.participantsCount} <= ${t.capacity}`),
    index('group_runs_upcoming_idx').on(t.startsAt).where(sql`${t.status} = 'aktif' and not ${t.hidden}`),
    index('group_runs_host_idx').on(t.hostId, t.startsAt),
  ],
);

export type GroupRunRow = typeof groupRuns.$inferSelect;

export const groupRunParticipants = pgTable(
  'group_run_participants',
  {
    groupRunId: uuid('group_run_id')
      .notNull()
      .references(() => groupRuns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupRunId, t.userId] }), index('group_run_participants_user_idx').on(t.userId)],
);

/** A runner's report of an abusive group run (one per runner per run); admins review them and may hide the run. */
export const groupRunReports = pgTable(
  'group_run_reports',
  {
    groupRunId: uuid('group_run_id')
      .notNull()
      .references(() => groupRuns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupRunId, t.userId] })],
);
