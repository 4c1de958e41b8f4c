import { createRequire } from 'node:module';

type Count = (text: string) => number;
let count: Count | undefined;

/**
 * Tokens of a text by the o200k tokenizer (gpt-tokenizer). Other vendors' tokenizers differ, by up to a third
 * for Chinese; context budgets leave that much headroom. Its vocabulary (200k strings, ~20 MB of heap) is
 * loaded on the first count, not at start (docs/performance.md, Memory).
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  count ??= (createRequire(import.meta.url)('gpt-tokenizer') as { countTokens: Count }).countTokens;
  return count(text);
}

/** Per-message overhead of the chat format (role markers), as OpenAI documents it. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
