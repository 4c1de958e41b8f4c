import { randomUUID } from 'node:crypto';
import { ErrorCode, type StreamDone, type StreamError, type StreamStart } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AnnouncedCache, type Listen } from '../../platform/announced-cache.js';
import { AppError } from '../../platform/errors.js';
import type { SseStream } from '../../platform/http/sse.js';
import { countTokens, type LlmProvider } from '../../platform/llm/index.js';
import { citationsOf } from './citations.js';
import { previewOf } from './preview.js';
import { EarlyUpstream, relay, type Relayed } from './upstream.js';
import type { BotsService } from '../bots/bots.service.js';
import type { KnowledgeService } from '../knowledge/knowledge.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { presentMessage } from './chat.presenter.js';
import {
  conversationsRepository as repo,
  type ConversationRow,
  type MessageRow,
  type PromptMessage,
} from './conversations.repository.js';
import type { ModelsService } from './models.service.js';
import { buildPrompt, replyReserve } from './prompt.js';

const HISTORY_LIMIT = 60;

export type ReplyRequest = {
  userId: number;
  isVip: boolean;
  conversationId: number;
  /** A new user message; absent when regenerating the last reply. */
  content?: string;
  modelId?: string;
};

type Prepared = Awaited<ReturnType<ReplyService['prepare']>>;
/** What a reply reads of its conversation before the model is asked: the row and the newest messages. */
type ForReply = { conversation: ConversationRow; recent: PromptMessage[] };

/**
 * One reply, end to end: checks and sets aside its chips, streams it from the model as it is written, and
 * settles it: `complete` or `stopped` are charged once, a `failed` reply costs nothing and keeps its text.
 */
