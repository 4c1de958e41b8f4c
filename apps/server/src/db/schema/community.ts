import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { bots } from './bots.js';
import { id, ref, ts } from './columns.js';

/** The contract's statuses, repeated here because drizzle-kit loads the schema without the workspace. */
const POST_STATUSES = ['published', 'pending_review', 'rejected', 'deleted'] as const;
const REPORT_REASONS = ['spam', 'porn', 'abuse', 'illegal', 'fraud', 'infringement', 'other'] as const;

export type SnippetMessageRow = { role: 'user' | 'assistant'; content: string };
export type PostImageRow = { uploadId: number; url: string; width: number; height: number };
/** The copy of a snippet a post carries (docs/community.md, Snippets). */
export type PostSnippetRow = {
  title: string;
  note: string;
  botId: number | null;
  messages: SnippetMessageRow[];
  createdAt: string;
};

/** Saved chat messages: a copy of their text when saved, private to the owner. */
export const snippets = pgTable(
  'snippets',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    botId: ref('bot_id').references(() => bots.id),
    conversationId: ref('conversation_id'),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    messages: jsonb('messages').$type<SnippetMessageRow[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('snippets_user_idx').on(t.userId, t.id)],
);

/** Topics (#话题): a list operators keep. */
export const topics = pgTable(
  'topics',
  {
    id: id(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topics_name_idx').on(t.name)],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    authorId: ref('author_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<PostImageRow[]>().notNull().default([]),
    botId: ref('bot_id').references(() => bots.id),
    snippetId: ref('snippet_id'),
    snippet: jsonb('snippet').$type<PostSnippetRow>(),
    topicId: ref('topic_id').references(() => topics.id),
    status: text('status', { enum: POST_STATUSES }).notNull(),
    /** The listed word that held it for review, if that is why it waits. */
    flaggedWord: text('flagged_word'),
    /** Hidden by reports past the threshold, until an operator decides. */
    hiddenByReports: boolean('hidden_by_reports').notNull().default(false),
    rejectReason: text('reject_reason'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    favouriteCount: integer('favourite_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    /**
     * The 推荐 rank, computed on every write that changes the engagement (docs/community.md, Feeds): log-scaled
     * engagement plus the creation time, so that one indexed query orders the feed.
     */
    score: doublePrecision('score').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('posts_recommend_idx')
      .on(t.score.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('posts_latest_idx')
      .on(t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('posts_topic_idx')
      .on(t.topicId, t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('posts_author_idx').on(t.authorId, t.id.desc()),
    index('posts_review_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'pending_review'`),
    check(
      'posts_counts_non_negative',
      sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0 and ${t.favouriteCount} >= 0 and ${t.reportCount} >= 0`,
    ),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: ref('post_id')
      .notNull()
      .references(() => posts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

export const postFavourites = pgTable(
  'post_favourites',
  {
    id: id(),
    postId: ref('post_id')
      .notNull()
      .references(() => posts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_favourites_post_user_idx').on(t.postId, t.userId),
    index('post_favourites_user_idx').on(t.userId, t.id.desc()),
  ],
);

/**
 * Comments with one level of replies: a reply's `rootId` is the top-level comment it sits under, `replyToId`
 * the comment it answers (the root or another reply) and `replyToUserId` whom it names (回复 @昵称).
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: ref('post_id')
      .notNull()
      .references(() => posts.id),
    authorId: ref('author_id')
      .notNull()
      .references(() => users.id),
    rootId: ref('root_id'),
    replyToId: ref('reply_to_id'),
    replyToUserId: ref('reply_to_user_id').references(() => users.id),
    content: text('content').notNull(),
    status: text('status', { enum: POST_STATUSES }).notNull(),
    flaggedWord: text('flagged_word'),
    rejectReason: text('reject_reason'),
    likeCount: integer('like_count').notNull().default(0),
    /** Visible replies under a top-level comment. */
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('comments_post_idx')
      .on(t.postId, t.id.desc())
      .where(sql`${t.rootId} is null`),
    index('comments_root_idx')
      .on(t.rootId, t.id)
      .where(sql`${t.rootId} is not null`),
    index('comments_review_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending_review'`),
    check('comments_counts_non_negative', sql`${t.likeCount} >= 0 and ${t.replyCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: ref('comment_id')
      .notNull()
      .references(() => comments.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** One report per user and post; the post's `reportCount` counts the distinct reporters. */
export const postReports = pgTable(
  'post_reports',
  {
    id: id(),
    postId: ref('post_id')
      .notNull()
      .references(() => posts.id),
    reporterId: ref('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    detail: text('detail').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text('resolution', { enum: ['dismiss', 'remove'] }),
    resolvedBy: ref('resolved_by').references(() => users.id),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_reports_post_reporter_idx').on(t.postId, t.reporterId),
    index('post_reports_open_idx')
      .on(t.postId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** 拉黑: the blocker no longer sees the blocked user's posts and comments; they cannot comment on the blocker's. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: ref('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: ref('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);
