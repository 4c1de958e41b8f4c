import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

/** A batch of redeem codes made by an operator: chips or VIP days each, one use per user per batch. */
export const redeemBatches = pgTable('redeem_batches', {
  id: id(),
  kind: text('kind', { enum: ['chips', 'vip_days'] }).notNull(),
  value: integer('value').notNull(),
  quantity: integer('quantity').notNull(),
  expiresAt: ts('expires_at').notNull(),
  note: text('note').notNull().default(''),
  disabledAt: ts('disabled_at'),
  createdBy: ref('created_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: id(),
    batchId: ref('batch_id')
      .notNull()
      .references(() => redeemBatches.id),
    code: text('code').notNull().unique(),
    usedBy: ref('used_by').references(() => users.id),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('redeem_codes_batch_idx').on(t.batchId),
    // One code per user per batch, under any concurrency.
    uniqueIndex('redeem_codes_batch_user_idx').on(t.batchId, t.usedBy),
  ],
);
