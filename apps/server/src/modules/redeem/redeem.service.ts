import { chinaDay } from '../../platform/clock.js';
import {
  type adminRedeemBatchQuery,
  type CreateRedeemBatchBody,
  ErrorCode,
  type RedeemBatchStatus,
} from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, formatWait } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { type CountedPage, pageWindow } from '../../platform/http/admin-page.js';
import { csvTime } from '../../platform/http/csv.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService } from '../admin/audit.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { EntitlementsService } from '../account/entitlements.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { couldBeRedeemCode, newRedeemCode, normaliseRedeemCode } from './redeem.codes.js';
import {
  type BatchFilter,
  type BatchWithCounts,
  type RedeemBatchRow,
  redeemRepository as repo,
} from './redeem.repository.js';

type BatchQuery = z.infer<typeof adminRedeemBatchQuery>;
type UserBrief = { id: number; nickname: string; phone: string | null };
/** A batch as the operators see it. */
export type BatchView = BatchWithCounts & { status: RedeemBatchStatus; creator: UserBrief | null };

const HOUR_MS = 3_600_000;
/** Codes per insert statement when a batch is made. */
const CHUNK = 1000;

export type Redeemed = {
  kind: RedeemBatchRow['kind'];
  value: number;
  chips: number;
  vipExpiresAt: Date | null;
};

export type RedeemDeps = {
  /** Who made a batch, as the operators' list shows it. */
  account: AccountService;
  wallet: WalletService;
  settings: SettingsService;
  entitlements: EntitlementsService;
  notices: NoticesService;
  audit: AuditService;
};

const refusal = {
  unknown: () => new AppError(ErrorCode.NOT_FOUND, '兑换码不存在，请检查后重新输入'),
  used: () => new AppError(ErrorCode.CONFLICT, '兑换码已被使用'),
  expired: () => new AppError(ErrorCode.CONFLICT, '兑换码已过期'),
  disabled: () => new AppError(ErrorCode.CONFLICT, '兑换码已失效'),
  oncePerBatch: () => new AppError(ErrorCode.CONFLICT, '每批兑换码每人限兑一次，你已兑换过同批次的兑换码'),
};

/** The unique index that keeps one code per user per batch (db/schema/redeem.ts). */
const isOncePerBatchViolation = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && e.constraint === 'redeem_codes_batch_user_idx') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/**
 * Redeem codes (docs/money.md, Redeem codes): a user redeems a code once, under any concurrency, one per
 * batch; failures are rate-limited per user and per network. Operators make, list, export and disable
 * batches, each action audited in its transaction.
 */
