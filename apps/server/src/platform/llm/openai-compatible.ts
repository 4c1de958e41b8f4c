import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { BodyReader, headersOf, send } from './http-client.js';
import { LlmError, type LlmEvent, type LlmModel, type LlmProvider, type LlmRequest } from './llm.js';

/** The first byte of a reply must come within this time, and each next chunk within as long again. */
const TIMEOUT_MS = 60_000;
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * Any OpenAI-compatible chat completions API (DeepSeek, Qwen/DashScope, Moonshot, Zhipu, Doubao, OpenAI,
 * Ollama, vLLM …). The request is one JSON POST over kept-alive connections, sent at once (the official
 * client's request pipeline took ~0.4 ms of every reply's time to first token); its refusals become the
 * official client's typed errors (`APIError.generate`: bad key, rate limit, 5xx …), and the stream is read
 * with eventsource-parser, event by event as the network delivers it.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  constructor(private readonly timeoutMs = TIMEOUT_MS) {}

  async *stream(req: LlmRequest): AsyncIterable<LlmEvent> {
    // One timer covers the wait for the headers and a stream that stalls later: re-armed by every chunk.
    const controller = new AbortController();
    const abort = () => controller.abort();
    req.signal.addEventListener('abort', abort, { once: true });
    if (req.signal.aborted) abort();
    let stalled = false;
    const idle = setTimeout(() => {
      stalled = true;
      abort();
    }, this.timeoutMs);
    let body: BodyReader | null = null;
    try {
      const res = await request(req, controller.signal).catch((err: unknown) => {
        throw toLlmError(new OpenAI.APIConnectionError({ cause: err as Error }), req.signal, stalled, false);
      });
      body = new BodyReader(res);
      const status = res.statusCode ?? 502;
      if (status < 200 || status > 299) {
        const text = await body.text().catch(() => '');
        const json = parseJson(text);
        const err = OpenAI.APIError.generate(status, json, json ? undefined : text, headersOf(res));
        throw toLlmError(err, req.signal, stalled, false);
      }
      let finishReason = '';
      let usage: { promptTokens: number; completionTokens: number } | null = null;
      const chunks = new CompletionChunks(body, headersOf(res));
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
      }
      // A stream that ended without saying how (the connection closed early) is a broken one.
      if (!finishReason) throw toLlmError(null, req.signal, stalled, true);
      yield { type: 'done', usage, finishReason };
    } finally {
      // Left early (the reply was abandoned or failed): the connection goes too.
      body?.cancel();
      clearTimeout(idle);
      req.signal.removeEventListener('abort', abort);
    }
  }
}

function request(req: LlmRequest, signal: AbortSignal) {
  const model: LlmModel = req.model;
  const body = JSON.stringify({
    model: model.upstreamModel,
    messages: req.messages,
    temperature: req.temperature,
    max_tokens: req.maxTokens,
    stream: true,
    stream_options: { include_usage: true },
  });
  return send(new URL(`${(model.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '')}/chat/completions`), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${model.apiKey || 'none'}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      accept: 'application/json',
      'user-agent': 'lingxi',
    },
    body,
    signal,
  });
}

const parseJson = (text: string): object | undefined => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The chunks of a streamed chat completion, read off the response body as the official client reads them:
 * JSON per event, nothing after `[DONE]`, an event carrying `error` thrown as the client's APIError.
 */
class CompletionChunks {
  private finished = false;
  /** An `error` event: thrown once the chunks before it are read. */
  private failure: Error | null = null;
  private readonly decoder = new TextDecoder();
  private readonly parsed: ChatCompletionChunk[] = [];
  private readonly parser = createParser({
    onEvent: (event) => {
      if (this.finished) return;
      if (event.data.startsWith('[DONE]')) {
        this.finished = true;
        return;
      }
      const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
      if (data?.error) {
        this.failure = new OpenAI.APIError(undefined, data.error as object, undefined, this.headers);
        this.finished = true;
        return;
      }
      this.parsed.push(data);
    },
  });

  constructor(
    private readonly body: BodyReader,
    private readonly headers: Headers,
  ) {}

  /** The chunks of the next read from the network (often one), or null at the end of the body. */
  async read(): Promise<ChatCompletionChunk[] | null> {
    for (;;) {
      if (this.failure) throw this.failure;
      const value = await this.body.read();
      if (!value) return null;
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

/**
 * What the upstream itself said about a failure, for operators (the console's model test): its HTTP status and
 * its error message, or the network's error (`connect ECONNREFUSED …`). Users never see these.
 */
export function upstreamDetail(err: unknown): { status: number | null; message: string | null } {
  const cause = err instanceof LlmError ? err.cause : err;
  if (cause instanceof OpenAI.APIConnectionError) {
    const socket = cause.cause as (Error & { code?: string }) | undefined;
    return { status: null, message: socket?.message || cause.message || null };
  }
  if (cause instanceof OpenAI.APIError) {
    const body = cause.error as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : cause.message;
    return { status: cause.status ?? null, message: message ? message.slice(0, 500) : null };
  }
  if (cause instanceof Error) return { status: null, message: cause.message.slice(0, 500) || null };
  return { status: null, message: null };
}
