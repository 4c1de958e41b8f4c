import { countTokens, type LlmMessage, MESSAGE_OVERHEAD_TOKENS } from '../../platform/llm/index.js';
import type { MessageRow } from './conversations.repository.js';

/** Room kept free for the reply: a quarter of the window, at most 2,048 tokens. */
export const replyReserve = (contextWindow: number) => Math.min(2048, Math.floor(contextWindow / 4));

const cost = (m: LlmMessage) => countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS;

/**
 * The prompt of a reply: the persona, then as much recent history as fits the model's window after the room
 * kept for the reply. The newest user message always goes in, cut if it alone is too long.
 */
export function buildPrompt(opts: {
  persona: string;
  knowledge?: string;
  history: MessageRow[];
  contextWindow: number;
}): { messages: LlmMessage[]; promptTokens: number } {
  const system: LlmMessage = {
    role: 'system',
    content: [opts.persona.trim(), opts.knowledge?.trim()].filter(Boolean).join('\n\n'),
  };
  let budget = opts.contextWindow - replyReserve(opts.contextWindow) - cost(system);
  const picked: LlmMessage[] = [];
  const usable = opts.history.filter((m) => m.content.trim() && (m.role === 'user' || m.status !== 'failed'));
  for (let i = usable.length - 1; i >= 0; i--) {
    const m: LlmMessage = { role: usable[i]!.role, content: usable[i]!.content };
    const c = cost(m);
    if (c > budget) {
      if (picked.length === 0) picked.push({ ...m, content: m.content.slice(0, Math.max(0, budget) * 1) });
      break;
    }
    picked.push(m);
    budget -= c;
  }
  picked.reverse();
  const messages = system.content ? [system, ...picked] : picked;
  return { messages, promptTokens: messages.reduce((n, m) => n + cost(m), 0) };
}
