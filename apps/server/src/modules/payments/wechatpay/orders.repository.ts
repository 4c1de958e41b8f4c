import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { orders } from '../../../db/schema/payments.js';

/** Read only: the mini-program's pay page asks for one of the user's own orders (the service owns orders). */
export const wechatOrdersRepository = {
  async findOwn(db: Executor, userId: number, orderNo: string) {
    const [row] = await db
      .select({
        orderNo: orders.orderNo,
        title: orders.title,
        amountFen: orders.amountFen,
        channel: orders.channel,
        status: orders.status,
        expiresAt: orders.expiresAt,
      })
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
    return row ?? null;
  },
};
