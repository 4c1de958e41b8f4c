import { and, asc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/account.js';
import { memberships } from '../../db/schema/wallet.js';

export type MembershipRow = typeof memberships.$inferSelect;

/** users.vip_expires_at (which sessions read) and the membership row beside it. */
export const membershipRepository = {
  /** The expiry, with the user row locked until the transaction ends (so extensions queue). */
  async lockExpiry(db: Executor, userId: number) {
    const [row] = await db
      .select({ expiresAt: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  },

  async expiry(db: Executor, userId: number) {
    const [row] = await db.select({ expiresAt: users.vipExpiresAt }).from(users).where(eq(users.id, userId));
    return row?.expiresAt ?? null;
  },

  async setExpiry(db: Executor, userId: number, expiresAt: Date) {
    await db.update(users).set({ vipExpiresAt: expiresAt }).where(eq(users.id, userId));
  },

  async get(db: Executor, userId: number) {
    const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId));
    return row;
  },

  async upsert(db: Executor, row: typeof memberships.$inferInsert) {
    await db
      .insert(memberships)
      .values(row)
      .onConflictDoUpdate({
        target: memberships.userId,
        set: { tier: row.tier, nextGrantAt: row.nextGrantAt, updatedAt: sql`excluded.updated_at` },
      });
  },

  async setNextGrant(db: Executor, userId: number, nextGrantAt: Date | null) {
    await db.update(memberships).set({ nextGrantAt }).where(eq(memberships.userId, userId));
  },

  /** Rows whose next grant is due by `now` (the memberships_next_grant_idx range). */
  async dueGrants(db: Executor, now: Date, limit: number) {
    return db
      .select({ userId: memberships.userId, tier: memberships.tier })
      .from(memberships)
      .where(lte(memberships.nextGrantAt, now))
      .orderBy(asc(memberships.nextGrantAt), asc(memberships.userId))
      .limit(limit);
  },

  /** Active memberships ending within (now, until] whose expiry has had no notice yet. */
  async expiring(db: Executor, now: Date, until: Date, limit: number) {
    return db
      .select({ userId: memberships.userId, tier: memberships.tier, expiresAt: users.vipExpiresAt })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          gt(users.vipExpiresAt, now),
          lte(users.vipExpiresAt, until),
          or(isNull(memberships.expiryNoticeFor), ne(memberships.expiryNoticeFor, users.vipExpiresAt)),
        ),
      )
      .orderBy(asc(users.vipExpiresAt), asc(memberships.userId))
      .limit(limit);
  },

  /** The claim of one expiry's notice: true for the one caller whose update moved the row. */
  async claimExpiryNotice(db: Executor, userId: number, expiresAt: Date) {
    const rows = await db
      .update(memberships)
      .set({ expiryNoticeFor: expiresAt })
      .where(
        and(
          eq(memberships.userId, userId),
          or(isNull(memberships.expiryNoticeFor), ne(memberships.expiryNoticeFor, expiresAt)),
        ),
      )
      .returning({ userId: memberships.userId });
    return rows.length > 0;
  },
};
