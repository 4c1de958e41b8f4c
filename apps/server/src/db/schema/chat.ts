import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { bots } from './bots.js';
import { id, ref, ts } from './columns.js';

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
    // Conversations started per day (the console's dashboard).
    index('conversations_created_idx').on(t.createdAt),
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
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // The creators' daily settlement reads a day of charged replies (docs/money.md, Creator earnings).
    index('messages_charged_idx')
      .on(t.createdAt)
      .where(sql`${t.chips} > 0`),
    // Replies completed per day (the console's dashboard).
    index('messages_replies_idx')
      .on(t.createdAt)
      .where(sql`${t.role} = 'assistant' and ${t.status} = 'complete'`),
  ],
);
