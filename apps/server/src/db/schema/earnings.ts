import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

/** A withdrawal of earnings: pending → approved → paid, or pending|approved → rejected (money returns). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    amountFen: integer('amount_fen').notNull(),
    feeFen: integer('fee_fen').notNull().default(0),
    channel: text('channel', { enum: ['wechat', 'alipay'] }).notNull(),
    account: text('account').notNull(),
    realName: text('real_name').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    reviewedBy: ref('reviewed_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_user_key_idx').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** A creator's share of the chips others spent on one published bot in one day (China time), settled once. */
export const creatorEarnings = pgTable(
  'creator_earnings',
  {
    id: id(),
    botId: ref('bot_id').notNull(),
    creatorId: ref('creator_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    chips: integer('chips').notNull(),
    amountFen: integer('amount_fen').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('creator_earnings_bot_day_idx').on(t.botId, t.day),
    index('creator_earnings_creator_idx').on(t.creatorId, t.id),
  ],
);
