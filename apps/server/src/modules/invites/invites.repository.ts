import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inviteRewards } from '../../db/schema/invites.js';

export type InviteRewardRow = typeof inviteRewards.$inferSelect;
export type InviteRewardKind = InviteRewardRow['kind'];

export const invitesRepository = {
  /**
   * Serialises an inviter's signup rewards until the transaction ends, so that the daily cap holds however
   * many invitees sign up at once.
   */
  async lockInviter(db: Executor, inviterId: number) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite-cap:${inviterId}`}, 0))`);
  },

  async signupRewardsSince(db: Executor, inviterId: number, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(inviteRewards)
      .where(
        and(
          eq(inviteRewards.inviterId, inviterId),
          eq(inviteRewards.kind, 'signup'),
          gte(inviteRewards.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  },

  /** Inserts unless the invitee's signup or the order's (kind of) row exists; returns undefined then. */
  async insert(db: Executor, row: typeof inviteRewards.$inferInsert) {
    const [inserted] = await db.insert(inviteRewards).values(row).onConflictDoNothing().returning();
    return inserted;
  },

  async byOrder(db: Executor, kind: InviteRewardKind, orderNo: string) {
    const [row] = await db
      .select()
      .from(inviteRewards)
      .where(and(eq(inviteRewards.kind, kind), eq(inviteRewards.orderNo, orderNo)));
    return row;
  },

  /** An inviter's rewards, newest first. */
  list(db: Executor, inviterId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(inviteRewards)
      .where(
        and(
          eq(inviteRewards.inviterId, inviterId),
          beforeId === undefined ? undefined : lt(inviteRewards.id, beforeId),
        ),
      )
      .orderBy(desc(inviteRewards.id))
      .limit(limit);
  },

  /** Rewarded signups, their chips, and the commission net of reversals (fen). */
  async totals(db: Executor, inviterId: number) {
    const [row] = await db
      .select({
        rewarded: sql<number>`count(*) filter (where ${inviteRewards.kind} = 'signup')`.mapWith(Number),
        chips: sql<number>`coalesce(sum(${inviteRewards.chips}), 0)`.mapWith(Number),
        commission: sql<number>`coalesce(sum(${inviteRewards.amountFen}) filter (where ${inArray(
          inviteRewards.kind,
          ['commission', 'commission_reversal'],
        )}), 0)`.mapWith(Number),
      })
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterId, inviterId));
    return row ?? { rewarded: 0, chips: 0, commission: 0 };
  },
};
