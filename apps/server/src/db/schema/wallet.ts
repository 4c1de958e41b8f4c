import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

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
    // Chips charged for replies per day (the console's dashboard), read from the index alone.
    index('chip_ledger_chat_idx')
      .on(t.createdAt, t.delta)
      .where(sql`${t.reason} = 'chat'`),
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

/** Append-only: every change of a user's available earnings (fen). sum(delta) = users.earnings, always. */
export const earningsLedger = pgTable(
  'earnings_ledger',
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
    index('earnings_ledger_user_idx').on(t.userId, t.id),
    check('earnings_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * A user's membership beyond its expiry (users.vip_expires_at, which sessions read): the tier last bought and
 * when the next monthly chip grant is due.
 */
export const memberships = pgTable(
  'memberships',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id),
    tier: text('tier').notNull(),
    nextGrantAt: ts('next_grant_at'),
    /** The expiry the "about to expire" notice was sent for (a renewal makes a new one due). */
    expiryNoticeFor: ts('expiry_notice_for'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('memberships_next_grant_idx').on(t.nextGrantAt)],
);
