import { ADMIN_EXPORT_MAX_ROWS, type AdminUserQuery, ErrorCode } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { CountedPage } from '../../platform/http/admin-page.js';
import { pageWindow } from '../../platform/http/admin-page.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { AuditService } from '../admin/audit.service.js';
import type { MyBotsService } from '../bots/my-bots.service.js';
import type { PostsService } from '../community/posts.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { accountRepository } from './account.repository.js';
import type { EntitlementsService } from './entitlements.service.js';
import { usersAdminRepository as repo, type UserFilter, type UserListRow } from './users-admin.repository.js';

/** A user as the operators' list shows them: the row, and whether they are a member now. */
export type AdminUserItem = UserListRow & { isVip: boolean };

/** How many of each a user's detail shows: the latest orders, bots, posts, logins and chip records. */
const RECENT = { orders: 5, bots: 5, posts: 5, sessions: 10, chips: 20 } as const;

type Query = AdminUserQuery & { page: number; page_size: number };
type Deps = {
  wallet: WalletService;
  entitlements: EntitlementsService;
  payments: PaymentsService;
  myBots: MyBotsService;
  posts: PostsService;
  audit: AuditService;
};

export type UserDetail = Awaited<ReturnType<UsersAdminService['detail']>>;

const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message);
const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { field, issues: [{ field, message }] });

