import { describe, expect, it } from 'vitest';
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from '../../platform/llm/index.js';
import type { MessageRow } from './conversations.repository.js';
import { buildPrompt, replyReserve } from './prompt.js';

let nextId = 1;
const message = (
  role: 'user' | 'assistant',
  content: string,
  over: Partial<MessageRow> = {},
): MessageRow => ({
  id: nextId++,
  conversationId: 1,
  userId: 1,
  role,
  content,
  status: 'complete',
  modelId: role === 'assistant' ? 'offline' : null,
  chips: 0,
  rating: 0,
  error: null,
  citations: [],
  promptTokens: 0,
  completionTokens: 0,
  createdAt: new Date(),
  ...over,
});

/** A conversation of `turns` question/answer pairs, oldest first; each message about `chars` characters. */
const conversation = (turns: number, chars = 200) =>
  Array.from({ length: turns }, (_, i) => [
    message('user', `第${i}个问题：${'春江潮水连海平，海上明月共潮生。'.repeat(chars / 16)}`),
    message('assistant', `第${i}个回答：${'滟滟随波千万里，何处春江无月明。'.repeat(chars / 16)}`),
  ]).flat();

const PERSONA = '你是一位古诗词老师，讲解要生动。';
const cost = (content: string) => countTokens(content) + MESSAGE_OVERHEAD_TOKENS;

