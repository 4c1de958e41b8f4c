import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

export const models = pgTable('models', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  provider: text('provider', { enum: ['offline', 'openai'] }).notNull(),
  baseUrl: text('base_url'),
  apiKey: text('api_key'),
  upstreamModel: text('upstream_model').notNull(),
  chipPrice: integer('chip_price').notNull().default(1),
  vipOnly: boolean('vip_only').notNull().default(false),
  contextWindow: integer('context_window').notNull().default(8192),
  enabled: boolean('enabled').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** The editable settings of a bot, as a pending edit of a published bot keeps them until it is reviewed. */
export type BotContent = {
  name: string;
  avatar: string;
  intro: string;
  categoryId: string;
  tags: string[];
  persona: string;
  greeting: string;
  questions: string[];
  modelId: string | null;
  temperature: number;
  knowledgeBaseIds: number[];
};

export const bots = pgTable(
  'bots',
  {
    id: id(),
    /** Stable key of a seeded system bot; null for users' bots. */
    seedKey: text('seed_key').unique(),
    creatorId: ref('creator_id').references(() => users.id),
    name: text('name').notNull(),
    avatar: text('avatar').notNull(),
    intro: text('intro').notNull().default(''),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    persona: text('persona').notNull().default(''),
    greeting: text('greeting').notNull().default(''),
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    /** Null: the platform's default model, whichever it is at the time. */
    modelId: text('model_id'),
    temperature: real('temperature').notNull().default(0.7),
    knowledgeBaseIds: jsonb('knowledge_base_ids').$type<number[]>().notNull().default([]),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    status: text('status', { enum: ['draft', 'pending_review', 'published', 'rejected'] })
      .notNull()
      .default('draft'),
    isAssistant: boolean('is_assistant').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    chatCount: integer('chat_count').notNull().default(0),
    userCount: integer('user_count').notNull().default(0),
    favouriteCount: integer('favourite_count').notNull().default(0),
    /** Ranking of the "hot" sort, kept up to date with the counters. */
    hotScore: integer('hot_score').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
    deletedAt: ts('deleted_at'),
    /** An edit of a published bot waiting for review; the columns above keep serving until it passes. */
    pending: jsonb('pending').$type<BotContent>(),
    /** Set while the bot (or its pending edit) waits in the review queue: the queue's order. */
    submittedAt: ts('submitted_at'),
    /** Why the last review failed (of the bot, or of an edit of it); cleared by the next submission. */
    rejectReason: text('reject_reason'),
  },
  (t) => [
    index('bots_listing_hot_idx').on(t.status, t.visibility, t.hotScore, t.id),
    index('bots_listing_new_idx').on(t.status, t.visibility, t.publishedAt, t.id),
    index('bots_creator_idx').on(t.creatorId, t.id),
    index('bots_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.submittedAt} is not null`),
  ],
);

export const botFavourites = pgTable(
  'bot_favourites',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    botId: ref('bot_id')
      .notNull()
      .references(() => bots.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_favourites_user_bot_idx').on(t.userId, t.botId)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    botId: ref('bot_id')
      .notNull()
      .references(() => bots.id),
    title: text('title').notNull().default(''),
    lastMessage: text('last_message').notNull().default(''),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /**
     * The claim of the reply being written, if any: its chip hold's ref. One reply at a time per
     * conversation: claimed by a conditional update, released when the reply settles.
     */
    replyRef: text('reply_ref'),
    /** Until when the claim's process vouches for it (database time); renewed while the reply streams. */
    replyLease: ts('reply_lease'),
  },
  (t) => [
    index('conversations_user_idx').on(t.userId, t.updatedAt),
    index('conversations_bot_idx').on(t.botId),
    index('conversations_reply_lease_idx')
      .on(t.replyLease)
      .where(sql`${t.replyRef} is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => conversations.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['streaming', 'complete', 'stopped', 'failed'] }).notNull(),
    modelId: text('model_id'),
    chips: integer('chips').notNull().default(0),
    rating: smallint('rating').notNull().default(0),
    error: text('error'),
    citations: jsonb('citations')
      .$type<{ index: number; document: string; heading: string; passage: string; score: number }[]>()
      .notNull()
      .default([]),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Append-only: every change of a user's chips. sum(delta) = users.chips, always. */
export const chipLedger = pgTable(
  'chip_ledger',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chip_ledger_user_idx').on(t.userId, t.id),
    check('chip_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Chips set aside for a reply in progress, so concurrent replies cannot spend the same chips. */
export const chipHolds = pgTable(
  'chip_holds',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    ref: text('ref').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('chip_holds_user_idx').on(t.userId)],
);
