import { eq, sql } from 'drizzle-orm';
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
};
