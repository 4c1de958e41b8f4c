import { countTokens, type LlmMessage, MESSAGE_OVERHEAD_TOKENS } from '../../platform/llm/index.js';
import type { MessageRow } from './conversations.repository.js';

/** Room kept free for the reply: a quarter of the window, at most 2,048 tokens. */
export const replyReserve = (contextWindow: number) => Math.min(2048, Math.floor(contextWindow / 4));

const cost = (m: LlmMessage) => countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS;

/**
 * The longest start of `text` within `max` tokens. Characters are not tokens (a rare or traditional character
 * can take two or three), so the length is searched for by counting.
 */
function cut(text: string, max: number) {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (countTokens(text.slice(0, mid)) <= max) lo = mid;
    else hi = mid - 1;
  }
  // Never end on half of a surrogate pair.
  const last = text.charCodeAt(lo - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? lo - 1 : lo);
}

/**
 * The prompt of a reply: the persona, then as much recent history as fits the model's window after the room
 * kept for the reply. The newest user message always goes in, cut if it alone is too long.
 */
export function buildPrompt(opts: {
  persona: string;
  knowledge?: string;
  history: Pick<MessageRow, 'role' | 'content' | 'status'>[];
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
      if (picked.length === 0)
        picked.push({ ...m, content: cut(m.content, budget - MESSAGE_OVERHEAD_TOKENS) });
      break;
    }
    picked.push(m);
    budget -= c;
  }
  picked.reverse();
  const messages = system.content ? [system, ...picked] : picked;
  return { messages, promptTokens: messages.reduce((n, m) => n + cost(m), 0) };
}
