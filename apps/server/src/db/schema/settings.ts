import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { translations, ts } from './columns.js';

/** Operator-editable settings by key (the public ones and the rules); a missing key takes its default. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** Title and body in other locales. */
  translations: translations(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
