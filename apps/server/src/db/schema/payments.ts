import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';

/** A provider's message as kept on an order: where it came from, when, and its body as verified. */
export type ProviderPayload = {
  source: 'notification' | 'query' | 'answer';
  received_at: string;
  body: unknown;
};

/**
 * An order for VIP or chips: pending → paid → fulfilled, pending → closed, fulfilled → refunded
 * (docs/product.md, Money). Fulfilment happens once, in the transaction that sets `fulfilled`.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNo: text('order_no').notNull().unique(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['vip', 'chips'] }).notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    amountFen: integer('amount_fen').notNull(),
    chips: integer('chips').notNull().default(0),
    vipDays: integer('vip_days').notNull().default(0),
    /** The tier bought (kind vip). */
    vipTier: text('vip_tier'),
    channel: text('channel').notNull(),
    provider: text('provider', { enum: ['sandbox', 'wechatpay'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'fulfilled', 'closed', 'refunded'] })
      .notNull()
      .default('pending'),
    /** The client's Idempotency-Key: the same key of the same user gets the same order back. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the client needs to pay (the provider's answer), given again for a repeated request. */
    pay: jsonb('pay').$type<Record<string, unknown>>(),
    /** The provider's transaction number. */
    transactionId: text('transaction_id'),
    /**
     * What the provider said when the order was fulfilled: the verified notification's (decrypted) resource, or
     * the query's answer, kept for the operators (docs/admin.md, Money). Null before fulfilment and for orders
     * fulfilled before it was kept.
     */
    paymentPayload: jsonb('payment_payload').$type<ProviderPayload>(),
    /** The payer's openid (JSAPI, mini-program). */
    openid: text('openid'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    fulfilledAt: ts('fulfilled_at'),
    closedAt: ts('closed_at'),
    refundNo: text('refund_no'),
    /** When an operator last asked for the refund (a failed one may be asked again). */
    refundRequestedAt: ts('refund_requested_at'),
    refundStatus: text('refund_status', { enum: ['processing', 'succeeded', 'failed'] }),
    refundedAt: ts('refunded_at'),
    refundReason: text('refund_reason'),
    /** What a refund could not take back (chips spent, commission owed), in words. */
    refundNote: text('refund_note'),
    /** The provider's last word on the refund (its answer or its verified refund notification). */
    refundPayload: jsonb('refund_payload').$type<ProviderPayload>(),
  },
  (t) => [
    uniqueIndex('orders_user_key_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_refund_no_idx').on(t.refundNo),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_pending_idx').on(t.status, t.expiresAt),
    // Revenue per day of fulfilment (the console's dashboard), read from the index alone.
    index('orders_fulfilled_idx')
      .on(t.fulfilledAt, t.amountFen)
      .where(sql`${t.fulfilledAt} is not null`),
    // The operators' list: newest first, by day, and found by the provider's transaction number.
    index('orders_created_idx').on(t.createdAt),
    index('orders_transaction_idx').on(t.transactionId),
    check('orders_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** The OA openid of a user (WeChat web authorisation), per OA app: JSAPI payments need it. */
export const wechatOpenIds = pgTable(
  'wechat_openids',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);
