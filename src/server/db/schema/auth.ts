// Tables of the auth feature (features/auth): sign-in sessions and their tokens.
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from './users';

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
