// Tables of the events feature. `event_categories.sold` (the anti-oversell counter) is written only by
// features/events/service.slots.ts (reserveCategorySlot / releaseCategorySlots).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { eventPaymentTypes, eventStatuses } from '../../../domain/events/events';
import { JAKARTA_TIME_ZONE } from '../../../domain/shared/jakarta-time';
import { users } from './users';

/** A running event created by an organizer (or admin); public only once an admin accepts it. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Slug of the name (the spec's `eventId`), unique so the spec's `/event/{eventId}` paths are unambiguous. */
    eventId: text('event_id').notNull(),
    /** Lowercase letters, digits and hyphens; the public `/register/{code}` address. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    headerImage: text('header_image'),
    location: text('location').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    regOpen: timestamp('reg_open', { withTimezone: true }).notNull(),
    regClose: timestamp('reg_close', { withTimezone: true }).notNull(),
    earlyBirdEndDate: timestamp('early_bird_end_date', { withTimezone: true }),
    /** IANA zone the event's times are shown in (DESIGN.md §5: Asia/Jakarta unless the event says otherwise). */
    timezone: text('timezone').notNull().default(JAKARTA_TIME_ZONE),
    paymentType: text('payment_type', { enum: eventPaymentTypes }).notNull(),
    paymentOptions: text('payment_options').array().notNull().default(sql`'{}'::text[]`),
    paymentQrImage: text('payment_qr_image'),
    paymentInstructions: text('payment_instructions'),
    status: text('status', { enum: eventStatuses }).notNull().default('diajukan'),
    /** Canceled by its organizer or an admin (status `dibatalkan`): when, by whom and the notice mailed to every runner. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledBy: uuid('canceled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelNotice: text('cancel_notice'),
    /** The organizer's choice: a slot is held only after the runner types the 6-digit code mailed to them (issue 26 §5). */
    emailCodeRequired: boolean('email_code_required').notNull().default(false),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_code_key').on(t.code),
    uniqueIndex('events_event_id_key').on(t.eventId),
    index('events_status_idx').on(t.status),
    index('events_created_by_idx').on(t.createdBy),
  ],
);

/** A race category of an event; `sold` counts held slots (pending + confirmed) and never passes `slots`. */
export const eventCategories = pgTable(
  'event_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventRef: uuid('event_ref')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    categoryId: text('category_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Whole rupiah. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    slots: integer('slots').notNull(),
    sold: integer('sold').notNull().default(0),
    adminFee: integer('admin_fee').notNull().default(10000),
    earlyBird: boolean('early_bird').notNull().default(false),
    earlyBirdEndDate: timestamp('early_bird_end_date', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    /**
     * Bib numbers (issue 28 §6, domain/events/bib-numbers.ts): the prefix and the range of numbers
     * this category's runners get when confirmed; no range (both null), no numbers. The numbers are
     * counted and handed out by the registrations feature (registration_bib_counters).
     */
    bibPrefix: text('bib_prefix').notNull().default(''),
    bibStart: integer('bib_start'),
    bibEnd: integer('bib_end'),
  },
  (t) => [
    uniqueIndex('event_categories_event_category_key').on(t.eventRef, t.categoryId),
    check('event_categories_bib_range', sql`(${t.bibStart} is null) = (${t.bibEnd} is null) and (${t.bibStart} is null or (${t.bibStart} >= 0 and ${t.bibEnd} >= ${t.bibStart}))`),
    check('event_categories_sold_within_slots', sql`${t.sold} >= 0 and ${t.sold} <= ${t.slots}`),
    check('event_categories_price_positive', sql`${t.price} > 0 and ${t.slots} > 0 and ${t.adminFee} >= 0`),
  ],
);

export type EventRow = typeof events.$inferSelect;

export type EventCategoryRow = typeof eventCategories.$inferSelect;
