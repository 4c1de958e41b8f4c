import type { AppContext } from '../../context.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { chinaDay, chinaDayRange, DAY_MS } from '../../platform/clock.js';
import type { AccountService } from '../account/account.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { ModerationService } from '../community/moderation.service.js';
import type { WithdrawalsService } from '../earnings/withdrawals.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { dashboardRepository as repo, type StoredFigure } from './dashboard.repository.js';

/** The figures of a day, by the names they are stored under in daily_stats. */
export const METRICS = [
  'users_new',
  'dau',
  'conversations',
  'replies',
  'chips_spent',
  'revenue_fen',
  'orders',
  /** Accounts at the day's end, deleted ones left out. */
  'users_total',
] as const;
export type Metric = (typeof METRICS)[number];
export type DayFigures = { day: string } & Record<Metric, number>;

export type Dashboard = {
  days: DayFigures[];
  usersTotal: number;
  pending: { bots: number; posts: number; comments: number; reports: number; withdrawals: number };
  at: Date;
};

/**
 * A finished day is stored once it ended this long ago; until then it is counted live like today, so what
 * happens at midnight (a reply that started before it and completes after) lands before the day is kept.
 */
const SETTLE_MS = 3_600_000;
/** The longest range the dashboard shows: what the hourly sweep keeps ready. */
const LONGEST = 90;

/** The days `n` days long ending with `last`, oldest first. */
export function daysEnding(last: string, n: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

type Deps = {
  account: AccountService;
  chat: ChatService;
  wallet: WalletService;
  payments: PaymentsService;
  moderation: ModerationService;
  withdrawals: WithdrawalsService;
};

/**
 * The console's dashboard figures by China day (docs/admin.md, Dashboard): each module counts its own, this
 * composes them. Finished days are computed once and kept in daily_stats; today (and yesterday, in its first
 * hour) is counted live, each figure one index range of its source table.
 */
export class DashboardService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Deps,
  ) {}

  /** Keeps the finished days of the longest range ready, so the first dashboard of a day computes none. */
  register(jobs: JobQueue) {
    jobs.every({ name: 'dashboard.days', intervalMs: 3_600_000 }, () => this.storeFinishedDays());
  }

  async overview(days: number): Promise<Dashboard> {
    const now = this.ctx.clock.now();
    const list = daysEnding(chinaDay(now), days);
    const finished = list.filter((day) => this.settled(day, now));
    const live = list.filter((day) => !this.settled(day, now));
    const kept = await this.finishedFigures(finished, now);
    // Live days follow the finished ones: the users in all carry on from the last kept day's.
    const counted = live.length
      ? await this.count(
          live[0]!,
          live.at(-1)!,
          finished.length ? kept.get(finished.at(-1)!)!.users_total : null,
        )
      : new Map<string, DayFigures>();
    const figures = list.map((day) => kept.get(day) ?? counted.get(day)!);
    const { moderation, withdrawals } = this.deps;
    const [queues, withdrawalCount] = await Promise.all([
      moderation.reviewCounts(),
      withdrawals.pendingCount(),
    ]);
    return {
      days: figures,
      usersTotal: figures.at(-1)!.users_total,
      pending: { ...queues, withdrawals: withdrawalCount },
      at: now,
    };
  }

  /** Computes and keeps the finished days of the last 90 missing from the store (the hourly sweep). */
  async storeFinishedDays() {
    const now = this.ctx.clock.now();
    const finished = daysEnding(chinaDay(now), LONGEST).filter((day) => this.settled(day, now));
    await this.finishedFigures(finished, now);
  }

  private settled(day: string, now: Date) {
    return chinaDayRange(day).to.getTime() + SETTLE_MS <= now.getTime();
  }

  /** The figures of finished days: the stored ones as they are, the missing ones computed now and stored. */
  private async finishedFigures(days: string[], now: Date): Promise<Map<string, DayFigures>> {
    if (!days.length) return new Map();
    const stored = new Map<string, Partial<DayFigures>>();
    // From the day before: its users in all are where a computation of the first day carries on from.
    const before = daysEnding(days[0]!, 2)[0]!;
    for (const r of await repo.read(this.ctx.db, before, days.at(-1)!)) {
      stored.set(r.day, { ...stored.get(r.day), day: r.day, [r.metric]: Number(r.value) });
    }
    const complete = (f: Partial<DayFigures> | undefined): f is DayFigures =>
      !!f && METRICS.every((m) => typeof f[m] === 'number');
    const missing = days.filter((day) => !complete(stored.get(day)));
    const figures = new Map<string, DayFigures>();
    for (const day of days) {
      const f = stored.get(day);
      if (complete(f)) figures.set(day, f);
    }
    if (!missing.length) return figures;
    const previous = stored.get(daysEnding(missing[0]!, 2)[0]!)?.users_total;
    const computed = await this.count(missing[0]!, missing.at(-1)!, previous ?? null);
    const rows: StoredFigure[] = [];
    for (const day of missing) {
      const f = computed.get(day)!;
      figures.set(day, f);
      for (const metric of METRICS) rows.push({ day, metric, value: f[metric] });
    }
    await repo.store(this.ctx.db, rows, now);
    return figures;
  }

  /**
   * Every figure of the days `first` to `last` from the source tables, one range query per figure. The users in
   * all carry on from `usersBefore` (at the start of `first`) by each day's signups and deletions; without it,
   * they are counted at the start of `first` (a read of every user, once: the result is kept with the day).
   */
  private async count(
    first: string,
    last: string,
    usersBefore: number | null,
  ): Promise<Map<string, DayFigures>> {
    const { from } = chinaDayRange(first);
    const { to } = chinaDayRange(last);
    const { account, chat, wallet, payments } = this.deps;
    const [base, signups, deletions, active, talks, chips, revenue] = await Promise.all([
      usersBefore ?? account.userCountAt(from),
      account.dailySignups(from, to),
      account.dailyDeletions(from, to),
      account.dailyActive(first, last),
      chat.dailyCounts(from, to),
      wallet.dailyChipsSpent(from, to),
      payments.dailyRevenue(from, to),
    ]);
    const n = Math.round((to.getTime() - from.getTime()) / DAY_MS);
    let users = base;
    return new Map(
      daysEnding(last, n).map((day) => [
        day,
        {
          day,
          users_total: (users += (signups.get(day) ?? 0) - (deletions.get(day) ?? 0)),
          users_new: signups.get(day) ?? 0,
          dau: active.get(day) ?? 0,
          conversations: talks.conversations.get(day) ?? 0,
          replies: talks.replies.get(day) ?? 0,
          chips_spent: chips.get(day) ?? 0,
          revenue_fen: revenue.fen.get(day) ?? 0,
          orders: revenue.orders.get(day) ?? 0,
        },
      ]),
    );
  }
}
