// Tables of the registrations feature: registrations, their audit trail, the hoarding guards, email
// codes and the waiting list.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { refundModes, registrationPaymentStatuses, registrationStatuses } from '../../../domain/registrations/registrations';
import { eventCategories, events } from './events';
import { orders } from './payments';
import { users } from './users';

/** A runner's registration for one category of an event (public: no account needed). */
export const runnerRegistrations = pgTable(
  'runner_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-facing id shown on the success page and in the CSV (e.g. `REG-7K3Q9XPA`). */
    registrationId: text('registration_id').notNull(),
    /** What the QR code carries: 128 random bits, never a counter. */
    qrToken: text('qr_token').notNull(),
    eventRef: uuid('event_ref')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    categoryRef: uuid('category_ref')
      .notNull()
      .references(() => eventCategories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: registrationStatuses }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: registrationPaymentStatuses }).notNull().default('pending'),
    /** Whole rupiah: category price + admin fee at the time of registration. */
    eventFee: integer('event_fee').notNull(),
    adminFee: integer('admin_fee').notNull(),
    paymentAmount: integer('payment_amount').notNull(),
    paymentMethod: text('payment_method'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    bibName: text('bib_name').notNull(),
    /**
     * The bib number ('10K-0231'), given with the confirmation from the category's range (issue 28
     * §6, public/bib-numbers.ts); null before, and when the range is unset or ran out. Kept after a
     * cancellation: a number handed out is never handed out again.
     */
    bibNumber: text('bib_number'),
    community: text('community').notNull().default('-'),
    bloodType: text('blood_type').notNull(),
    tshirtSize: text('tshirt_size').notNull(),
    sex: text('sex').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    identityType: text('identity_type').notNull(),
    identityNo: text('identity_no').notNull(),
    emergencyName: text('emergency_name').notNull(),
    emergencyContact: text('emergency_contact').notNull(),
    medicalNotes: text('medical_notes').notNull().default('-'),
    /**
     * The identity number and email as compared for "one pending registration per identity number
     * and per email per event" (see domain/registration-identity.ts). Null only on rows written
     * before these columns existed, which therefore never block a new registration.
     */
    identityKey: text('identity_key'),
    emailKey: text('email_key'),
    /** Until when an unpaid reservation holds its slot. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    racepackCollectedAt: timestamp('racepack_collected_at', { withTimezone: true }),
    racepackCollectedBy: uuid('racepack_collected_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The offline desk device whose mark took the racepack (its random id and the name a volunteer
     * gave it); null for a scan made online (decision 022).
     */
    racepackCollectedDevice: text('racepack_collected_device'),
    racepackCollectedDeviceName: text('racepack_collected_device_name'),
    /**
     * Self-managed payment: the runner's proof of transfer (a private upload: only the event's
     * organizer and admins may fetch it) and when it was sent; the latest one wins.
     */
    paymentProofKey: text('payment_proof_key'),
    paymentProofSubmittedAt: timestamp('payment_proof_submitted_at', { withTimezone: true }),
    paymentVerifiedAt: timestamp('payment_verified_at', { withTimezone: true }),
    paymentVerifiedBy: uuid('payment_verified_by').references(() => users.id, { onDelete: 'set null' }),
    /** The organizer's latest rejection of a proof, and why (mailed to the runner). */
    paymentRejectedAt: timestamp('payment_rejected_at', { withTimezone: true }),
    paymentRejectedBy: uuid('payment_rejected_by').references(() => users.id, { onDelete: 'set null' }),
    paymentRejectionReason: text('payment_rejection_reason'),
    /** When the "your hold ends soon" mail went out for the current hold (reset when a rejection starts a new one). */
    holdReminderSentAt: timestamp('hold_reminder_sent_at', { withTimezone: true }),
    /**
     * Canceled by the organizer, an admin or the event's cancellation (decision 021): when, by whom
     * (null: the event's cancellation job), why, and what happens to the money: `gateway` refunded
     * through the payment module, `manual` to be settled by hand (self-managed payments) until
     * `refundSettledAt`, `none` nothing paid back.
     */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledBy: uuid('canceled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    refundMode: text('refund_mode', { enum: refundModes }),
    /** Whole rupiah sent back (gateway) or owed (manual). */
    refundAmount: integer('refund_amount'),
    refundSettledAt: timestamp('refund_settled_at', { withTimezone: true }),
    refundSettledBy: uuid('refund_settled_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The registering client's address (IPv4, or IPv6 /64), as a keyed hash (no address stored):
     * the proof of work gets harder with the live unpaid holds of one address on the event (issue 26 §5).
     */
    clientAddressKey: text('client_address_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('runner_registrations_registration_id_key').on(t.registrationId),
    index('runner_registrations_address_holds_idx')
      .on(t.eventRef, t.clientAddressKey)
      .where(sql`${t.status} in ('pending', 'awaiting_verification') and ${t.clientAddressKey} is not null`),
    uniqueIndex('runner_registrations_qr_token_key').on(t.qrToken),
    // Never one bib twice in an event, whatever the counters say (NULLs never clash).
    uniqueIndex('runner_registrations_event_bib_key').on(t.eventRef, t.bibNumber),
    index('runner_registrations_event_created_idx').on(t.eventRef, t.createdAt),
    index('runner_registrations_order_idx').on(t.orderId),
    // 'Event Diikuti': a signed-in runner's registrations, by account and by email.
    index('runner_registrations_user_idx').on(t.userId),
    index('runner_registrations_email_key_idx').on(t.emailKey),
    index('runner_registrations_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    // A second attempt cannot hold a second slot, even when two arrive at the same instant.
    // A proof of transfer awaiting the organizer still holds its slot unpaid: it counts as pending here.
    uniqueIndex('runner_registrations_pending_identity_key').on(t.eventRef, t.identityKey).where(sql`${t.status} in ('pending', 'awaiting_verification')`),
    uniqueIndex('runner_registrations_pending_email_key').on(t.eventRef, t.emailKey).where(sql`${t.status} in ('pending', 'awaiting_verification')`),
    // The 'refund manual' list: canceled registrations whose money is still to be paid back by hand.
    index('runner_registrations_manual_refund_idx').on(t.eventRef).where(sql`${t.refundMode} = 'manual' and ${t.refundSettledAt} is null`),
  ],
);

/**
 * The audit trail of corrections to a runner's data by the organizer or an admin (issue 13 item 2):
 * who changed which field of which registration when, from what to what. Rows are only added.
 */
export const registrationChanges = pgTable(
  'registration_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationRef: uuid('registration_ref')
      .notNull()
      .references(() => runnerRegistrations.id, { onDelete: 'cascade' }),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept with the row: the user may be deleted or renamed later. */
    changedByName: text('changed_by_name').notNull(),
    /** A `runnerData` field name (bibName, tshirtSize, …). */
    field: text('field').notNull(),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_changes_registration_idx').on(t.registrationRef, t.changedAt)],
);

export type RegistrationChangeRow = typeof registrationChanges.$inferSelect;

/**
 * Registration attempts per identity number per event, counted in fixed one-hour windows (the
 * per-identity limit; shared by every server because it lives here). Old windows are swept.
 */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    eventRef: uuid('event_ref')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    identityKey: text('identity_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventRef, t.identityKey, t.windowStart] }), index('registration_attempts_window_idx').on(t.windowStart)],
);

/**
 * The 6-digit email codes of events that ask for one (issue 26 §5, decision 033): one live code per
 * event and email, stored as an HMAC only; `attempts` wrong guesses end it, `sends` in the hour
 * from `windowStart` cap the mails, `sentAt` paces 'Kirim ulang kode'. Consumed by the registration
 * that holds the slot, in its transaction.
 */
export const registrationEmailCodes = pgTable(
  'registration_email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventRef: uuid('event_ref')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    emailKey: text('email_key').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('registration_email_codes_event_email_key').on(t.eventRef, t.emailKey), index('registration_email_codes_expiry_idx').on(t.expiresAt)],
);

export const waitingListStatuses = ['waiting', 'offered', 'claimed', 'lapsed'] as const;

/**
 * 'Daftar Tunggu' (issue 26 §5, decision 033): runners waiting for a full category, first come
 * first served. A freed slot is not given back to the public: it stays counted in `sold` and goes
 * to the next `waiting` entry (`offered`, `offeredAt`); a job mails the claim link (only its hash
 * is kept) and starts its 30 minutes (`offerExpiresAt`); unclaimed, it lapses and passes on.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventRef: uuid('event_ref')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    categoryRef: uuid('category_ref')
      .notNull()
      .references(() => eventCategories.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    status: text('status', { enum: waitingListStatuses }).notNull().default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** Null until the offer's mail is written (the 30 minutes start then). */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    offerTokenHash: text('offer_token_hash'),
    registrationRef: uuid('registration_ref').references(() => runnerRegistrations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live place per email per category.
    uniqueIndex('waiting_list_entries_live_email_key').on(t.categoryRef, t.emailKey).where(sql`${t.status} in ('waiting', 'offered')`),
    index('waiting_list_entries_queue_idx').on(t.categoryRef, t.createdAt).where(sql`${t.status} = 'waiting'`),
    index('waiting_list_entries_offered_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
    uniqueIndex('waiting_list_entries_token_key').on(t.offerTokenHash),
  ],
);

/**
 * Solved proof-of-work challenges of the registration form, kept until the challenge itself
 * expires so that each one is accepted once, whichever server sees it.
 */
export const usedRegistrationChallenges = pgTable(
  'used_registration_challenges',
  {
    /** The challenge's HMAC signature (hex): unique per challenge, and only our server can make one. */
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Where and by whom it was spent (issue 26 §5): the event and the client's address key (see
     * runner_registrations.client_address_key). Recent ones count as holds on their way, so
     * simultaneous submits from one address cannot all pass at the easy difficulty.
     */
    eventRef: uuid('event_ref'),
    addressKey: text('address_key'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('used_registration_challenges_expiry_idx').on(t.expiresAt),
    index('used_registration_challenges_address_idx').on(t.eventRef, t.addressKey, t.redeemedAt),
  ],
);

/**
 * The bib counter of a category (issue 28 §6): the next number to hand out. Moved only by one
 * conditional UPDATE … RETURNING in the confirming transaction (bib-numbers.ts), so concurrent
 * confirmations queue on this row for one statement and each gets its own number. The category's
 * range lives on event_categories (events'); the larger of `next_number` and the range's start wins,
 * so a moved range never hands out a number twice.
 */
export const registrationBibCounters = pgTable('registration_bib_counters', {
  categoryRef: uuid('category_ref')
    .primaryKey()
    .references(() => eventCategories.id, { onDelete: 'cascade' }),
  nextNumber: integer('next_number').notNull().default(0),
});

export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;

export type RunnerRegistrationRow = typeof runnerRegistrations.$inferSelect;
