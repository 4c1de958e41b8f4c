import type { ModelProvider } from '@lingxi/contract';

/** One interface for a streaming chat completion, whatever serves it. */
export type LlmMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type LlmModel = {
  id: string;
  provider: ModelProvider;
  upstreamModel: string;
  baseUrl?: string | null;
  apiKey?: string | null;
};

export type LlmRequest = {
  model: LlmModel;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Aborting it cancels the upstream request at once. */
  signal: AbortSignal;
  /** What the offline model may draw on: the bot's name and intro, and retrieved passages ([1], [2] … in order). */
  context?: { botName: string; botIntro: string; passages?: { document: string; passage: string }[] };
};

export type LlmUsage = { promptTokens: number; completionTokens: number };

export type LlmEvent =
  { type: 'delta'; text: string } | { type: 'done'; usage: LlmUsage | null; finishReason: string };

export interface LlmProvider {
  stream(request: LlmRequest): AsyncIterable<LlmEvent>;
}

export type LlmErrorKind =
  'auth' | 'rate_limit' | 'timeout' | 'connection' | 'upstream' | 'broken_stream' | 'aborted';

/** An upstream failure in words a user can act on. */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
