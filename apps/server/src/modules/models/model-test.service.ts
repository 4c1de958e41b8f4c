import { ErrorCode, type ModelTestDone, type ModelTestError, type ModelTestStart } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { SseStream } from '../../platform/http/sse.js';
import { LlmError, upstreamDetail, type LlmProvider } from '../../platform/llm/index.js';
import type { AuditService } from '../admin/audit.service.js';
import { modelsRepository as repo, type ModelRow } from './models.repository.js';

/** docs/admin.md, Models and prices: the test button's limits. */
const TESTS_PER_MINUTE = 10;
const TEST_TIMEOUT_MS = 30_000;
const TEST_MAX_TOKENS = 512;

export type PreparedTest = { actorId: number; model: ModelRow; prompt: string };

type Failure = Omit<ModelTestError, 'code' | 'latency_ms' | 'first_token_ms'>;

/**
 * The console's test button: one short prompt to a model (enabled or not) through the same LLM router as a reply,
 * streamed back as it comes. No chips, no messages: only an audit row of what was asked and how it went.
 */
export class ModelTestService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { llm: LlmProvider; audit: AuditService },
  ) {}

  /** Everything that can refuse, before the stream opens (a refusal is a plain envelope). */
  async prepare(actorId: number, id: string, prompt: string): Promise<PreparedTest> {
    const model = await repo.byId(this.ctx.db, id);
    if (!model) throw AppError.notFound('模型不存在');
    const verdict = await this.ctx.limiter.hit(`model-test:${actorId}`, TESTS_PER_MINUTE, 60_000);
    if (!verdict.allowed) {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      throw new AppError(ErrorCode.RATE_LIMITED, `测试太频繁，请${seconds}秒后再试`);
    }
    return { actorId, model, prompt };
  }

  /** At most 30 s in all (less when LLM_TIMEOUT_MS is shorter); closing the connection stops the model. */
  get deadlineMs() {
    return Math.min(TEST_TIMEOUT_MS, this.ctx.config.llm.timeoutMs);
  }

  async stream({ actorId, model, prompt }: PreparedTest, sse: SseStream) {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const controller = new AbortController();
    sse.onClose(() => controller.abort());
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.deadlineMs);
    let firstToken: number | null = null;
    let chars = 0;
    let outcome: Record<string, unknown> = { outcome: 'aborted' };
    const start: ModelTestStart = {
      model_id: model.id,
      name: model.name,
      provider: model.provider,
      upstream_model: model.upstreamModel,
      prompt,
    };
    sse.send('start', start);
    try {
      const events = this.deps.llm.stream({
        model,
        messages: [{ role: 'user', content: prompt }],
        maxTokens: TEST_MAX_TOKENS,
        signal: controller.signal,
        context: { botName: model.name, botIntro: '' },
      });
      for await (const e of events) {
        if (e.type === 'delta') {
          firstToken ??= elapsed();
          chars += e.text.length;
          sse.send('delta', { text: e.text });
          continue;
        }
        const done: ModelTestDone = {
          latency_ms: elapsed(),
          first_token_ms: firstToken,
          usage: e.usage && {
            prompt_tokens: e.usage.promptTokens,
            completion_tokens: e.usage.completionTokens,
          },
          finish_reason: e.finishReason,
        };
        sse.send('done', done);
        outcome = { outcome: 'done', latency_ms: done.latency_ms, first_token_ms: firstToken, chars };
      }
    } catch (err) {
      // The operator closed the test: nobody is listening.
      if (!timedOut && sse.closed) outcome = { outcome: 'aborted', chars };
      else {
        const failure = this.describe(err, timedOut);
        const error: ModelTestError = {
          code: ErrorCode.UPSTREAM_FAILED,
          ...failure,
          latency_ms: elapsed(),
          first_token_ms: firstToken,
        };
        sse.send('error', error);
        outcome = { outcome: 'error', kind: failure.kind, upstream_status: failure.upstream_status, chars };
      }
    } finally {
      clearTimeout(timer);
    }
    // Written before the answer ends: once the operator's page has the whole answer, the log has the test.
    await this.deps.audit
      .record(this.ctx.db, {
        actorId,
        action: 'model.test',
        target: `model:${model.id}`,
        detail: { prompt, ...outcome },
      })
      .catch((err: unknown) => this.ctx.log.error({ err }, 'model test: audit row not written'))
      .finally(() => sse.end());
  }

  /** A failure in an operator's words, with what the upstream said (users never see these). */
  private describe(err: unknown, timedOut: boolean): Failure {
    if (timedOut || (err instanceof LlmError && err.kind === 'timeout')) {
      const msg = timedOut
        ? `模型在${Math.round(this.deadlineMs / 1000)}秒内没有答完，测试已停止（超时）`
        : '模型服务响应超时，请检查接口地址、网络或上游负载';
      return { kind: 'timeout', msg, upstream_status: null, upstream_message: null };
    }
    const { status, message } = upstreamDetail(err);
    const detail = { upstream_status: status, upstream_message: message };
    const kind = err instanceof LlmError && err.kind !== 'aborted' ? err.kind : 'upstream';
    switch (kind) {
      case 'auth':
        return { kind, msg: 'API Key 无效或无权使用该模型（上游拒绝鉴权）', ...detail };
      case 'rate_limit':
        return { kind, msg: '上游限流或额度不足，请稍后再试或检查账户额度', ...detail };
      case 'connection':
        return { kind, msg: '无法连接模型服务，请检查接口地址与网络', ...detail };
      case 'broken_stream':
        return { kind, msg: '模型服务的回复中途断开', ...detail };
      default:
        return {
          kind: 'upstream',
          msg:
            status === 404
              ? '上游找不到该接口或模型（HTTP 404），请检查接口地址与上游模型ID'
              : `模型服务出错${status ? `（HTTP ${status}）` : ''}，请查看上游返回的信息`,
          ...detail,
        };
    }
  }
}
