import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { coachInvitationStatuses, coachVerificationStatuses, connectionStatuses, packageShownModes } from '../../domain/coaching/coaching';
import { calendarStatuses, roadOrTrailValues } from '../../domain/event-calendar/event-calendar';
import { groupRunStatuses } from '../../domain/group-runs/group-runs';
import { eventPaymentTypes, eventStatuses } from '../../domain/events/events';
import { refundModes, registrationPaymentStatuses, registrationStatuses } from '../../domain/registrations/registrations';
import { orderKinds, orderStatuses, paymentGatewayNames } from '../../domain/payments/payments';
import { grantKinds, subscriptionStatuses } from '../../domain/subscriptions/subscription';
import { roles } from '../../domain/users/roles';
import { JAKARTA_TIME_ZONE } from '../../domain/shared/jakarta-time';
import { generatedByValues, periodizationValues } from '../../domain/training-plan/training-plan';
import { resultSources, stravaActivityStatuses } from '../../domain/strava/strava';

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

/** One sign-in on one device; every refresh token of that sign-in belongs to it. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text('client', { enum: ['web', 'mobile'] }).notNull().default('web'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes; each is usable once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * One-time codes that hand a browser sign-in over to the mobile app (decision 008). Stored only as
 * SHA-256 hashes; each is bound to the user who pressed 'Buka Aplikasi' and to the app's PKCE
 * challenge, lives 60 seconds and is claimed once (used_at) by `POST /api/auth/mobile-handoff`.
 */
export const mobileHandoffCodes = pgTable(
  'mobile_handoff_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** base64url(SHA-256(code_verifier)), the app's S256 challenge. */
    codeChallenge: text('code_challenge').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The mobile session the code became (audit). */
    sessionId: uuid('session_id').references(() => authSessions.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('mobile_handoff_codes_hash_key').on(t.codeHash), index('mobile_handoff_codes_expires_idx').on(t.expiresAt)],
);

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

