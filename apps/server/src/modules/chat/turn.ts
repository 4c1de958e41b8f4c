import { randomUUID } from 'node:crypto';
import type { RetrievedPassage } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { SseStream } from '../../platform/http/sse.js';
import { countTokens, type LlmProvider } from '../../platform/llm/index.js';
import type { EntitlementsService } from '../account/entitlements.service.js';
import type { KnowledgeService } from '../knowledge/knowledge.service.js';
import type { ChipChange, WalletService } from '../wallet/wallet.service.js';
import { citationsOf } from './citations.js';
import type { ModelsService } from '../models/models.service.js';
import { buildPrompt, replyReserve } from './prompt.js';
import { EarlyUpstream, notRelayed, relay, type Relayed } from './upstream.js';

export type TurnModel = Awaited<ReturnType<ModelsService['resolve']>>;
type History = Parameters<typeof buildPrompt>[0]['history'];

/** What a turn asks the model with: a bot's settings (saved or not), its knowledge and the history. */
export type TurnSpec = {
  user: AuthUser;
  /** The turn's chip hold (see {@link TurnPipeline.newRef}). */
  ref: string;
  model: TurnModel;
  bot: { name: string; intro: string; persona: string; temperature: number };
  knowledge: RetrievedPassage[];
  /** Oldest first, ending with the user's message. */
  history: History;
};

/** One model turn under way: its prompt, its request and, as it is written, how it goes. */
export class Turn {
  /** Filled in as the reply streams (its text grows), final once relayed. */
  readonly relayed: Relayed = notRelayed();

  constructor(
    readonly ref: string,
    readonly userId: number,
    readonly model: TurnModel,
    readonly prompt: ReturnType<typeof buildPrompt>,
    /** The passages that went into the prompt, numbered as the prompt numbers them. */
    readonly citations: ReturnType<typeof citationsOf>,
    readonly upstream: EarlyUpstream,
  ) {}
}

export type TurnStatus = 'complete' | 'stopped' | 'failed';

/**
 * The charge rule, for replies and previews alike (docs/product.md, Chips): a turn is paid for when it
 * completed, or was stopped after it had said something; a failed one costs nothing.
 */
export function outcomeOf(r: Relayed, price: number): { status: TurnStatus; charged: number } {
  const status = r.failure ? 'failed' : r.stopped ? 'stopped' : 'complete';
  const charged = status === 'complete' || (status === 'stopped' && r.text.length > 0) ? price : 0;
  return { status, charged };
}

/** What else a module's turns hold while they stream (a reply's claim on its conversation). */
export type TurnKeeper = {
  /** Renews it for another lease; called every third of the lease. */
  renew(leaseMs: number): Promise<void>;
  /**
   * Settles what dead processes left: what a lease ran out on (`all`: everything, for a process that owns
   * its database and has just started), never this process's turns (`live`, their refs).
   */
  settleDead(o: { all: boolean; live: string[] }): Promise<unknown>;
};

/**
 * The steps of a model turn, shared by a chat reply and the bot editor's preview: rate limit → entitlements
 * → model → knowledge → chip hold → prompt → upstream → citations → charge. A reply adds its persistence
 * around them; a preview adds nothing but its inputs.
 *
 * While a turn streams, its process renews a lease on its hold (and, through the keepers, on what else it
 * holds) every third of REPLY_LEASE_MS: a turn whose process died is settled as failed once its lease runs
 * out, by whichever process looks first (a sweep runs with each renewal), and at once by the next start of a
 * process that owns its database (the embedded one).
 */
