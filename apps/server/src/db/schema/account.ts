import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

import { id, ts } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null once the account is deleted: the number may register again as a new person. */
    phone: text('phone').unique(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull(),
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday', { mode: 'string' }),
    bio: text('bio').notNull().default(''),
    inviteCode: text('invite_code').notNull().unique(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['active', 'disabled', 'deleted'] })
      .notNull()
      .default('active'),
    chips: integer('chips').notNull().default(0),
    /** Chips set aside for replies in progress (the sum of the user's chip_holds). */
    chipsHeld: integer('chips_held').notNull().default(0),
    vipExpiresAt: ts('vip_expires_at'),
    /** Earnings in fen (docs/product.md, Money): available to withdraw, = sum(earnings_ledger). */
    earnings: integer('earnings').notNull().default(0),
    /** Earnings held by open withdrawals (already taken off `earnings` by a ledger row). */
    earningsFrozen: integer('earnings_frozen').notNull().default(0),
    /** A refund's commission that could not be taken back: settled from later earnings first. */
    earningsDebt: integer('earnings_debt').notNull().default(0),
    lastLoginAt: ts('last_login_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    check('users_chips_non_negative', sql`${t.chips} >= 0`),
    check('users_chips_held_non_negative', sql`${t.chipsHeld} >= 0`),
    check('users_earnings_non_negative', sql`${t.earnings} >= 0`),
    check('users_earnings_frozen_non_negative', sql`${t.earningsFrozen} >= 0`),
    check('users_earnings_debt_non_negative', sql`${t.earningsDebt} >= 0`),
    // An inviter's invitees (the invite counts).
    index('users_invited_by_idx').on(t.invitedBy),
    // Signups and deletions per day (the console's dashboard), and the operators' user list, newest by sign-up
    // (docs/admin.md). Not chips, though the list sorts by them: every chat reply writes users.chips.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('users_vip_idx').on(t.vipExpiresAt),
  ],
);

/**
 * The phones of deleted accounts, as keyed hashes (HMAC-SHA256; the key is PHONE_HASH_KEY or derived from the
 * server secret): the number itself is erased with the account, but a phone that registers again is known to
 * have had an account, so it gets no second signup bonus (nor, later, a second invite reward).
 */
export const deletedAccountPhones = pgTable('deleted_account_phones', {
  phoneHash: text('phone_hash').primaryKey(),
  /** The first deletion of an account with this phone. */
  deletedAt: ts('deleted_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['login', 'delete_account'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/**
 * Who used the app on which China day (docs/admin.md, Dashboard: DAU): one row per user and day, written at the
 * first authenticated request of the day.
 */
export const userActiveDays = pgTable(
  'user_active_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
