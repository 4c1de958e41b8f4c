import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** The models replies run on: the offline one always, plus those configured by LLM_* variables. */
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
