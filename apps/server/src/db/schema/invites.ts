import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

/**
 * An invite reward to an inviter (docs/product.md, Money): chips at the invitee's signup, or a commission of
 * an invitee's fulfilled order (or its reversal by a refund). One of each per invitee or order.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: id(),
    inviterId: ref('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: ref('invitee_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['signup', 'commission', 'commission_reversal'] }).notNull(),
    chips: integer('chips').notNull().default(0),
    amountFen: integer('amount_fen').notNull().default(0),
    orderNo: text('order_no'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invite_rewards_inviter_idx').on(t.inviterId, t.id),
    uniqueIndex('invite_rewards_signup_idx')
      .on(t.inviteeId)
      .where(sql`${t.kind} = 'signup'`),
    uniqueIndex('invite_rewards_order_idx').on(t.kind, t.orderNo),
  ],
);
