import { countTokens as count } from 'gpt-tokenizer';

/**
 * Tokens of a text by the o200k tokenizer (gpt-tokenizer). Other vendors' tokenizers differ, by up to a third
 * for Chinese; context budgets leave that much headroom.
 */
export function countTokens(text: string): number {
  return text ? count(text) : 0;
}

/** Per-message overhead of the chat format (role markers), as OpenAI documents it. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
