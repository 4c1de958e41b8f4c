import { LRUCache } from 'lru-cache';
import { countTokens, type LlmMessage, MESSAGE_OVERHEAD_TOKENS } from '../../platform/llm/index.js';
import type { MessageRow } from './conversations.repository.js';

/** Room kept free for the reply: a quarter of the window, at most 2,048 tokens. */
export const replyReserve = (contextWindow: number) => Math.min(2048, Math.floor(contextWindow / 4));

/** A history message, with its id when it is a stored one. */
type Turn = LlmMessage & { id?: number };

/**
 * Tokens of stored messages, by id and length: a settled message never changes, and a long conversation's
 * prompt would otherwise count a whole context window of history again before every reply (~20 ms for
 * 30,000 tokens, all of it before the model is asked).
 */
const storedTokens = new LRUCache<string, number>({ max: 100_000 });

function tokensOf(m: Turn) {
  if (m.id === undefined) return countTokens(m.content);
  const key = `${m.id}:${m.content.length}`;
  let tokens = storedTokens.get(key);
  if (tokens === undefined) storedTokens.set(key, (tokens = countTokens(m.content)));
  return tokens;
}

const cost = (m: Turn) => tokensOf(m) + MESSAGE_OVERHEAD_TOKENS;
/** At least `cost`: a token stands for one byte of UTF-8 or more. Cheap, unlike counting. */
const bound = (m: LlmMessage) => Buffer.byteLength(m.content) + MESSAGE_OVERHEAD_TOKENS;

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

/** The newest messages whose tokens fit `budget`; the newest always, cut if it alone is too long. */
function newestThatFit(history: Turn[], budget: number) {
  const picked: Turn[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    const c = cost(m);
    if (c > budget) {
      if (picked.length === 0)
        picked.push({ ...m, content: cut(m.content, budget - MESSAGE_OVERHEAD_TOKENS) });
      break;
    }
    picked.push(m);
    budget -= c;
  }
  return picked.reverse();
}

/** A retrieved passage for the prompt, numbered [1], [2] … in the order given. */
export type PromptPassage = { document: string; heading: string; content: string };

const KNOWLEDGE_HEADER =
  '以下是从知识库中检索到的资料，按相关程度排列。回答时请优先依据这些资料，并在用到的内容后标注资料编号，' +
  '如[1]、[2]；资料没有涉及的内容，请如实说明，不要编造。';

/**
 * The numbered passages that fit `budget` tokens, best first (a passage that does not fit ends the list, so
 * the numbers stay the retrieval order): the text for the system message and how many went in.
 */
function knowledgeBlock(passages: PromptPassage[], budget: number) {
  let text = KNOWLEDGE_HEADER;
  let used = countTokens(text);
  let count = 0;
  for (const p of passages) {
    const source = p.heading ? `《${p.document}》${p.heading}` : `《${p.document}》`;
    const piece = `\n\n[${count + 1}] ${source}\n${p.content.trim()}`;
    const c = countTokens(piece);
    if (used + c > budget) break;
    text += piece;
    used += c;
    count++;
  }
  return count ? { text, count } : { text: '', count: 0 };
}

/**
 * The prompt of a reply: the persona, the retrieved knowledge (numbered passages, within half of what is left
 * after the persona and the room kept for the reply), then as much recent history as fits. The newest user
 * message always goes in, cut if it alone is too long. `passages` is how many of the knowledge went in.
 *
 * It runs before the model is asked, so the history's tokens are counted only when they must be: a history
 * whose UTF-8 bytes fit the budget fits in tokens too. `promptTokens` is counted when first read (once the
 * request is on its way).
 */
export function buildPrompt(opts: {
  persona: string;
  knowledge?: PromptPassage[];
  /** Oldest first; stored messages with their ids (their token counts are remembered). */
  history: (Pick<MessageRow, 'role' | 'content' | 'status'> & { id?: number })[];
  contextWindow: number;
}): { messages: LlmMessage[]; promptTokens: number; passages: number } {
  const persona = opts.persona.trim();
  const reserve = replyReserve(opts.contextWindow);
  const knowledge = opts.knowledge?.length
    ? knowledgeBlock(
        opts.knowledge,
        Math.floor((opts.contextWindow - reserve - countTokens(persona) - MESSAGE_OVERHEAD_TOKENS) / 2),
      )
    : { text: '', count: 0 };
  const system: LlmMessage = {
    role: 'system',
    content: [persona, knowledge.text].filter(Boolean).join('\n\n'),
  };
  const budget = opts.contextWindow - reserve;
  const usable = opts.history
    .filter((m) => m.content.trim() && (m.role === 'user' || m.status !== 'failed'))
    .map((m): Turn => ({ id: m.id, role: m.role, content: m.content }));
  const history =
    usable.reduce((n, m) => n + bound(m), bound(system)) <= budget
      ? usable
      : newestThatFit(usable, budget - cost(system));
  const turns: Turn[] = system.content ? [system, ...history] : history;
  const messages = turns.map(({ role, content }): LlmMessage => ({ role, content }));
  let promptTokens: number | undefined;
  return {
    messages,
    get promptTokens() {
      return (promptTokens ??= turns.reduce((n, m) => n + cost(m), 0));
    },
    passages: knowledge.count,
  };
}
