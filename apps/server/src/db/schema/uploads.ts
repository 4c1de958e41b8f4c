import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

/** The contract's UPLOAD_PURPOSES, repeated here because drizzle-kit loads the schema without the workspace. */
const PURPOSES = ['avatar', 'bot_avatar', 'post_image', 'knowledge_doc'] as const;

/** A file a user uploaded, checked by content; the object itself is in the storage under `key`. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: PURPOSES }).notNull(),
    key: text('key').notNull().unique(),
    /** The sanitised original name, for display and downloads only. */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.purpose)],
);

/** A short-lived, single-use permission to upload one file for one purpose; the token is kept as a keyed hash. */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    maxBytes: integer('max_bytes').notNull(),
    /** Where a direct upload to object storage lands before it is checked; null when the app receives it. */
    stagingKey: text('staging_key'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('upload_grants_expires_idx').on(t.expiresAt)],
);
