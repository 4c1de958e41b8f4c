import { ErrorCode, type StreamDone, type StreamError, type StreamStart } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AnnouncedCache, type Listen } from '../../platform/announced-cache.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { SseStream } from '../../platform/http/sse.js';
import type { BotsService } from '../bots/bots.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { presentMessage } from './chat.presenter.js';
import {
  conversationsRepository as repo,
  type ConversationRow,
  type MessageRow,
  type PromptMessage,
} from './conversations.repository.js';
import { previewOf } from './preview.js';
import { busy, ReplyClaims, storable } from './reply-claims.js';
import type { Turn, TurnPipeline } from './turn.js';

const HISTORY_LIMIT = 60;

export type ReplyRequest = {
  user: AuthUser;
  conversationId: number;
  /** A new user message; absent when regenerating the last reply. */
  content?: string;
  modelId?: string;
};

type Prepared = Awaited<ReturnType<ReplyService['prepare']>>;
/** What a reply reads of its conversation before the model is asked: the row and the newest messages. */
type ForReply = { conversation: ConversationRow; recent: PromptMessage[] };

/**
 * One reply, end to end, on the turn pipeline: claims its conversation (one reply at a time), streams the
 * reply from the model as it is written, and settles it: `complete` or `stopped` are charged once, a `failed`
 * reply costs nothing and keeps its text.
 */
