import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

/** The contract's notice categories, repeated here because drizzle-kit loads the schema without the workspace. */
const CATEGORIES = ['system', 'review', 'interaction'] as const;

/**
 * The message centre. A notice with a user is that user's; one without is an operator broadcast, stored once
 * and read by everyone who registered before it was sent.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    userId: ref('user_id').references(() => users.id),
    category: text('category', { enum: CATEGORIES }).notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notices_user_idx').on(t.userId, t.category, t.id),
    index('notices_broadcast_idx')
      .on(t.category, t.id)
      .where(sql`${t.userId} is null`),
  ],
);

/** Read state: a user has read a category up to a notice id (so unread counts need no row per notice). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category', { enum: CATEGORIES }).notNull(),
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);
