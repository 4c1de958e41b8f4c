import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The models replies run on: the offline one always, those configured by LLM_* variables, and those operators add
 * in the console (docs/admin.md, Models and prices).
 */
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
  /**
   * `env`: configured by LLM_MODELS, and its settings follow the environment at each start until an operator edits
   * one; then (or when added in the console) `console`, and the row alone is the truth. `builtin`: the offline model.
   * The default is `env` because every row before the console came from the environment.
   */
  source: text('source', { enum: ['builtin', 'env', 'console'] })
    .notNull()
    .default('env'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
