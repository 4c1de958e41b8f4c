import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { replyClaimsRepository as repo } from './reply-claims.repository.js';
import type { Turn, TurnKeeper, TurnPipeline } from './turn.js';
import { isBrokenText, withoutBrokenText } from '../../platform/http/text-guard.js';

/** A claim of this process: its conversation, and its reply once under way (with what was saved of it). */
export type Claim = {
  conversationId: number;
  userId: number;
  ref: string;
  /** Whether the database has it (the row count of its conditional update said so). */
  held: boolean;
  turn: Turn | null;
  messageId: number | null;
  saved: number;
};

export const busy = () => AppError.badRequest('上一条回复还在生成中，请稍候');

/**
 * A model's text as the database can keep it: a NUL byte would fail the statement. The edge's rule for
 * broken text, applied to what the model wrote (it is shown, so it is tidied rather than refused).
 */
export const storable = (text: string) => (isBrokenText(text) ? withoutBrokenText(text) : text);

/**
 * One reply at a time per conversation. A reply first enters its conversation in this process (a check and
 * a mark in one tick: a second request of this process is refused at once, asking neither the model nor the
 * database), then claims it in the database, where one conditional update decides between processes. While
 * the reply streams the claim's lease is renewed and the reply's text so far saved; a claim whose lease ran
 * out is a dead process's, and its reply is settled as failed (docs/product.md, Chat).
 */
export class ReplyClaims implements TurnKeeper {
  private readonly byRef = new Map<string, Claim>();
  private readonly here = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { turns: TurnPipeline; wallet: WalletService },
  ) {
    deps.turns.keep(this);
  }

  /** Whether this process is writing a reply in the conversation. */
  busyHere(conversationId: number) {
    return this.here.has(conversationId);
  }

  /** Takes the conversation in this process, or refuses: the next step must be {@link claim} or {@link leave}. */
  enter(conversationId: number, userId: number, ref: string): Claim {
    if (this.here.has(conversationId)) throw busy();
    this.here.add(conversationId);
    const claim = { conversationId, userId, ref, held: false, turn: null, messageId: null, saved: 0 };
    this.byRef.set(ref, claim);
    return claim;
  }

  /** Claims the conversation in the database (see {@link claiming}). */
  async claim(c: Claim) {
    const args = { ...c, leaseMs: this.deps.turns.leaseMs };
    await this.claiming(c, async () => (await repo.claim(this.ctx.db, args)) || undefined);
  }

  /**
   * Runs `write`, a conditional write that claims the conversation in the database and answers undefined
   * when another reply has it. That one may be a dead process's: it is settled (once its lease ran out)
   * and the write tried once more, else the request is refused.
   */
  async claiming<T>(c: Claim, write: () => Promise<T | undefined>): Promise<T> {
    let written = await write();
    if (written === undefined) {
      // Settled here or, meanwhile, by another process: either way it may be free now.
      await this.settleDead({ conversationId: c.conversationId });
      written = await write();
    }
    if (written === undefined) throw busy();
    c.held = true;
    return written;
  }

  /** The claim's reply is under way: its text is saved with each renewal from now on. */
  started(c: Claim, turn: Turn, messageId: number) {
    c.turn = turn;
    c.messageId = messageId;
  }

  /**
   * Ends the claim in this process; `release`: in the database too (its reply never got settled, which
   * releases it with the reply's final state).
   */
  async leave(c: Claim, o: { release: boolean }) {
    this.byRef.delete(c.ref);
    this.here.delete(c.conversationId);
    if (o.release && c.held) await repo.release(this.ctx.db, c.conversationId, c.ref);
  }

  async renew(leaseMs: number) {
    const { db } = this.ctx;
    const mine = [...this.byRef.values()].filter((c) => c.held);
    await repo.renew(db, mine, leaseMs);
    const grown = mine.filter((c) => c.messageId && c.turn && c.turn.relayed.text.length !== c.saved);
    const texts = grown.map((c) => ({ messageId: c.messageId!, text: c.turn!.relayed.text }));
    await repo.saveTexts(
      db,
      texts.map((t) => ({ ...t, text: storable(t.text) })),
    );
    grown.forEach((c, i) => (c.saved = texts[i]!.text.length));
  }

  /**
   * Settles the replies of dead processes (see replyClaimsRepository.settleDead) and lets their holds go;
   * with `all` (this process owns the database and has just started), every reply still streaming. True
   * when there was one.
   */
  async settleDead(o: { conversationId?: number; all?: boolean; live?: string[] }) {
    const { db } = this.ctx;
    const all = o.all ?? false;
    const live = o.live ?? this.deps.turns.liveRefs();
    const dead = await repo.settleDead(db, {
      conversationId: o.conversationId,
      all,
      except: [...live, ...this.byRef.keys()],
    });
    if (all) await repo.failAllStreaming(db);
    for (const d of dead) await this.deps.wallet.settle(Number(d.userId), d.ref, null);
    return dead.length > 0;
  }
}