/** Operators' user desk (docs/admin.md, Users): search, detail, disable/enable, chips, VIP days, the operator role. */
export class UsersAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Deps,
  ) {}

  private filterOf(q: AdminUserQuery): UserFilter {
    return { q: q.q || undefined, status: q.status, role: q.role, vip: q.vip, now: this.ctx.clock.now() };
  }

  private withVip = (row: UserListRow): AdminUserItem => ({
    ...row,
    isVip: this.deps.entitlements.isVip({ id: row.id, vipExpiresAt: row.vipExpiresAt }),
  });

  async list(q: Query): Promise<CountedPage<AdminUserItem>> {
    const { limit, offset } = pageWindow(q);
    const f = this.filterOf(q);
    const [rows, total] = await Promise.all([
      repo.list(this.ctx.db, f, q, limit, offset),
      repo.count(this.ctx.db, f),
    ]);
    return { rows: rows.map(this.withVip), total };
  }

  /** The list's rows for its CSV: the same filters and order, at most ADMIN_EXPORT_MAX_ROWS. */
  async exportRows(q: AdminUserQuery) {
    return (await repo.list(this.ctx.db, this.filterOf(q), q, ADMIN_EXPORT_MAX_ROWS, 0)).map(this.withVip);
  }

  /** Everything an operator looks at about one user, from each module's service. */
  async detail(id: number) {
    const { db } = this.ctx;
    const { wallet, payments, myBots, posts } = this.deps;
    const found = await repo.byId(db, id);
    if (!found) throw AppError.notFound('用户不存在');
    const { user, ...row } = found;
    const [membership, orders, bots, written, sessions, chips, inviter, invitees] = await Promise.all([
      wallet.membership.status(id, db),
      payments.ofUser(id, RECENT.orders),
      myBots.ofCreator(id, RECENT.bots),
      posts.ofAuthor(id, RECENT.posts),
      repo.sessionsOf(db, id, RECENT.sessions),
      wallet.records(id, undefined, RECENT.chips),
      user.invitedBy ? accountRepository.briefs(db, [user.invitedBy]) : Promise.resolve([]),
      accountRepository.inviteeCount(db, id),
    ]);
    const tier = membership.tier ? await this.deps.entitlements.vipTier(membership.tier) : undefined;
    return {
      row: this.withVip(row),
      user,
      tierName: tier?.name ?? null,
      inviter: inviter[0] ?? null,
      counts: { orders: orders.total, bots: bots.total, posts: written.total, invitees },
      orders: orders.rows,
      bots: bots.rows,
      posts: written.rows,
      sessions,
      chipRecords: chips.rows,
    };
  }

  /** One row of the list, as it is now (what an action answers). */
  async row(id: number): Promise<AdminUserItem> {
    const found = await repo.byId(this.ctx.db, id);
    if (!found) throw AppError.notFound('用户不存在');
    const { user: _user, ...row } = found;
    return this.withVip(row);
  }

  /**
   * The user row locked for an operator's change, in the caller's transaction: a deleted account cannot be
   * changed (its data is erased; docs/product.md, Account).
   */
  private async lockChangeable(tx: Executor, id: number) {
    const user = await repo.lock(tx, id);
    if (!user) throw AppError.notFound('用户不存在');
    if (user.status === 'deleted') throw conflict('该账号已注销，无法修改');
    return user;
  }

  /** Disables an account: its sessions answer 100001 from the next request on (the status is on the session). */
  async disable(actor: AuthUser, id: number, reason: string) {
    if (actor.id === id) throw AppError.forbidden('不能禁用自己的账号');
    return this.setStatus(actor, id, 'disabled', reason);
  }

  async enable(actor: AuthUser, id: number, reason?: string) {
    return this.setStatus(actor, id, 'active', reason);
  }

  private async setStatus(actor: AuthUser, id: number, status: 'active' | 'disabled', reason?: string) {
    await this.ctx.db.transaction(async (tx) => {
      const user = await this.lockChangeable(tx, id);
      if (user.status === status) throw conflict(status === 'disabled' ? '该用户已被禁用' : '该用户未被禁用');
      await repo.setStatus(tx, id, status, this.ctx.clock.now());
      await this.deps.audit.record(tx, {
        actorId: actor.id,
        action: status === 'disabled' ? 'user.disable' : 'user.enable',
        target: `user:${id}`,
        detail: reason ? { reason } : {},
        before: { status: user.status },
        after: { status },
      });
    });
    return this.row(id);
  }

  /**
   * Grants or revokes the operator role, at once (sessions read the role; the database announces the change).
   * Nobody revokes their own, so the last operator cannot lock everyone out.
   */
  async setRole(actor: AuthUser, id: number, role: 'user' | 'admin') {
    if (actor.id === id && role !== 'admin') throw AppError.forbidden('不能取消自己的运营权限');
    await this.ctx.db.transaction(async (tx) => {
      const user = await this.lockChangeable(tx, id);
      if (user.role === role) throw conflict(role === 'admin' ? '该用户已是运营' : '该用户不是运营');
      await repo.setRole(tx, id, role, this.ctx.clock.now());
      await this.deps.audit.record(tx, {
        actorId: actor.id,
        action: role === 'admin' ? 'user.grant_admin' : 'user.revoke_admin',
        target: `user:${id}`,
        before: { role: user.role },
        after: { role },
      });
    });
    return this.row(id);
  }

  /**
   * Adds or takes chips through the wallet's ledger (reason `admin`), once per key (the ledger's key is
   * `admin:<user>:<key>`): a repeated request answers the balance and `applied: false`. A deduction never takes
   * the balance below what replies in progress set aside, so never below zero.
   */
  async adjustChips(actor: AuthUser, id: number, input: { delta: number; reason: string; key?: string }) {
    if (!input.key)
      throw fieldError('idempotency_key', '缺少幂等键（请求头Idempotency-Key或idempotency_key）');
    const { delta, reason, key } = input;
    try {
      return await this.ctx.db.transaction(async (tx) => {
        await this.lockChangeable(tx, id);
        const { balance, applied } = await this.deps.wallet.apply(
          {
            userId: id,
            delta,
            reason: 'admin',
            idempotencyKey: `admin:${id}:${key}`,
            refType: 'operator',
            refId: String(actor.id),
          },
          tx,
        );
        if (applied) {
          await this.deps.audit.record(tx, {
            actorId: actor.id,
            action: 'user.chips',
            target: `user:${id}`,
            detail: { delta, reason, key },
            before: { chips: balance - delta },
            after: { chips: balance },
          });
        }
        return { applied, chips: balance };
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== ErrorCode.INSUFFICIENT_CHIPS) throw err;
      const available = await this.deps.wallet.available(id);
      throw fieldError('delta', `扣减数量超过用户可用芯片（当前可用${available}芯片），余额不能为负`);
    }
  }

  /**
   * Grants VIP days from the later of now and the expiry (a membership that starts gets its tier's monthly
   * grant, as a redeemed code's does: docs/money.md, VIP), or takes days back, never before now (so taking
   * more than are left ends the membership). Through the wallet's membership functions.
   */
  async adjustVip(actor: AuthUser, id: number, input: { days: number; reason: string }) {
    const { wallet, entitlements } = this.deps;
    const after = await this.ctx.db.transaction(async (tx) => {
      const user = await this.lockChangeable(tx, id);
      const before = user.vipExpiresAt;
      const active = entitlements.isVip({ id, vipExpiresAt: before });
      let expiresAt: Date | null;
      let granted = 0;
      if (input.days > 0) {
        const current = active ? (await wallet.membership.status(id, tx)).tier : undefined;
        const tier = await entitlements.vipTier(current, tx);
        ({ expiresAt, granted } = await wallet.membership.extend(tx, {
          userId: id,
          tier: tier?.id ?? 'admin',
          days: input.days,
          monthlyChips: tier?.monthly_chips ?? 0,
          tierName: tier?.name ?? '会员',
          ref: `admin:${actor.id}`,
        }));
      } else {
        if (!active) throw fieldError('days', '该用户当前不是会员，无法减少会员天数');
        await wallet.membership.shorten(tx, id, -input.days);
        expiresAt = (await wallet.membership.status(id, tx)).expiresAt;
      }
      await this.deps.audit.record(tx, {
        actorId: actor.id,
        action: 'user.vip',
        target: `user:${id}`,
        detail: { days: input.days, reason: input.reason, ...(granted ? { granted_chips: granted } : {}) },
        before: { vip_expires_at: before?.toISOString() ?? null },
        after: { vip_expires_at: expiresAt?.toISOString() ?? null },
      });
      return expiresAt;
    });
    return { vipExpiresAt: after, isVip: entitlements.isVip({ id, vipExpiresAt: after }) };
  }
}
