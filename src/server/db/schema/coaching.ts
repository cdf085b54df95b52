// Tables of the coaching feature: coach profiles, packages, connections and invitations.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { coachInvitationStatuses, coachVerificationStatuses, connectionStatuses, packageShownModes } from '../../../domain/coaching/coaching';
import { orders } from './payments';
import { users } from './users';

/**
 * A coach's public profile (events-and-coach-pages §3), one per coach user. `uniquelink` is the
 * /coaching/{uniquelink} address, unique case-insensitively. Verification is the admin's review of
 * identity and certificates (a badge, not an endorsement); the documents are private uploads.
 */
export const coachProfiles = pgTable(
  'coach_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shownName: text('shown_name').notNull(),
    headline: text('headline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    profileImageUrl: text('profile_image_url'),
    headerImageUrl: text('header_image_url'),
    location: text('location').notNull().default(''),
    availability: boolean('availability').notNull().default(true),
    uniquelink: text('uniquelink').notNull(),
    packageshown: text('packageshown', { enum: packageShownModes }).notNull().default('show'),
    verification: text('verification', { enum: coachVerificationStatuses }).notNull().default('none'),
    /** Private upload keys of the identity card and certificates sent for verification. */
    verificationDocuments: text('verification_documents').array().notNull().default(sql`'{}'::text[]`),
    verificationNote: text('verification_note'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coach_profiles_user_key').on(t.userId), uniqueIndex('coach_profiles_uniquelink_key').on(sql`lower(${t.uniquelink})`)],
);

export type CoachProfileRow = typeof coachProfiles.$inferSelect;

/** A package a coach sells (events-and-coach-pages §3). Deleted packages that were sold stay (`deletedAt`) for the sales history. */
export const coachPackages = pgTable(
  'coach_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationWeeks: integer('duration_weeks').notNull().default(1),
    /** Whole rupiah, what the runner pays. */
    price: integer('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coach_packages_coach_idx').on(t.coachId),
    check('coach_packages_duration_positive', sql`${t.durationWeeks} >= 1`),
    check('coach_packages_price_not_negative', sql`${t.price} >= 0`),
  ],
);

export type CoachPackageRow = typeof coachPackages.$inferSelect;

/**
 * A connection (package slot) between a coach and a runner (runner-and-coach §3): made by a paid
 * package order (`orderId`, once per order) or by an admin as a `freeslot` the coach fills by
 * email. The coach reads and changes the runner's plan only while it is live (coaching.ts
 * connectionIsLive); the runner ends it from Pengaturan (`ended`).
 */
export const coachConnections = pgTable(
  'coach_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    runnerId: uuid('runner_id').references(() => users.id, { onDelete: 'set null' }),
    packageId: uuid('package_id').references(() => coachPackages.id, { onDelete: 'set null' }),
    /** The package title at the time, or 'freeslot'. */
    packages: text('packages').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: connectionStatuses }).notNull().default('active'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /**
     * How long an admin's empty freeslot lasts once a runner fills it (weeks from that day; the
     * dates stay null until then). Null: no fixed length (bought packages carry their dates).
     */
    durationWeeks: integer('duration_weeks'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What was paid and what the coach receives (0 for a freeslot), kept for the earnings. */
    amount: integer('amount').notNull().default(0),
    platformFee: integer('platform_fee').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coach_connections_coach_idx').on(t.coachId, t.createdAt),
    index('coach_connections_runner_idx').on(t.runnerId).where(sql`${t.runnerId} is not null`),
    uniqueIndex('coach_connections_order_key').on(t.orderId),
  ],
);

export type CoachConnectionRow = typeof coachConnections.$inferSelect;

/**
 * A coach's invitation to fill one of their slots (issue 26 §4): the slot stays empty, and the coach
 * sees nothing of the runner, until the runner accepts. Kept for any address the coach types
 * (`runnerId` null when it is not a registered runner's), so the coach's answer and the limits are
 * the same for every address. The mail's link carries a random token; only its hash is stored.
 */
export const coachInvitations = pgTable(
  'coach_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => coachConnections.id, { onDelete: 'cascade' }),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address as typed, trimmed and lower-cased. */
    email: text('email').notNull(),
    runnerId: uuid('runner_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: coachInvitationStatuses }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coach_invitations_token_key').on(t.tokenHash),
    index('coach_invitations_coach_email_idx').on(t.coachId, t.email, t.createdAt),
    index('coach_invitations_connection_idx').on(t.connectionId).where(sql`${t.status} = 'pending'`),
    index('coach_invitations_runner_idx').on(t.runnerId).where(sql`${t.status} = 'pending'`),
  ],
);

export type CoachInvitationRow = typeof coachInvitations.$inferSelect;