export class ReplyService {
  /**
   * A conversation's read for the next reply, by id. The database announces every change to the
   * conversation or its messages (migration 0008; docs/scaling.md), so it stays in memory until changed, and
   * is read again as soon as a reply has settled: the user's next message is answered without a database
   * read before the model is asked. Up to ~32 MB of text.
   */
  private readonly forReply = new AnnouncedCache<number, ForReply>({
    max: 5_000,
    ttlMs: 0,
    maxSize: 16_000_000,
    sizeOf: (r) => r.recent.reduce((n, m) => n + m.content.length, 100),
  });
  private readonly claims: ReplyClaims;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { turns: TurnPipeline; bots: BotsService; wallet: WalletService },
  ) {
    this.claims = new ReplyClaims(ctx, deps);
  }

  async start(listen: Listen) {
    await this.forReply.listen(listen, 'conversation_changed', (id) => this.forReply.forget(Number(id)));
  }

  private readConversation(userId: number, id: number) {
    return this.forReply.get(id, () => repo.conversationForReply(this.ctx.db, userId, id, HISTORY_LIMIT));
  }

  /**
   * Everything that can refuse the request happens here, before the stream opens (refusals are plain
   * envelopes). The chips are set aside before the model is asked, and the model is asked before the rows
   * are written.
   */
  async prepare(req: ReplyRequest) {
    const { turns, bots } = this.deps;
    const { user, conversationId: id } = req;
    await turns.admit(user);
    let read = await this.readConversation(user.id, id);
    if (read?.recent[0]?.status === 'streaming' && !this.claims.busyHere(id)) {
      // A reply of another process, or of a dead one: settled now if its lease ran out (here or by another
      // process meanwhile), then read again.
      await this.claims.settleDead({ conversationId: id });
      read = await this.readConversation(user.id, id);
    }
    // Kept by id: another user's conversation is no more found here than in the database.
    if (!read || read.conversation.userId !== user.id) throw AppError.notFound('对话不存在或已删除');
    const { conversation } = read;
    const history = [...read.recent].reverse();
    const bot = await bots.forChat(conversation.botId, user.id);
    const model = await turns.model(user, req.modelId ?? bot.modelId, { fallback: !req.modelId });
    const last = history.at(-1);
    if (last?.status === 'streaming') throw busy();
    if (req.content === undefined && (!last || last.role !== 'assistant')) {
      throw AppError.badRequest('没有可以重新生成的回复');
    }

    const claim = this.claims.enter(id, user.id, turns.newRef('reply'));
    try {
      // Elsewhere other processes may claim it too: the claim comes before the model is asked. On the
      // embedded database this process is the only claimant: the claim is written with the rows, once the
      // request is out.
      if (!turns.ownsDatabase) await this.claims.claim(claim);
      const question = req.content ?? [...history].reverse().find((m) => m.role === 'user')?.content ?? '';
      const knowledge = await turns.knowledge(bot.creatorId, bot.knowledgeBaseIds, question);
      const asked = req.content === undefined ? history.slice(0, -1) : history;
      const newTurn =
        req.content === undefined
          ? []
          : [{ role: 'user' as const, content: req.content, status: 'complete' as const }];
      const { turn, persisted } = await turns.begin(
        {
          user,
          ref: claim.ref,
          model,
          bot: { ...bot, persona: bot.persona || `你是${bot.name}。${bot.intro}` },
          knowledge,
          history: [...asked, ...newTurn],
        },
        (turn) => this.claims.claiming(claim, () => this.writeRows(req, claim.ref, last, turn)),
      );
      this.claims.started(claim, turn, persisted.placeholder.id);
      return { conversation, bot, turn, claim, ...persisted, regenerated: !persisted.userMessage };
    } catch (err) {
      await this.claims.leave(claim, { release: true });
      throw err;
    }
  }

  /**
   * The new question (if any) and the answer's placeholder, with the claim; a regenerated reply replaces
   * the last one. Nothing when another reply has the conversation.
   */
  private async writeRows(req: ReplyRequest, ref: string, last: PromptMessage | undefined, turn: Turn) {
    const now = this.ctx.clock.now();
    const base = { conversationId: req.conversationId, userId: req.user.id, createdAt: now };
    const question =
      req.content === undefined
        ? []
        : [{ ...base, role: 'user' as const, content: req.content, status: 'complete' as const }];
    const inserted = await repo.writeReply(this.ctx.db, {
      conversationId: req.conversationId,
      userId: req.user.id,
      ref,
      leaseMs: this.deps.turns.leaseMs,
      replaces: req.content === undefined ? last?.id : undefined,
      title: req.content?.slice(0, 30),
      rows: [
        ...question,
        {
          ...base,
          role: 'assistant' as const,
          content: '',
          status: 'streaming' as const,
          modelId: turn.model.id,
          citations: turn.citations,
          createdAt: new Date(now.getTime() + 1),
        },
      ],
    });
    if (!inserted) return undefined;
    const userMessage: MessageRow | null = req.content === undefined ? null : inserted[0]!;
    return { userMessage, placeholder: inserted.at(-1)! };
  }

  /** Streams the prepared reply into `sse` and settles it. Never throws: failures become an `error` event. */
  async stream(p: Prepared, sse: SseStream) {
    const start: StreamStart = {
      conversation_id: p.conversation.id,
      user_message: p.userMessage && presentMessage(p.userMessage),
      message_id: p.placeholder.id,
      model: p.turn.model.id,
    };
    sse.send('start', start);
    await this.deps.turns.relay(p.turn, sse);
    await this.settle(p, sse);
  }

  private async settle(p: Prepared, sse: SseStream) {
    const { db, clock } = this.ctx;
    const { turn, placeholder } = p;
    const r = turn.relayed;
    try {
      const f = await this.deps.turns.finish(
        turn,
        {
          idempotencyKey: `chat:${placeholder.id}`,
          refType: 'message',
          refId: String(placeholder.id),
          note: p.bot.name,
        },
        (o) =>
          repo.finishReply(
            db,
            placeholder.id,
            {
              content: storable(r.text),
              status: o.status,
              chips: o.charged,
              error: r.failure?.message ?? null,
              promptTokens: o.usage.promptTokens,
              completionTokens: o.usage.completionTokens,
            },
            {
              conversationId: p.conversation.id,
              lastMessage: previewOf(r.text || p.userMessage?.content || ''),
              at: clock.now(),
              ref: turn.ref,
            },
          ),
      );
      if (!p.regenerated) await this.deps.bots.countChat(db, p.bot.id);
      this.sendEnd(sse, r, f.recorded, f.charged, f.balance);
    } catch (err) {
      this.ctx.log.error({ err, messageId: placeholder.id }, 'settling a reply failed');
      sse.send('error', { code: ErrorCode.INTERNAL, msg: '回复保存失败，请稍后再试', message: null });
      // Never left claimed (elsewhere its lease would end it too, and its hold's).
      await this.claims.leave(p.claim, { release: true }).catch(() => undefined);
    } finally {
      // What this reply changed is forgotten before it ends: PostgreSQL's announcement may come later.
      this.forReply.forget(p.conversation.id);
      sse.end();
      await this.claims.leave(p.claim, { release: false });
      // Ready for the user's next message (a failed read only means that one reads it itself).
      if (this.forReply.keeps) {
        this.readConversation(p.conversation.userId, p.conversation.id).catch(() => undefined);
      }
    }
  }

  private sendEnd(sse: SseStream, r: Turn['relayed'], message: MessageRow, charged: number, balance: number) {
    if (r.failure) {
      const error: StreamError = {
        code: ErrorCode.UPSTREAM_FAILED,
        msg: r.failure.message,
        message: presentMessage(message),
      };
      sse.send('error', error);
    } else {
      const done: StreamDone = {
        message: presentMessage(message),
        usage: { prompt_tokens: message.promptTokens, completion_tokens: message.completionTokens },
        finish_reason: r.finishReason,
        chips_charged: charged,
        balance,
      };
      sse.send('done', done);
    }
  }
}
