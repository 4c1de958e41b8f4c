import type { AppContext } from '../../context.js';
import { chinaDay, chinaDayRange } from '../../platform/clock.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import type { BotsService } from '../bots/bots.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { creatorEarningsRepository as repo } from './creator-earnings.repository.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Fen a creator earns for `chips` at `fenPerChip` (0.5 = half a fen), rounded down. Counted in millionths of
 * a fen with integers, so 0.29 × 100 is 29, never 28.999….
 */
export function creatorFen(chips: number, fenPerChip: number) {
  const micro = BigInt(Math.round(fenPerChip * 1e6));
  return Number((BigInt(chips) * micro) / 1_000_000n);
}

/**
 * The earnings module (docs/money.md, Creator earnings and Withdrawals): a user's earnings records (the
 * wallet's ledger), and the daily settlement of creators' revenue into their earnings.
 */
export class EarningsService {
  /** The last day this process settled through the job: the hourly runs after it have nothing to do. */
  private settled: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      wallet: WalletService;
      settings: SettingsService;
      chat: ChatService;
      bots: BotsService;
    },
  ) {}

  /** Hourly: settles the last day that ended more than an hour ago (replies running over midnight are charged by then). */
  register() {
    this.ctx.jobs.every({ name: 'earnings.creators', intervalMs: HOUR }, async () => {
      const day = chinaDay(new Date(this.ctx.clock.now().getTime() - DAY - HOUR));
      if (this.settled === day) return;
      const { failed } = await this.settleCreators(day);
      // A bot that failed is tried again on the next run; the others are settled once whatever happens.
      if (!failed) this.settled = day;
    });
  }

  /** My earnings ledger, newest first. */
  records(userId: number, cursor: string | undefined, limit: number) {
    return this.deps.wallet.earnings.records(userId, cursor, limit);
  }

  /** My bots' daily revenue records, newest first, with each bot's name now. */
  async creatorRecords(userId: number, cursor: string | undefined, limit: number) {
    const rows = await repo.mine(this.ctx.db, userId, decodeIdCursor(cursor), limit);
    const bots = await this.deps.bots.anyByIds(rows.map((r) => r.botId));
    return idPage(
      rows.map((r) => ({ ...r, botName: bots.get(r.botId)?.name ?? '' })),
      limit,
    );
  }

  /**
   * Settles one China-time day (default: yesterday): for each published users' bot, the chips others spent
   * on it that day earn its creator `creator_fen_per_chip` each, rounded down. One transaction per bot: the
   * day's record (unique per bot and day: a second run, or one running at the same time, inserts nothing)
   * and the credit (keyed `creator:<bot>:<day>`). A day whose chips make no whole fen is recorded and
   * credits nothing. Returns how many bots this run settled.
   */
  async settleCreators(day = chinaDay(new Date(this.ctx.clock.now().getTime() - DAY))) {
    if (!DAY_TEXT.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
      throw new Error(`not a day: ${day}`);
    const { from, to } = chinaDayRange(day);
    const rate = (await this.deps.settings.money()).creator_fen_per_chip;
    const spent = await this.deps.chat.chipsSpentByBot(from, to);
    const names = await this.deps.bots.anyByIds(spent.map((s) => s.botId));
    let settled = 0;
    let failed = 0;
    for (const s of spent) {
      const amountFen = creatorFen(s.chips, rate);
      // One bot's failure does not hold up the others' (each is its own transaction, settled once).
      const inserted = await this.ctx.db
        .transaction(async (tx) => {
          const row = await repo.insertIfNew(tx, {
            botId: s.botId,
            creatorId: s.creatorId,
            day,
            chips: s.chips,
            amountFen,
            createdAt: this.ctx.clock.now(),
          });
          if (!row) return false;
          if (amountFen > 0)
            await this.deps.wallet.earnings.apply(
              {
                userId: s.creatorId,
                delta: amountFen,
                reason: 'creator_revenue',
                idempotencyKey: `creator:${s.botId}:${day}`,
                refType: 'creator_earning',
                refId: String(row.id),
                note: `${names.get(s.botId)?.name ?? '智能体'}（${day}）`,
              },
              { tx },
            );
          return true;
        })
        .catch((err: unknown) => {
          failed++;
          this.ctx.log.warn({ err, botId: s.botId, day }, 'creator settlement of a bot failed');
          return false;
        });
      if (inserted) settled++;
    }
    return { day, bots: settled, failed };
  }
}
