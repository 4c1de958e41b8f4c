import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, translations, ts } from './columns.js';

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  /** An emoji or an image URL the catalogue shows beside the name; '' for none (docs/admin.md, Catalogue). */
  icon: text('icon').notNull().default(''),
  /** The name in other locales. */
  translations: translations(),
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
    /** Order among home's featured bots, smallest first (docs/admin.md, Catalogue). */
    featuredSort: integer('featured_sort').notNull().default(0),
    /** Pinned at the top of discover, in `discover_sort` order, smallest first. */
    discoverPinned: boolean('discover_pinned').notNull().default(false),
    discoverSort: integer('discover_sort').notNull().default(0),
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
    /** A system bot's texts in other locales; a user's bot never has any (its words stay as written). */
    translations: translations(),
  },
  (t) => [
    index('bots_listing_hot_idx').on(t.status, t.visibility, t.hotScore, t.id),
    index('bots_listing_new_idx').on(t.status, t.visibility, t.publishedAt, t.id),
    index('bots_creator_idx').on(t.creatorId, t.id),
    index('bots_featured_idx')
      .on(t.featuredSort, t.id)
      .where(sql`${t.featured}`),
    index('bots_discover_pinned_idx')
      .on(t.discoverSort, t.id)
      .where(sql`${t.discoverPinned}`),
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
