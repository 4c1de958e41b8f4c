import type { LlmEvent, LlmProvider, LlmRequest } from './llm.js';
import { OfflineProvider, type OfflinePace } from './offline.js';
import { OpenAiCompatibleProvider } from './openai-compatible.js';
export { upstreamDetail } from './openai-compatible.js';

export * from './llm.js';
export { countTokens, MESSAGE_OVERHEAD_TOKENS } from './tokens.js';

/** Routes a request to the provider of its model. */
export class LlmRouter implements LlmProvider {
  private readonly offline: OfflineProvider;
  private readonly openai: OpenAiCompatibleProvider;

  constructor(opts: { offlinePace?: OfflinePace; timeoutMs?: number } = {}) {
    this.offline = new OfflineProvider(opts.offlinePace);
    this.openai = new OpenAiCompatibleProvider(opts.timeoutMs);
  }

  stream(req: LlmRequest): AsyncIterable<LlmEvent> {
    return req.model.provider === 'offline' ? this.offline.stream(req) : this.openai.stream(req);
  }
}
