// Tables of the uploads feature: files stored through the storage port.
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from './users';

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