describe('buildPrompt', () => {
  it('sends the persona first, then the whole history when it fits', () => {
    const history = conversation(3);
    const { messages, promptTokens } = buildPrompt({ persona: PERSONA, history, contextWindow: 32_000 });
    expect(messages[0]).toEqual({ role: 'system', content: PERSONA });
    expect(messages.slice(1)).toEqual(history.map((m) => ({ role: m.role, content: m.content })));
    expect(promptTokens).toBe(messages.reduce((n, m) => n + cost(m.content), 0));
  });

  it('keeps the newest messages within the budget and drops the oldest first', () => {
    const history = conversation(40);
    const contextWindow = 4096;
    const { messages, promptTokens } = buildPrompt({ persona: PERSONA, history, contextWindow });
    expect(messages[0]).toEqual({ role: 'system', content: PERSONA });
    const kept = messages.slice(1);
    expect(kept.length).toBeGreaterThan(2);
    expect(kept.length).toBeLessThan(history.length);
    // What is kept is the newest part of the history, in order.
    expect(kept).toEqual(history.slice(-kept.length).map((m) => ({ role: m.role, content: m.content })));
    const budget = contextWindow - replyReserve(contextWindow);
    expect(promptTokens).toBeLessThanOrEqual(budget);
    // One more message would not have fitted.
    expect(promptTokens + cost(history.at(-kept.length - 1)!.content)).toBeGreaterThan(budget);
  });

  it('sends messages without their ids, and counts a stored message again if its text is not the same', () => {
    const history = conversation(40);
    const contextWindow = 4096;
    const first = buildPrompt({ persona: PERSONA, history, contextWindow });
    expect(first.messages.every((m) => Object.keys(m).sort().join() === 'content,role')).toBe(true);
    // The same conversation again (counts remembered): the same prompt.
    expect(buildPrompt({ persona: PERSONA, history, contextWindow }).messages).toEqual(first.messages);
    // A stored message whose text is far longer now (same id) is counted afresh, not by its old count.
    const kept = first.messages.length - 1;
    const longer = history.map((m, i) =>
      i === history.length - kept ? { ...m, content: m.content.repeat(3) } : m,
    );
    const again = buildPrompt({ persona: PERSONA, history: longer, contextWindow });
    expect(again.messages.length).toBeLessThan(first.messages.length);
    expect(again.promptTokens).toBeLessThanOrEqual(contextWindow - replyReserve(contextWindow));
  });

  it('keeps the reply room: a quarter of the window, at most 2,048 tokens', () => {
    expect(replyReserve(4096)).toBe(1024);
    expect(replyReserve(128_000)).toBe(2048);
  });

  it('cuts the newest message when it alone is too long, and still sends the persona', () => {
    const long = message(
      'user',
      '请帮我分析这段文字：'.concat('人工智能正在改变我们的生活方式。'.repeat(2000)),
    );
    const contextWindow = 2048;
    const { messages, promptTokens } = buildPrompt({
      persona: PERSONA,
      history: [...conversation(2), long],
      contextWindow,
    });
    expect(messages).toHaveLength(2);
    expect(messages[0]!.role).toBe('system');
    expect(messages[1]!.role).toBe('user');
    expect(long.content.startsWith(messages[1]!.content)).toBe(true);
    expect(messages[1]!.content.length).toBeGreaterThan(100);
    expect(promptTokens).toBeLessThanOrEqual(contextWindow - replyReserve(contextWindow));
  });

  it('cuts by tokens, not characters: traditional and rare characters take more than one', () => {
    const long = message('user', '鬱龘𠀀'.repeat(3000));
    const contextWindow = 2048;
    const { messages, promptTokens } = buildPrompt({ persona: PERSONA, history: [long], contextWindow });
    const budget = contextWindow - replyReserve(contextWindow);
    expect(promptTokens).toBeLessThanOrEqual(budget);
    expect(promptTokens).toBeGreaterThan(budget - 10);
    expect(long.content.startsWith(messages[1]!.content)).toBe(true);
    expect(messages[1]!.content).not.toContain('\uFFFD');
  });

  it('leaves out failed and empty replies but keeps stopped ones', () => {
    const history = [
      message('user', '问题一'),
      message('assistant', '半截回答', { status: 'failed' }),
      message('user', '问题二'),
      message('assistant', '', { status: 'stopped' }),
      message('user', '问题三'),
      message('assistant', '说了一半', { status: 'stopped' }),
      message('user', '问题四'),
    ];
    const { messages } = buildPrompt({ persona: PERSONA, history, contextWindow: 8192 });
    expect(messages.slice(1).map((m) => m.content)).toEqual([
      '问题一',
      '问题二',
      '问题三',
      '说了一半',
      '问题四',
    ]);
  });

  it('adds the knowledge to the system message as numbered passages, and sends no empty system message', () => {
    const history = [message('user', '年假几天？')];
    const withKnowledge = buildPrompt({
      persona: PERSONA,
      knowledge: [
        { document: '员工手册', heading: '假期 > 年假', content: '年假十五天。' },
        { document: '考勤制度', heading: '', content: '九点上班。' },
      ],
      history,
      contextWindow: 8192,
    });
    expect(withKnowledge.passages).toBe(2);
    const system = withKnowledge.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content.startsWith(`${PERSONA}\n\n以下是从知识库中检索到的资料`)).toBe(true);
    expect(system.content).toContain('如[1]');
    expect(system.content).toContain('[1] 《员工手册》假期 > 年假\n年假十五天。');
    expect(system.content.endsWith('[2] 《考勤制度》\n九点上班。')).toBe(true);
    const bare = buildPrompt({ persona: '  ', history, contextWindow: 8192 });
    expect(bare.messages).toEqual([{ role: 'user', content: '年假几天？' }]);
    expect(bare.passages).toBe(0);
  });

  it('keeps the knowledge within half of the window left, best passages first, and the question always in', () => {
    const long = '资料内容很长。'.repeat(200);
    const knowledge = Array.from({ length: 10 }, (_, i) => ({
      document: `文档${i}`,
      heading: '',
      content: long,
    }));
    const question = message('user', '问题是什么？');
    const { messages, passages, promptTokens } = buildPrompt({
      persona: PERSONA,
      knowledge,
      history: [message('user', '旧问题'.repeat(500)), message('assistant', '旧回答'), question],
      contextWindow: 4096,
    });
    expect(passages).toBeGreaterThan(0);
    expect(passages).toBeLessThan(10);
    expect(messages[0]!.content).toContain('[1] 《文档0》');
    expect(messages[0]!.content).not.toContain(`[${passages + 1}] 《`);
    expect(countTokens(messages[0]!.content)).toBeLessThanOrEqual((4096 - replyReserve(4096)) / 2 + 8);
    expect(messages.at(-1)).toEqual({ role: 'user', content: '问题是什么？' });
    expect(promptTokens).toBeLessThanOrEqual(4096 - replyReserve(4096));
  });
});
