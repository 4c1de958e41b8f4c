import { randomUUID } from 'node:crypto';
import { ErrorCode, type StreamDone, type StreamError, type StreamStart } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { SseStream } from '../../platform/http/sse.js';
import { countTokens, LlmError, type LlmProvider, type LlmUsage } from '../../platform/llm/index.js';
import type { AccountService } from '../account/account.service.js';
import type { BotsService } from '../bots/bots.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { presentMessage } from './chat.presenter.js';
import { conversationsRepository as repo, type MessageRow } from './conversations.repository.js';
import type { ModelsService } from './models.service.js';
import { buildPrompt, replyReserve } from './prompt.js';

const HISTORY_LIMIT = 60;

export type ReplyRequest = {
  userId: number;
  conversationId: number;
  /** A new user message; absent when regenerating the last reply. */
  content?: string;
  modelId?: string;
};

type Prepared = Awaited<ReturnType<ReplyService['prepare']>>;

/**
 * One reply, end to end: checks and sets aside its chips, streams it from the model as it is written, and
 * settles it: `complete` or `stopped` are charged once, a `failed` reply costs nothing and keeps its text.
 */
export class ReplyService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      wallet: WalletService;
      bots: BotsService;
      models: ModelsService;
      account: AccountService;
      llm: LlmProvider;
    },
  ) {}

  /** Everything that can refuse the request, before the stream opens: refusals are plain envelopes. */
  async prepare(req: ReplyRequest) {
    const { db, clock, limiter, config } = this.ctx;
    const { wallet, bots, models, account } = this.deps;
    const verdict = await limiter.hit(`chat:${req.userId}`, config.chatRatePerMinute, 60_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '发送消息');
    const conversation = await repo.conversationOf(db, req.userId, req.conversationId);
    if (!conversation) throw AppError.notFound('对话不存在或已删除');
    const bot = await bots.visible(conversation.botId, req.userId);
    const isVip = await account.isVip(req.userId);
    const model = await models.resolve(req.modelId ?? bot.modelId, isVip).catch(async (err) => {
      // A bot whose model was retired falls back to the default; a model the user asked for does not.
      if (req.modelId) throw err;
      return models.defaultModel();
    });
    const history = (await repo.messages(db, conversation.id, undefined, HISTORY_LIMIT)).reverse();
    const last = history.at(-1);
    if (req.content === undefined) {
      if (!last || last.role !== 'assistant') throw AppError.badRequest('没有可以重新生成的回复');
      if (last.status === 'streaming') throw AppError.badRequest('回复还在生成中');
    } else if (last?.status === 'streaming') {
      throw AppError.badRequest('上一条回复还在生成中，请稍候');
    }
    const holdRef = `reply:${randomUUID()}`;
    const now = clock.now();
    const { userMessage, placeholder } = await db.transaction(async (tx) => {
      await wallet.hold(tx, req.userId, model.chipPrice, holdRef);
      let userMessage: MessageRow | null = null;
      if (req.content === undefined) {
        await repo.deleteMessage(tx, last!.id);
        history.pop();
      } else {
        userMessage = await repo.insertMessage(tx, {
          conversationId: conversation.id,
          userId: req.userId,
          role: 'user',
          content: req.content,
          status: 'complete',
          createdAt: now,
        });
        history.push(userMessage);
        if (!conversation.title) {
          await repo.updateConversation(tx, conversation.id, { title: req.content.slice(0, 30) });
        }
      }
      const placeholder = await repo.insertMessage(tx, {
        conversationId: conversation.id,
        userId: req.userId,
        role: 'assistant',
        content: '',
        status: 'streaming',
        modelId: model.id,
        createdAt: new Date(now.getTime() + 1),
      });
      return { userMessage, placeholder };
    });
    return {
      conversation,
      bot,
      model,
      history,
      holdRef,
      userMessage,
      placeholder,
      regenerated: !userMessage,
    };
  }

  /** Streams the prepared reply into `sse` and settles it. Never throws: failures become an `error` event. */
  async stream(p: Prepared, sse: SseStream) {
    const abort = new AbortController();
    sse.onClose(() => abort.abort());
    if (sse.closed) abort.abort();
    const start: StreamStart = {
      conversation_id: p.conversation.id,
      user_message: p.userMessage && presentMessage(p.userMessage),
      message_id: p.placeholder.id,
      model: p.model.id,
    };
    sse.send('start', start);

    const prompt = buildPrompt({
      persona: p.bot.persona || `你是${p.bot.name}。${p.bot.intro}`,
      history: p.history,
      contextWindow: p.model.contextWindow,
    });
    let text = '';
    let usage: LlmUsage | null = null;
    let finishReason = 'stop';
    let failure: LlmError | null = null;
    try {
      for await (const ev of this.deps.llm.stream({
        model: p.model,
        messages: prompt.messages,
        temperature: p.bot.temperature,
        maxTokens: replyReserve(p.model.contextWindow),
        signal: abort.signal,
        context: { botName: p.bot.name, botIntro: p.bot.intro },
      })) {
        if (ev.type === 'delta') {
          text += ev.text;
          sse.send('delta', { text: ev.text });
        } else {
          usage = ev.usage;
          finishReason = ev.finishReason;
        }
      }
    } catch (err) {
      failure = err instanceof LlmError ? err : new LlmError('upstream', '回复生成失败，请稍后再试', err);
      if (failure.kind !== 'aborted') this.ctx.log.warn({ err, model: p.model.id }, 'reply failed');
    }
    const stopped = abort.signal.aborted;
    if (stopped) {
      failure = null;
      finishReason = 'stopped';
    }
    await this.settle(p, sse, {
      text,
      usage,
      finishReason,
      stopped,
      failure,
      promptTokens: prompt.promptTokens,
    });
  }

  private async settle(
    p: Prepared,
    sse: SseStream,
    r: {
      text: string;
      usage: LlmUsage | null;
      finishReason: string;
      stopped: boolean;
      failure: LlmError | null;
      promptTokens: number;
    },
  ) {
    const { db, clock } = this.ctx;
    const status = r.failure ? 'failed' : r.stopped ? 'stopped' : 'complete';
    // A reply is paid for when it completed, or was stopped after it had said something.
    const charged =
      status === 'complete' || (status === 'stopped' && r.text.length > 0) ? p.model.chipPrice : 0;
    try {
      const { message, balance } = await db.transaction(async (tx) => {
        const balance = await this.deps.wallet.settle(
          tx,
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
        const message = await repo.updateMessage(tx, p.placeholder.id, {
          content: r.text,
          status,
          chips: charged,
          error: r.failure?.message ?? null,
          promptTokens: r.usage?.promptTokens ?? r.promptTokens,
          completionTokens: r.usage?.completionTokens ?? countTokens(r.text),
        });
        await repo.bumpConversation(tx, p.conversation.id, {
          lastMessage: (r.text || p.userMessage?.content || '').slice(0, 100),
          added: p.regenerated ? 0 : 2,
          at: clock.now(),
        });
        if (!p.regenerated) await this.deps.bots.countChat(tx, p.bot.id);
        return { message, balance };
      });
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
    }
  }
}
