import { ADMIN_EXPORT_MAX_ROWS, type adminOrderQuery, type OrderEvent } from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { type CountedPage, dayWindow, pageWindow } from '../../platform/http/admin-page.js';
import type { AccountService } from '../account/account.service.js';
import type { InvitesService } from '../invites/invites.service.js';
import { type OrderFilter, type OrderRow, ordersRepository as repo } from './orders.repository.js';
import type { UserBrief } from './payments.presenter.js';

type Query = z.infer<typeof adminOrderQuery>;

/** An order as the operators' list shows it: with whose it is. */
export type AdminOrderRow = OrderRow & { user: UserBrief };

/** An order with everything the operators' detail shows. */
export type AdminOrderDetailRow = AdminOrderRow & {
  events: OrderEvent[];
  commission: {
    inviter: UserBrief;
    amountFen: number;
    reversedFen: number;
    at: Date;
  } | null;
};

const GONE = (id: number): UserBrief => ({ id, nickname: '已注销用户', phone: null });

/**
 * The operators' order desk (docs/admin.md, Money): the filtered, paged list, its CSV and one order's detail
 * (its life, the provider's words, the commission it earned). Refunds stay with the payments service.
 */
export class OrdersAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { account: AccountService; invites: InvitesService },
  ) {}

  async list(q: Query): Promise<CountedPage<AdminOrderRow>> {
    const f = await this.filter(q);
    const { limit, offset } = pageWindow(q);
    const sort = { by: q.sort, order: q.order };
    const [rows, total] = await Promise.all([
      repo.adminPage(this.ctx.db, f, sort, limit, offset),
      repo.adminCount(this.ctx.db, f),
    ]);
    return { rows: await this.withUsers(rows), total };
  }

  /** The list's rows for the CSV: every match, up to the export's limit, in the list's order. */
  async exportRows(q: Query): Promise<AdminOrderRow[]> {
    const f = await this.filter(q);
    const rows = await repo.adminPage(
      this.ctx.db,
      f,
      { by: q.sort, order: q.order },
      ADMIN_EXPORT_MAX_ROWS,
      0,
    );
    return this.withUsers(rows);
  }

  async detail(orderNo: string): Promise<AdminOrderDetailRow> {
    const o = await repo.byNo(this.ctx.db, orderNo);
    if (!o) throw AppError.notFound('订单不存在');
    const paid = await this.deps.invites.commissionOfOrder(o.orderNo);
    const users = await this.deps.account.briefs(paid ? [o.userId, paid.inviterId] : [o.userId]);
    const commission = paid && {
      inviter: users.get(paid.inviterId) ?? GONE(paid.inviterId),
      amountFen: paid.amountFen,
      reversedFen: paid.reversedFen,
      at: paid.at,
    };
    return {
      ...o,
      user: users.get(o.userId) ?? GONE(o.userId),
      events: eventsOf(o),
      commission: commission ?? null,
    };
  }

  private async filter(q: Query): Promise<OrderFilter> {
    const { from, to } = dayWindow(q);
    return {
      status: q.status,
      kind: q.kind,
      channel: q.channel,
      userId: q.user_id,
      from,
      to,
      // q: an order number, the provider's transaction number, a user id or a user's phone.
      search: q.q ? { text: q.q, userIds: await this.deps.account.idsMatching(q.q) } : undefined,
    };
  }

  private async withUsers(rows: OrderRow[]): Promise<AdminOrderRow[]> {
    const users = await this.deps.account.briefs(rows.map((r) => r.userId));
    return rows.map((r) => ({ ...r, user: users.get(r.userId) ?? GONE(r.userId) }));
  }
}

/** The order's life from its times, in order (a closed order paid at the last second: closed, then paid). */
function eventsOf(o: OrderRow): OrderEvent[] {
  const steps: [OrderEvent['state'], Date | null][] = [
    ['created', o.createdAt],
    ['closed', o.closedAt],
    ['paid', o.paidAt],
    ['fulfilled', o.fulfilledAt],
    ['refund_requested', o.refundRequestedAt],
    ['refunded', o.refundedAt],
  ];
  return steps
    .filter((s): s is [OrderEvent['state'], Date] => s[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime())
    .map(([state, at]) => ({ state, at: at.toISOString() }));
}