export class RedeemService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: RedeemDeps,
  ) {}

  async redeem(user: AuthUser, typed: string, ip: string): Promise<Redeemed> {
    const code = normaliseRedeemCode(typed);
    if (!code) throw AppError.badRequest('请输入兑换码', { field: 'code' });
    const s = await this.deps.settings.money();
    const limits = [
      { key: `redeem:fail:user:${user.id}`, limit: s.redeem_failures_per_user_hour },
      { key: `redeem:fail:ip:${ip}`, limit: s.redeem_failures_per_ip_hour },
    ];
    // Checked before the code is looked up, so that guessing learns nothing once the limit is reached.
    for (const l of limits) {
      const v = await this.ctx.limiter.peek(l.key, l.limit, HOUR_MS);
      if (!v.allowed) {
        const seconds = Math.max(1, Math.ceil(v.retryAfterMs / 1000));
        throw new AppError(ErrorCode.RATE_LIMITED, `兑换失败次数过多，请${formatWait(seconds)}后再试`, {
          retry_after: seconds,
        });
      }
    }
    try {
      if (!couldBeRedeemCode(code)) throw refusal.unknown();
      return await this.claim(user, code);
    } catch (err) {
      const refused =
        err instanceof AppError ? err : isOncePerBatchViolation(err) ? refusal.oncePerBatch() : null;
      if (!refused) throw err;
      for (const l of limits) await this.ctx.limiter.hit(l.key, l.limit, HOUR_MS);
      throw refused;
    }
  }

  /** Looks the code up, claims it and credits what it holds, all in one transaction. */
  private async claim(user: AuthUser, code: string) {
    const { wallet } = this.deps;
    const { db, clock } = this.ctx;
    const now = clock.now();
    return db.transaction(async (tx): Promise<Redeemed> => {
      const found = await repo.codeWithBatch(tx, code);
      if (!found) throw refusal.unknown();
      const { batch } = found;
      if (found.code.usedBy !== null) throw refusal.used();
      if (batch.disabledAt) throw refusal.disabled();
      if (batch.expiresAt <= now) throw refusal.expired();
      if (await repo.userRedeemedInBatch(tx, batch.id, user.id)) throw refusal.oncePerBatch();
      // A concurrent claim of another code of this batch by the same user fails on the unique index here.
      if (!(await repo.claim(tx, found.code.id, user.id, now))) throw refusal.used();
      const ref = `redeem:${found.code.id}`;
      if (batch.kind === 'chips') {
        const change = { userId: user.id, delta: batch.value, idempotencyKey: ref, note: code };
        const { balance } = await wallet.apply({ ...change, reason: 'redeem', refType: 'redeem_code' }, tx);
        await this.notify(tx, user.id, `你已成功兑换${batch.value}芯片，已存入芯片余额。`);
        return { kind: batch.kind, value: batch.value, chips: balance, vipExpiresAt: user.vipExpiresAt };
      }
      // A member keeps their tier; anyone else gets the first tier of the settings (docs/money.md).
      const current = this.deps.entitlements.isVip(user)
        ? (await wallet.membership.status(user.id, tx))?.tier
        : undefined;
      const tier = await this.deps.entitlements.vipTier(current, tx);
      const { expiresAt } = await wallet.membership.extend(tx, {
        userId: user.id,
        tier: tier?.id ?? 'redeem',
        days: batch.value,
        monthlyChips: tier?.monthly_chips ?? 0,
        tierName: tier?.name ?? '会员',
        ref,
      });
      await this.notify(
        tx,
        user.id,
        `你已成功兑换${batch.value}天会员，有效期至${chinaDay(expiresAt)}。会员每月赠送芯片，对话芯片享折扣。`,
      );
      const chips = await wallet.balance(user.id, tx);
      return { kind: batch.kind, value: batch.value, chips, vipExpiresAt: expiresAt };
    });
  }

  private notify(tx: Executor, userId: number, body: string) {
    return this.deps.notices.notify(tx, userId, {
      category: 'system',
      type: 'redeem',
      title: '兑换成功',
      body,
      link: '/user/chip-record',
    });
  }

  /** A new batch and its codes, random from the crypto generator, inserted in chunks; audited. */
  async createBatch(actorId: number, input: CreateRedeemBatchBody): Promise<BatchView> {
    const { db, clock } = this.ctx;
    const now = clock.now();
    const expiresAt = new Date(input.expires_at);
    if (expiresAt <= now) {
      const message = '过期时间须晚于当前时间';
      throw AppError.badRequest(message, { field: 'expires_at', issues: [{ field: 'expires_at', message }] });
    }
    const note = input.note ?? '';
    const batch = await db.transaction(async (tx) => {
      const batch = await repo.insertBatch(tx, {
        kind: input.kind,
        value: input.value,
        quantity: input.quantity,
        expiresAt,
        note,
        createdBy: actorId,
        createdAt: now,
      });
      for (let left = input.quantity; left > 0;) {
        const size = Math.min(CHUNK, left);
        await this.insertCodes(tx, batch.id, size);
        left -= size;
      }
      await this.deps.audit.record(tx, {
        actorId,
        action: 'redeem.batch.create',
        target: `redeem_batch:${batch.id}`,
        detail: { kind: input.kind, value: input.value, quantity: input.quantity },
        after: {
          kind: input.kind,
          value: input.value,
          quantity: input.quantity,
          expires_at: expiresAt.toISOString(),
          note,
        },
      });
      return { ...batch, usedCount: 0 };
    });
    return (await this.views([batch]))[0]!;
  }

  /** `count` new codes of a batch; a code that collides with an existing one is drawn again. */
  private async insertCodes(tx: Executor, batchId: number, count: number) {
    let wanted = count;
    for (let attempt = 0; wanted > 0; attempt++) {
      if (attempt >= 5) throw new Error('could not draw unique redeem codes');
      const codes = [...new Set(Array.from({ length: wanted }, newRedeemCode))];
      wanted -= (await repo.insertCodes(tx, batchId, codes)).length;
    }
  }

  /** The operators' list (docs/admin.md, Money): filtered, paged, each batch with its used count and maker. */
  async list(q: BatchQuery): Promise<CountedPage<BatchView>> {
    const f = this.filter(q);
    const { limit, offset } = pageWindow(q);
    const [rows, total] = await Promise.all([
      repo.adminPage(this.ctx.db, f, { by: q.sort, order: q.order }, limit, offset),
      repo.adminCount(this.ctx.db, f),
    ]);
    return { rows: await this.views(rows), total };
  }

  private filter(q: BatchQuery): BatchFilter {
    const text = q.q;
    // q: part of the batch's name (its note), or its id.
    const search = text ? { text, id: /^\d{1,15}$/.test(text) ? Number(text) : undefined } : undefined;
    return { now: this.ctx.clock.now(), status: q.status, kind: q.kind, search };
  }

  /** Batches as the operators see them: their status now and who made them. */
  private async views(rows: BatchWithCounts[]): Promise<BatchView[]> {
    const now = this.ctx.clock.now();
    const makers = await this.deps.account.briefs(rows.flatMap((b) => (b.createdBy ? [b.createdBy] : [])));
    return rows.map((b) => ({
      ...b,
      status: b.disabledAt ? 'disabled' : b.expiresAt <= now ? 'expired' : 'active',
      creator: b.createdBy
        ? (makers.get(b.createdBy) ?? { id: b.createdBy, nickname: '已注销用户', phone: null })
        : null,
    }));
  }

  private async batchOrThrow(db: Executor, id: number) {
    const batch = await repo.batch(db, id);
    if (!batch) throw AppError.notFound('兑换码批次不存在');
    return batch;
  }

  /** Disables a batch: its unused codes are refused from now on. Audited; disabling twice changes nothing. */
  async disable(actorId: number, id: number): Promise<BatchView> {
    const { db, clock } = this.ctx;
    const batch = await db.transaction(async (tx) => {
      const locked = await repo.lockBatch(tx, id);
      if (!locked) throw AppError.notFound('兑换码批次不存在');
      if (!locked.disabledAt) {
        await repo.disable(tx, id, clock.now());
        await this.deps.audit.record(tx, {
          actorId,
          action: 'redeem.batch.disable',
          target: `redeem_batch:${id}`,
          detail: { kind: locked.kind, value: locked.value, quantity: locked.quantity },
          before: { disabled: false },
          after: { disabled: true },
        });
      }
      return this.batchOrThrow(tx, id);
    });
    return (await this.views([batch]))[0]!;
  }

  /** A batch's codes as a CSV file for spreadsheets (docs/money.md, Redeem codes). */
  async csv(id: number): Promise<{ batch: BatchWithCounts; rows: string[][] }> {
    const { db, clock } = this.ctx;
    const batch = await this.batchOrThrow(db, id);
    const codes = await repo.codesOfBatch(db, id);
    const now = clock.now();
    const statusOf = (usedBy: number | null) =>
      usedBy !== null ? '已使用' : batch.disabledAt ? '已失效' : batch.expiresAt <= now ? '已过期' : '未使用';
    const value = batch.kind === 'chips' ? `${batch.value}芯片` : `${batch.value}天会员`;
    const rows = codes.map((c) => [
      c.code,
      value,
      statusOf(c.usedBy),
      c.usedBy === null ? '' : String(c.usedBy),
      csvTime(c.usedAt),
    ]);
    return { batch, rows: [['兑换码', '面值', '状态', '使用者ID', '使用时间'], ...rows] };
  }
}
