import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  type BotInputData,
  type PreviewDone,
  type PreviewError,
  type PreviewStart,
} from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { SseStream } from '../../platform/http/sse.js';
import { countTokens, type LlmProvider } from '../../platform/llm/index.js';
import type { Creator, MyBotsService } from '../bots/my-bots.service.js';
import type { KnowledgeService } from '../knowledge/knowledge.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { ModelsService } from './models.service.js';
import { citationsOf } from './citations.js';
import { buildPrompt, replyReserve } from './prompt.js';
import { EarlyUpstream, relay } from './upstream.js';

export type PreviewRequest = {
  user: Creator;
  bot: BotInputData;
  messages: { role: 'user' | 'assistant'; content: string }[];
};

type Prepared = Awaited<ReturnType<BotPreviewService['prepare']>>;

/**
 * The editor's live preview: a reply of the unsaved settings, streamed like a chat reply but written nowhere.
 * It runs on the same model path and costs what a reply costs (set aside first, charged once it completes or
 * is stopped after saying something), so the preview is no free way to use a model; it shares the chat rate
 * limit for the same reason.
 */
export class BotPreviewService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      wallet: WalletService;
      models: ModelsService;
      myBots: MyBotsService;
      llm: LlmProvider;
      knowledge: KnowledgeService;
    },
  ) {}

  /** Every refusal happens here, before the stream opens (refusals are plain envelopes). */
  async prepare(req: PreviewRequest) {
    const { limiter, config, clock } = this.ctx;
    const userId = req.user.id;
    const verdict = await limiter.hit(`chat:${userId}`, config.chatRatePerMinute, 60_000);
    if (!verdict.allowed) throw AppError.rateLimited(Math.ceil(verdict.retryAfterMs / 1000), '发送消息');
    if (req.messages.at(-1)?.role !== 'user') throw AppError.badRequest('最后一条应为用户消息');
    const b = req.bot;
    await this.deps.myBots.checkWords(b);
    const isVip = !!req.user.vipExpiresAt && req.user.vipExpiresAt > clock.now();
    const model = await this.deps.models.resolve(b.model_id, isVip);
    // The unsaved settings' knowledge bases, those of them the creator has.
    const found = b.knowledge_base_ids.length
      ? await this.deps.knowledge.forReply(userId, b.knowledge_base_ids, req.messages.at(-1)!.content)
      : [];
    const holdRef = `preview:${randomUUID()}`;
    await this.deps.wallet.hold(userId, model.chipPrice, holdRef);
    const prompt = buildPrompt({
      persona: b.persona,
      knowledge: found,
      history: req.messages.map((m) => ({ ...m, status: 'complete' as const })),
      contextWindow: model.contextWindow,
    });
    const upstream = new EarlyUpstream(this.deps.llm, {
      model,
      messages: prompt.messages,
      temperature: b.temperature,
      maxTokens: replyReserve(model.contextWindow),
      context: {
        botName: b.name,
        botIntro: b.intro,
        passages: found.slice(0, prompt.passages).map((p) => ({ document: p.document, passage: p.content })),
      },
    });
    // The passages that went into the prompt, for the done event (as a reply's message has them).
    const citations = citationsOf(found.slice(0, prompt.passages));
    return { userId, name: b.name, model, holdRef, upstream, prompt, citations };
  }

  /** Streams the preview into `sse` and settles its chips. Never throws: failures become an `error` event. */
  async stream(p: Prepared, sse: SseStream) {
    // The citations go first: a preview the user stops never gets its `done`.
    sse.send('start', { model: p.model.id, citations: p.citations } satisfies PreviewStart);
    const { text, usage, finishReason, stopped, failure } = await relay(p.upstream, sse, (err) =>
      this.ctx.log.warn({ err, model: p.model.id }, 'preview failed'),
    );
    const charged = (!failure && !stopped) || (stopped && text.length > 0) ? p.model.chipPrice : 0;
    try {
      const balance = await this.deps.wallet.settle(
        p.userId,
        p.holdRef,
        charged
          ? {
              userId: p.userId,
              delta: -charged,
              reason: 'chat',
              idempotencyKey: p.holdRef,
              refType: 'bot_preview',
              note: `${p.name}（预览）`,
            }
          : null,
      );
      if (failure) {
        sse.send('error', { code: ErrorCode.UPSTREAM_FAILED, msg: failure.message } satisfies PreviewError);
      } else {
        const done: PreviewDone = {
          usage: {
            prompt_tokens: usage?.promptTokens ?? p.prompt.promptTokens,
            completion_tokens: usage?.completionTokens ?? countTokens(text),
          },
          finish_reason: stopped ? 'stopped' : finishReason,
          chips_charged: charged,
          balance,
          citations: p.citations,
        };
        sse.send('done', done);
      }
    } catch (err) {
      this.ctx.log.error({ err, holdRef: p.holdRef }, 'settling a preview failed');
      sse.send('error', { code: ErrorCode.INTERNAL, msg: '预览失败，请稍后再试' } satisfies PreviewError);
    } finally {
      sse.end();
    }
  }
}
