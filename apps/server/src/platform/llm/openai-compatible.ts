import OpenAI from 'openai';
import { LlmError, type LlmEvent, type LlmModel, type LlmProvider, type LlmRequest } from './llm.js';

/** The first byte of a reply must come within this time, and each next chunk within as long again. */
const TIMEOUT_MS = 60_000;

/**
 * Any OpenAI-compatible chat completions API (DeepSeek, Qwen/DashScope, Moonshot, Zhipu, Doubao, OpenAI,
 * Ollama, vLLM …), through the official client library and its SSE parser.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  private readonly clients = new Map<string, OpenAI>();

  constructor(private readonly timeoutMs = TIMEOUT_MS) {}

  private client(model: LlmModel) {
    const key = `${model.baseUrl}|${model.apiKey}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new OpenAI({
        baseURL: model.baseUrl ?? undefined,
        apiKey: model.apiKey || 'none',
        timeout: this.timeoutMs,
        maxRetries: 0,
      });
      this.clients.set(key, client);
    }
    return client;
  }

  async *stream(req: LlmRequest): AsyncIterable<LlmEvent> {
    // The client's own timeout ends when the headers arrive; a stream that then stalls is caught by this
    // idle timer, re-armed by every chunk.
    const controller = new AbortController();
    const abort = () => controller.abort();
    req.signal.addEventListener('abort', abort, { once: true });
    if (req.signal.aborted) abort();
    let stalled = false;
    const idle = setTimeout(() => {
      stalled = true;
      abort();
    }, this.timeoutMs);
    try {
      let stream;
      try {
        stream = await this.client(req.model).chat.completions.create(
          {
            model: req.model.upstreamModel,
            messages: req.messages,
            temperature: req.temperature,
            max_tokens: req.maxTokens,
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: controller.signal },
        );
      } catch (err) {
        throw toLlmError(err, req.signal, stalled, false);
      }
      let finishReason = '';
      let usage: { promptTokens: number; completionTokens: number } | null = null;
      try {
        for await (const chunk of stream) {
          idle.refresh();
          const choice = chunk.choices[0];
          const text = choice?.delta?.content;
          if (text) yield { type: 'delta', text };
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          if (chunk.usage) {
            usage = {
              promptTokens: chunk.usage.prompt_tokens,
              completionTokens: chunk.usage.completion_tokens,
            };
          }
        }
      } catch (err) {
        throw toLlmError(err, req.signal, stalled, true);
      }
      // The client ends the iteration quietly when its request is aborted: by the user, or by the idle timer.
      if (!finishReason) throw toLlmError(null, req.signal, stalled, true);
      yield { type: 'done', usage, finishReason };
    } finally {
      clearTimeout(idle);
      req.signal.removeEventListener('abort', abort);
    }
  }
}

function toLlmError(err: unknown, signal: AbortSignal, stalled: boolean, midStream: boolean): LlmError {
  if (signal.aborted) return new LlmError('aborted', '已停止生成', err);
  if (stalled) return new LlmError('timeout', '模型服务响应超时，请稍后再试', err);
  if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError) {
    return new LlmError('auth', '模型服务鉴权失败，请联系管理员检查模型配置', err);
  }
  if (err instanceof OpenAI.RateLimitError) {
    return new LlmError('rate_limit', '模型服务繁忙（请求过多），请稍后再试', err);
  }
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmError('timeout', '模型服务响应超时，请稍后再试', err);
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return midStream
      ? new LlmError('broken_stream', '模型服务的回复意外中断', err)
      : new LlmError('connection', '无法连接模型服务，请稍后再试', err);
  }
  if (err instanceof OpenAI.APIError) {
    return new LlmError('upstream', `模型服务出错（${err.status ?? '未知'}），请稍后再试`, err);
  }
  return new LlmError(midStream ? 'broken_stream' : 'upstream', '模型服务的回复意外中断', err);
}
