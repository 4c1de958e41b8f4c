import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { wechatOpenIds } from '../../../db/schema/payments.js';

export const openIdsRepository = {
  /** One openid per user and app: a later authorisation replaces the earlier one. */
  async bind(db: Executor, row: { userId: number; appId: string; openid: string; at: Date }) {
    await db
      .insert(wechatOpenIds)
      .values({ userId: row.userId, appId: row.appId, openid: row.openid, updatedAt: row.at })
      .onConflictDoUpdate({
        target: [wechatOpenIds.userId, wechatOpenIds.appId],
        set: { openid: row.openid, updatedAt: row.at },
      });
  },

  async find(db: Executor, userId: number, appId: string): Promise<string | null> {
    const [row] = await db
      .select({ openid: wechatOpenIds.openid })
      .from(wechatOpenIds)
      .where(and(eq(wechatOpenIds.userId, userId), eq(wechatOpenIds.appId, appId)));
    return row?.openid ?? null;
  },
};