/**
 * One payment (DESIGN.md §5). Its status changes only through a verified gateway notification (or
 * the sandbox checkout) and the expiry sweep; what it pays for is described by `metadata` and is
 * granted by the owning feature's fulfilment hook in the same transaction.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: orderKinds }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whole rupiah. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    gateway: text('gateway', { enum: paymentGatewayNames }).notNull(),
    /** The order id sent to the gateway (Midtrans `order_id`); unguessable, so it can sit in a URL. */
    gatewayRef: text('gateway_ref').notNull(),
    /** The gateway's handle for the checkout (Snap token). */
    checkoutToken: text('checkout_token'),
    paymentUrl: text('payment_url'),
    enabledPayments: text('enabled_payments').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the payer returns after the checkout (absolute). */
    finishUrl: text('finish_url').notNull(),
    /** From the notification that settled it: Midtrans `payment_type` and `transaction_id`. */
    paymentType: text('payment_type'),
    gatewayTransactionId: text('gateway_transaction_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_gateway_ref_key').on(t.gatewayRef),
    index('orders_user_idx').on(t.userId),
    index('orders_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'failed')`),
    check('orders_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The audit trail of verified notifications (signature and status code checked): one row per
 * distinct (order, outcome, claimed status, status the gateway confirmed), so a replayed
 * notification adds to `count` instead of a row. Rejected ones are summarised in
 * `payment_notification_rejections`.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway', { enum: paymentGatewayNames }).notNull(),
    orderRef: text('order_ref'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull(),
    /** What the webhook did with it: applied, duplicate, unconfirmed, ignored_transition, unknown_order, … */
    outcome: text('outcome').notNull(),
    /** The status the notification claimed (Midtrans `transaction_status`). */
    transactionStatus: text('transaction_status'),
    /** What the gateway's status API said when asked before a change (null: not asked). */
    confirmedStatus: text('confirmed_status'),
    /** The first such notification's body, bounded in size. */
    body: jsonb('body').notNull(),
    count: integer('count').notNull().default(1),
    /** SHA-256 of the latest such body: an identical replay gets the last answer without asking the gateway again. */
    lastBodySha256: text('last_body_sha256'),
    /** `gateway|order ref|outcome|claimed|confirmed`: what makes two notifications the same entry. */
    dedupKey: text('dedup_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderId),
    index('payment_notifications_received_idx').on(t.receivedAt),
    uniqueIndex('payment_notifications_dedup_key').on(t.dedupKey),
  ],
);

/**
 * Notifications the webhook refused (bad signature, unreadable, status code not matching the
 * status), as a bounded summary — never the body: one row per hour, sender address, reason and
 * targeted order (null for refs that match no order), counting repeats.
 */
export const paymentNotificationRejections = pgTable(
  'payment_notification_rejections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `hour|sender|reason|order id or -`. */
    key: text('key').notNull(),
    gateway: text('gateway', { enum: paymentGatewayNames }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** The sender's address as the rate limit sees it. */
    sender: text('sender').notNull(),
    /** forged, malformed or status_code_mismatch. */
    reason: text('reason').notNull(),
    /** The order the claimed ref names, when it names one of ours. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The latest claims, truncated: order ref, transaction status, status code. */
    claimedOrderRef: text('claimed_order_ref'),
    claimedStatus: text('claimed_status'),
    claimedStatusCode: text('claimed_status_code'),
    /** Size and SHA-256 of the latest body (for matching against the gateway's dashboard or logs). */
    bodyBytes: integer('body_bytes').notNull(),
    bodySha256: text('body_sha256').notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_notification_rejections_key').on(t.key),
    index('payment_notification_rejections_order_idx').on(t.orderId),
    index('payment_notification_rejections_last_idx').on(t.lastAt),
  ],
);

/**
 * The built-in sandbox gateway's own record of what happened at its checkout page, one row per
 * order ref: what its status API answers (never read from `orders`, or the confirmation would
 * prove nothing). Only used without Midtrans.
 */
export const paymentSandboxTransactions = pgTable('payment_sandbox_transactions', {
  orderRef: text('order_ref').primaryKey(),
  /** A Midtrans `transaction_status`: settlement, deny, refund, cancel, … */
  transactionStatus: text('transaction_status').notNull(),
  grossAmount: integer('gross_amount').notNull(),
  paymentType: text('payment_type'),
  transactionId: text('transaction_id').notNull(),
  /** The refund made at the sandbox checkout's "gateway" (one per order): its key and amount, so a replay is answered, not repeated. */
  refundKey: text('refund_key'),
  refundAmount: integer('refund_amount'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money sent back for a paid order through its gateway (issue 13, decision 021): at most one refund
 * per order, keyed by `refund_key` at the gateway so a retried request never refunds twice. A row is
 * written before the gateway is asked (`requested`), then `succeeded` (the order became refunded in
 * the same transaction) or `failed` (nothing changed; a retry sends the same key and amount).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Sent to the gateway as `refund_key` (letters, digits, - and _). */
    refundKey: text('refund_key').notNull(),
    /** Whole rupiah. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['requested', 'succeeded', 'failed'] }).notNull().default('requested'),
    /** The gateway's id of the refund (Midtrans `refund_chargeback_id`). */
    gatewayRefundId: text('gateway_refund_id'),
    lastError: text('last_error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_refunds_order_key').on(t.orderId),
    uniqueIndex('order_refunds_refund_key_key').on(t.refundKey),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export type UserRow = typeof users.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type TrainingRunRow = typeof trainingRuns.$inferSelect;

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
  },
  (t) => [
    uniqueIndex('event_categories_event_category_key').on(t.eventRef, t.categoryId),
    check('event_categories_sold_within_slots', sql`${t.sold} >= 0 and ${t.sold} <= ${t.slots}`),
    check('event_categories_price_positive', sql`${t.price} > 0 and ${t.slots} > 0 and ${t.adminFee} >= 0`),
  ],
);

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

/** Files uploaded through the storage port (event header images, payment QR images). */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Storage key, e.g. `events/2f0c…e1.png`. */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * `public` files (event and coach images) are served to anyone by GET /api/files/{key};
     * `private` ones (proofs of transfer) never are, only through the route that checks who asks.
     */
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull().default('public'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_key_key').on(t.key)],
);

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

export type EventRow = typeof events.$inferSelect;
export type EventCategoryRow = typeof eventCategories.$inferSelect;
export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;
export type RunnerRegistrationRow = typeof runnerRegistrations.$inferSelect;

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
 * The subscription ledger: every change to a user's period (trial, a paid order, pay as you go, an
 * admin's grant with its reason, days taken back by a refund). A paid order grants at most once
 * (`order_id` unique), whatever the gateway repeats.
 */
export const subscriptionGrants = pgTable(
  'subscription_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: grantKinds }).notNull(),
    /** Days added (negative: taken back). */
    days: integer('days').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_grants_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscription_grants_order_kind_key').on(t.orderId, t.kind),
  ],
);
export type SubscriptionGrantRow = typeof subscriptionGrants.$inferSelect;

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
