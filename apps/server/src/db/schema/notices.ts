import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, translations, ts } from './columns.js';

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
    /**
     * An interaction notice's group (`{kind}:{target}`, e.g. `post_like:42`): while unread, a new action of the
     * same kind on the same target joins this row instead of adding one (docs/community.md, Messages).
     */
    groupKey: text('group_key'),
    /** How many distinct actors the row holds (its `notice_actors`). */
    actorCount: integer('actor_count').notNull().default(0),
    /**
     * The comment whose words the body quotes, if any: when it is deleted or removed, the body stops quoting it,
     * read or not (docs/community.md, Messages). No foreign key: comments are the community's table.
     */
    quotedCommentId: ref('quoted_comment_id'),
    /** The operator who sent a broadcast (null on other notices, and on broadcasts sent before it was kept). */
    sentBy: ref('sent_by').references(() => users.id),
    /**
     * Title (and a broadcast's body) in other locales: a system notice's title from the catalogue of titles when
     * written, a broadcast's from the operator (docs/i18n.md, Data the platform owns).
     */
    translations: translations(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notices_user_idx').on(t.userId, t.category, t.id),
    index('notices_group_idx')
      .on(t.userId, t.groupKey, t.id)
      .where(sql`${t.groupKey} is not null`),
    check('notices_actor_count_non_negative', sql`${t.actorCount} >= 0`),
    index('notices_broadcast_idx')
      .on(t.category, t.id)
      .where(sql`${t.userId} is null`),
    index('notices_quoted_idx')
      .on(t.quotedCommentId)
      .where(sql`${t.quotedCommentId} is not null`),
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

/** Who acted in an aggregated interaction notice (newest by `createdAt`). */
export const noticeActors = pgTable(
  'notice_actors',
  {
    noticeId: ref('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    actorId: ref('actor_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.actorId] })],
);