export class ReplyService {
  /**
   * A conversation's read for the next reply, by id. The embedded database announces every change to the
   * conversation or its messages (migration 0008), so there it stays in memory until changed, and is read
   * again as soon as a reply has settled: the user's next message is answered without a database read
   * before the model is asked. Elsewhere nothing is kept. Up to ~32 MB of text.
   */
  private readonly forReply = new AnnouncedCache<number, ForReply>({
    max: 5_000,
    ttlMs: 0,
    maxSize: 16_000_000,
    sizeOf: (r) => r.recent.reduce((n, m) => n + m.content.length, 100),
  });

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      wallet: WalletService;
      bots: BotsService;
      models: ModelsService;
      llm: LlmProvider;
      knowledge: KnowledgeService;
    },
  ) {}

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
    const { db, clock, limiter, config } = this.ctx;
    const { wallet, bots, models } = this.deps;
    const verdict = await limiter.hit(`chat:${req.userId}`, config.chatRatePerMinute, 60_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '发送消息');
    const read = await this.readConversation(req.userId, req.conversationId);
    // Kept by id: another user's conversation is no more found here than in the database.
    if (!read || read.conversation.userId !== req.userId) throw AppError.notFound('对话不存在或已删除');
    const { conversation } = read;
    const history = [...read.recent].reverse();
    const bot = await bots.forChat(conversation.botId, req.userId);
    const model = await models.resolve(req.modelId ?? bot.modelId, req.isVip).catch(async (err) => {
      // A bot whose model was retired falls back to the default; a model the user asked for does not.
      if (req.modelId) throw err;
      return models.defaultModel();
    });
    const last = history.at(-1);
    if (req.content === undefined) {
      if (!last || last.role !== 'assistant') throw AppError.badRequest('没有可以重新生成的回复');
      if (last.status === 'streaming') throw AppError.badRequest('回复还在生成中');
    } else if (last?.status === 'streaming') {
      throw AppError.badRequest('上一条回复还在生成中，请稍候');
    }
    // Knowledge for the question (a bot without knowledge bases costs no query).
    const question = req.content ?? [...history].reverse().find((m) => m.role === 'user')?.content ?? '';
    const found = bot.knowledgeBaseIds.length
      ? await this.deps.knowledge.forReply(bot.creatorId, bot.knowledgeBaseIds, question)
      : [];

    const holdRef = `reply:${randomUUID()}`;
    const { written } = await wallet.reserve(req.userId, model.chipPrice, holdRef);
    const now = clock.now();
    const asked = req.content === undefined ? history.slice(0, -1) : history;
    const newTurn =
      req.content === undefined
        ? []
        : [{ role: 'user' as const, content: req.content, status: 'complete' as const }];
    const prompt = buildPrompt({
      persona: bot.persona || `你是${bot.name}。${bot.intro}`,
      knowledge: found,
      history: [...asked, ...newTurn],
      contextWindow: model.contextWindow,
    });
    const used = found.slice(0, prompt.passages);
    const citations = citationsOf(used);
    const upstream = new EarlyUpstream(this.deps.llm, {
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
    try {
      const base = { conversationId: conversation.id, userId: req.userId, createdAt: now };
      const rows = [
        ...(req.content === undefined
          ? []
          : [{ ...base, role: 'user' as const, content: req.content, status: 'complete' as const }]),
        {
          ...base,
          role: 'assistant' as const,
          content: '',
          status: 'streaming' as const,
          modelId: model.id,
          citations,
          createdAt: new Date(now.getTime() + 1),
        },
      ];
      // The request to the model goes out first: the rows are written in the next turn of the event loop,
      // once the chips are set aside in the database too (should it refuse, the request is cancelled).
      await new Promise((resolve) => setImmediate(resolve));
      await written;
      if (req.content === undefined) await repo.deleteMessage(db, last!.id);
      const inserted = await repo.insertMessages(db, rows);
      if (req.content !== undefined && !conversation.title) {
        await repo.updateConversation(db, conversation.id, { title: req.content.slice(0, 30) });
      }
      const userMessage: MessageRow | null = req.content === undefined ? null : inserted[0]!;
      const placeholder = inserted.at(-1)!;
      return {
        conversation,
        bot,
        model,
        holdRef,
        userMessage,
        placeholder,
        upstream,
        prompt,
        regenerated: !userMessage,
      };
    } catch (err) {
      upstream.cancel();
      await wallet.settle(req.userId, holdRef, null);
      throw err;
    }
  }

  /** Streams the prepared reply into `sse` and settles it. Never throws: failures become an `error` event. */
  async stream(p: Prepared, sse: SseStream) {
    const start: StreamStart = {
      conversation_id: p.conversation.id,
      user_message: p.userMessage && presentMessage(p.userMessage),
      message_id: p.placeholder.id,
      model: p.model.id,
    };
    sse.send('start', start);
    const r = await relay(p.upstream, sse, (err) =>
      this.ctx.log.warn({ err, model: p.model.id }, 'reply failed'),
    );
    await this.settle(p, sse, r);
  }

  private async settle(p: Prepared, sse: SseStream, r: Relayed) {
    const { db, clock } = this.ctx;
    const status = r.failure ? 'failed' : r.stopped ? 'stopped' : 'complete';
    // A reply is paid for when it completed, or was stopped after it had said something.
    const charged =
      status === 'complete' || (status === 'stopped' && r.text.length > 0) ? p.model.chipPrice : 0;
    try {
      // The message first, then the charge: should the process die in between, the user got a reply free
      // (its hold expires), never a charge for a reply that shows as failed.
      const message = await repo.finishReply(
        db,
        p.placeholder.id,
        {
          content: r.text,
          status,
          chips: charged,
          error: r.failure?.message ?? null,
          promptTokens: r.usage?.promptTokens ?? p.prompt.promptTokens,
          completionTokens: r.usage?.completionTokens ?? countTokens(r.text),
        },
        {
          conversationId: p.conversation.id,
          lastMessage: previewOf(r.text || p.userMessage?.content || ''),
          added: p.regenerated ? 0 : 2,
          at: clock.now(),
        },
      );
      const balance = await this.deps.wallet.settle(
        p.placeholder.userId,
        p.holdRef,
        charged
          ? {
              userId: p.placeholder.userId,
              delta: -charged,
              reason: 'chat',
              idempotencyKey: `chat:${p.placeholder.id}`,
              refType: 'message',
              refId: String(p.placeholder.id),
              note: p.bot.name,
            }
          : null,
      );
      if (!p.regenerated) await this.deps.bots.countChat(db, p.bot.id);
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
    } catch (err) {
      this.ctx.log.error({ err, messageId: p.placeholder.id }, 'settling a reply failed');
      sse.send('error', { code: ErrorCode.INTERNAL, msg: '回复保存失败，请稍后再试', message: null });
    } finally {
      sse.end();
      // Ready for the user's next message (a failed read only means that one reads it itself).
      if (this.forReply.keeps) {
        this.readConversation(p.conversation.userId, p.conversation.id).catch(() => undefined);
      }
    }
  }
}
