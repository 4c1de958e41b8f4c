import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { httpFetch } from './http-fetch.js';
import { LlmError, type LlmEvent, type LlmModel, type LlmProvider, type LlmRequest } from './llm.js';

/** The first byte of a reply must come within this time, and each next chunk within as long again. */
const TIMEOUT_MS = 60_000;

/**
 * Any OpenAI-compatible chat completions API (DeepSeek, Qwen/DashScope, Moonshot, Zhipu, Doubao, OpenAI,
 * Ollama, vLLM …), through the official client library: it sends the request and turns refusals (bad key,
 * rate limit, 5xx …) into its typed errors. The stream it returns is read with eventsource-parser instead
 * of the client's own iterator: the same events, ended the same way, at half the CPU per delta (its layers
 * of async generators cost more than everything else the server does for a delta).
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
        fetch: httpFetch,
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
      let response;
      try {
        response = await this.client(req.model)
          .chat.completions.create(
            {
              model: req.model.upstreamModel,
              messages: req.messages,
              temperature: req.temperature,
              max_tokens: req.maxTokens,
              stream: true,
              stream_options: { include_usage: true },
            },
            { signal: controller.signal },
          )
          .asResponse();
      } catch (err) {
        throw toLlmError(err, req.signal, stalled, false);
      }
      let finishReason = '';
      let usage: { promptTokens: number; completionTokens: number } | null = null;
      const chunks = new CompletionChunks(response);
      try {
        for (let read = await chunks.read(); read; read = await chunks.read()) {
          idle.refresh();
          for (const chunk of read) {
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
        }
      } catch (err) {
        throw toLlmError(err, req.signal, stalled, true);
      } finally {
        // Left early (the reply was abandoned): the request goes too.
        if (!chunks.ended) abort();
      }
      // A stream that ended without saying how (the connection closed early) is a broken one.
      if (!finishReason) throw toLlmError(null, req.signal, stalled, true);
      yield { type: 'done', usage, finishReason };
    } finally {
      clearTimeout(idle);
      req.signal.removeEventListener('abort', abort);
    }
  }
}

/**
 * The chunks of a streamed chat completion, read off the response body as the client's own stream reads
 * them: JSON per event, nothing after `[DONE]`, an event carrying `error` thrown as the client's APIError.
 */
class CompletionChunks {
  ended = false;
  private done = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly parsed: ChatCompletionChunk[] = [];
  private readonly parser = createParser({
    onEvent: (event) => {
      if (this.done) return;
      if (event.data.startsWith('[DONE]')) {
        this.done = true;
        return;
      }
      const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
      if (data?.error) {
        throw new OpenAI.APIError(undefined, data.error as object, undefined, this.response.headers);
      }
      this.parsed.push(data);
    },
  });

  constructor(private readonly response: Response) {
    this.reader = response.body!.getReader();
  }

  /** The chunks of the next read from the network (often one), or null at the end of the body. */
  async read(): Promise<ChatCompletionChunk[] | null> {
    for (;;) {
      const { done, value } = await this.reader.read();
      if (done) {
        this.ended = true;
        return null;
      }
      this.parser.feed(this.decoder.decode(value, { stream: true }));
      if (this.parsed.length) return this.parsed.splice(0);
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
