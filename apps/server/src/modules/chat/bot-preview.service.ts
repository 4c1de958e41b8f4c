import {
  ErrorCode,
  type BotInputData,
  type PreviewDone,
  type PreviewError,
  type PreviewStart,
} from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { SseStream } from '../../platform/http/sse.js';
import type { MyBotsService } from '../bots/my-bots.service.js';
import type { Turn, TurnPipeline } from './turn.js';

export type PreviewRequest = {
  user: AuthUser;
  bot: BotInputData;
  messages: { role: 'user' | 'assistant'; content: string }[];
};

/**
 * The editor's live preview: a turn of the unsaved settings on the same pipeline as a chat reply, streamed
 * like one but written nowhere. It costs what a reply costs (docs/product.md, Chips), so the preview is no
 * free way to use a model, and it shares the chat rate limit for the same reason.
 */
export class BotPreviewService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { turns: TurnPipeline; myBots: MyBotsService },
  ) {}

  /** Every refusal happens here, before the stream opens (refusals are plain envelopes). */
  async prepare(req: PreviewRequest) {
    const { turns } = this.deps;
    const { user, bot: b } = req;
    await turns.admit(user);
    const question = req.messages.at(-1);
    if (question?.role !== 'user') throw AppError.badRequest('最后一条应为用户消息');
    await this.deps.myBots.checkWords(b);
    const model = await turns.model(user, b.model_id, { fallback: false });
    // The unsaved settings' knowledge bases, those of them the creator has.
    const knowledge = await turns.knowledge(user.id, b.knowledge_base_ids, question.content);
    const { turn } = await turns.begin(
      {
        user,
        ref: turns.newRef('preview'),
        model,
        bot: { name: b.name, intro: b.intro, persona: b.persona, temperature: b.temperature },
        knowledge,
        history: req.messages.map((m) => ({ ...m, status: 'complete' as const })),
      },
      async () => undefined,
    );
    return { turn, name: b.name };
  }

  /** Streams the preview into `sse` and settles its chips. Never throws: failures become an `error` event. */
  async stream(p: { turn: Turn; name: string }, sse: SseStream) {
    const { turn } = p;
    // The citations go first: a preview the user stops never gets its `done`.
    sse.send('start', { model: turn.model.id, citations: turn.citations } satisfies PreviewStart);
    await this.deps.turns.relay(turn, sse);
    const r = turn.relayed;
    try {
      const f = await this.deps.turns.finish(
        turn,
        { idempotencyKey: turn.ref, refType: 'bot_preview', note: `${p.name}（预览）` },
        async () => undefined,
      );
      if (r.failure) {
        sse.send('error', { code: ErrorCode.UPSTREAM_FAILED, msg: r.failure.message } satisfies PreviewError);
      } else {
        const done: PreviewDone = {
          usage: { prompt_tokens: f.usage.promptTokens, completion_tokens: f.usage.completionTokens },
          finish_reason: r.finishReason,
          chips_charged: f.charged,
          balance: f.balance,
          citations: turn.citations,
        };
        sse.send('done', done);
      }
    } catch (err) {
      this.ctx.log.error({ err, holdRef: turn.ref }, 'settling a preview failed');
      sse.send('error', { code: ErrorCode.INTERNAL, msg: '预览失败，请稍后再试' } satisfies PreviewError);
    } finally {
      sse.end();
    }
  }
}