export class TurnPipeline {
  private readonly live = new Map<string, Turn>();
  private readonly keepers: TurnKeeper[] = [];
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  /** The embedded database has one process, this one: at start, whatever is under way in it is dead. */
  readonly ownsDatabase: boolean;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      wallet: WalletService;
      models: ModelsService;
      entitlements: EntitlementsService;
      knowledge: KnowledgeService;
      llm: LlmProvider;
    },
  ) {
    this.ownsDatabase = ctx.dbKind === 'pglite';
  }

  get leaseMs() {
    return this.ctx.config.replyLeaseMs;
  }

  /** A fresh ref for a turn's hold (and a reply's claim). */
  newRef(kind: 'reply' | 'preview') {
    return `${kind}:${randomUUID()}`;
  }

  keep(keeper: TurnKeeper) {
    this.keepers.push(keeper);
  }

  /** Settles what dead processes left, then renews and sweeps every third of the lease. */
  async start() {
    await this.settleDead(this.ownsDatabase);
    this.timer = setInterval(() => void this.tick(), this.leaseMs / 3);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  private async settleDead(all: boolean) {
    const live = [...this.live.keys()];
    for (const k of this.keepers) await k.settleDead({ all, live });
    await this.deps.wallet.releaseExpiredHolds({ all, except: live });
  }

  private async tick() {
    // A slow database must not pile ticks up; and one failing step must not keep the others from running.
    if (this.ticking) return;
    this.ticking = true;
    const steps = [
      () => this.deps.wallet.renew([...this.live.keys()], this.leaseMs),
      ...this.keepers.map((k) => () => k.renew(this.leaseMs)),
      () => this.settleDead(false),
    ];
    try {
      for (const step of steps) {
        await step().catch((err: unknown) => this.ctx.log.error({ err }, 'renewing reply leases failed'));
      }
    } finally {
      this.ticking = false;
    }
  }

  /** The first check of every turn: the user's rate (shared by replies and previews). */
  async admit(user: AuthUser) {
    const { limiter, config } = this.ctx;
    const verdict = await limiter.hit(`chat:${user.id}`, config.chatRatePerMinute, 60_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '发送消息');
  }

  /**
   * The model of a turn, as the user's membership allows, with `chipPrice` what this user pays for the turn
   * (a member's discounted price: docs/money.md, VIP): the hold and the charge both read it. `fallback`: a
   * bot's model that was retired falls back to the default (a model the user asked for does not).
   */
  async model(user: AuthUser, id: string | null | undefined, o: { fallback: boolean }): Promise<TurnModel> {
    const { models, entitlements } = this.deps;
    // Membership needs no read; the model and the member's price rule are read side by side.
    const isVip = entitlements.isVip(user);
    const [model, pricing] = await Promise.all([
      o.fallback ? models.forBot(id ?? null, isVip) : models.resolve(id, isVip),
      entitlements.pricing(user),
    ]);
    return { ...model, chipPrice: pricing.price(model.chipPrice) };
  }

  /** The passages for the question from the owner's bases (no bases, no query). */
  async knowledge(ownerId: number | null, baseIds: number[], question: string) {
    return baseIds.length ? this.deps.knowledge.forReply(ownerId, baseIds, question) : [];
  }

  /**
   * Sets the turn's chips aside, builds its prompt and sends the model request; then, once the hold is in
   * the database too, runs `persist` (a reply's claim and rows: the model request goes out before they are
   * written, so that work overlaps the model's time to first token). Should anything refuse, the request
   * is cancelled and the hold let go before the error is thrown: refusals stay plain envelopes.
   */
  async begin<T>(spec: TurnSpec, persist: (turn: Turn) => Promise<T>) {
    const { wallet, llm } = this.deps;
    const { user, model, bot } = spec;
    const { written } = await wallet.hold({
      userId: user.id,
      amount: model.chipPrice,
      ref: spec.ref,
      leaseMs: this.leaseMs,
    });
    let turn: Turn | undefined;
    try {
      const prompt = buildPrompt({
        persona: bot.persona,
        knowledge: spec.knowledge,
        history: spec.history,
        contextWindow: model.contextWindow,
      });
      const used = spec.knowledge.slice(0, prompt.passages);
      const upstream = new EarlyUpstream(llm, {
        model,
        messages: prompt.messages,
        temperature: bot.temperature,
        maxTokens: replyReserve(model.contextWindow),
        context: {
          botName: bot.name,
          botIntro: bot.intro,
          passages: used.map((p) => ({ document: p.document, passage: p.content })),
        },
      });
      turn = new Turn(spec.ref, user.id, model, prompt, citationsOf(used), upstream);
      this.live.set(turn.ref, turn);
      // The request leaves in this turn of the event loop; the database work waits for the next.
      await new Promise((resolve) => setImmediate(resolve));
      await written;
      return { turn, persisted: await persist(turn) };
    } catch (err) {
      turn?.upstream.cancel();
      this.live.delete(spec.ref);
      await written.catch(() => undefined);
      await wallet.settle(user.id, spec.ref, null);
      throw err;
    }
  }

  /** Streams the turn's deltas into `sse` as they arrive, into `turn.relayed`. Never throws. */
  async relay(turn: Turn, sse: SseStream) {
    await relay(
      turn.upstream,
      sse,
      (err) => this.ctx.log.warn({ err, model: turn.model.id }, 'reply failed'),
      turn.relayed,
    );
  }

  /**
   * Ends the turn: applies the charge rule, runs `record` (a reply's message: written before its charge,
   * so that a process dying in between gives a reply free, never charges one that shows as failed), then
   * charges the hold or lets it go. Returns the outcome, the usage and the balance after.
   */
  async finish<T>(
    turn: Turn,
    ledger: Pick<ChipChange, 'idempotencyKey' | 'refType' | 'refId' | 'note'>,
    record: (o: ReturnType<TurnPipeline['outcome']>) => Promise<T>,
  ) {
    try {
      const o = this.outcome(turn);
      const recorded = await record(o);
      const balance = await this.deps.wallet.settle(
        turn.userId,
        turn.ref,
        o.charged ? { ...ledger, userId: turn.userId, delta: -o.charged, reason: 'chat' } : null,
      );
      return { ...o, balance, recorded };
    } finally {
      this.live.delete(turn.ref);
    }
  }

  private outcome(turn: Turn) {
    const r = turn.relayed;
    return {
      ...outcomeOf(r, turn.model.chipPrice),
      usage: {
        promptTokens: r.usage?.promptTokens ?? turn.prompt.promptTokens,
        completionTokens: r.usage?.completionTokens ?? countTokens(r.text),
      },
    };
  }

  /** The refs of this process's turns under way. */
  liveRefs() {
    return [...this.live.keys()];
  }
}
