import { LlmError, type LlmEvent, type LlmProvider, type LlmRequest } from './llm.js';
import { countTokens } from './tokens.js';

export type OfflinePace = { charsPerTick: number; tickMs: number };

/**
 * For the server log at start, when no model service is configured: the administrator's instruction lives there
 * (and in the README), never in a user's reply. The chat page tells users, once, that replies are samples.
 */
export const OFFLINE_ONLY_NOTICE =
  'No model service is configured: every reply comes from the built-in offline model (sample text, no network). ' +
  'To answer with a real model, set LLM_BASE_URL, LLM_API_KEY and LLM_MODELS and restart ' +
  '(any OpenAI-compatible API: DeepSeek, Qwen, Kimi, GLM, Doubao, OpenAI, Ollama, vLLM).';

const CODE_HINT = /代码|编程|程序|函数|python|javascript|sql|bug|报错|正则/i;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * The offline model's reply: a sample answer in the bot's voice, from its knowledge when it has some. It reads
 * like a reply; that it is a sample is said by the chat page (docs/product.md, Chat).
 */
export function composeOfflineReply(req: LlmRequest): string {
  const question =
    [...req.messages]
      .reverse()
      .find((m) => m.role === 'user')
      ?.content.trim() ?? '';
  const bot = req.context?.botName ?? '智能体';
  const intro = req.context?.botIntro?.trim();
  const asked = `「${clip(question.replace(/\s+/g, ' '), 80)}」`;
  const parts = [`你好，我是**${bot}**。${intro ? intro : ''}`, ''];
  const passages = req.context?.passages ?? [];
  if (passages.length) {
    parts.push(`关于${asked}，我在知识库中找到了这些相关内容：`, '');
    passages.slice(0, 3).forEach((p, i) => {
      parts.push(`- 《${p.document}》：“${clip(p.passage.trim(), 160)}”[${i + 1}]`);
    });
    parts.push('', '以上原文应该能回答你的问题，需要的话我可以再帮你梳理要点。');
  } else {
    parts.push(
      `关于${asked}，可以按这几步来：`,
      '',
      '1. **说清需求**：想达成什么、有哪些限制，越具体越好；',
      '2. **拆成小步**：把事情拆成几个马上能动手的步骤；',
      '3. **边做边调**：先完成第一步，再根据结果调整下一步。',
      '',
      '愿意的话，再多告诉我一些背景，我们一起把细节定下来。',
    );
  }
  if (CODE_HINT.test(question)) {
    parts.push(
      '',
      '比如一段示例代码：',
      '',
      '```python',
      'def greet(name: str) -> str:',
      '    return f"你好，{name}！"',
      '```',
    );
  }
  return parts.join('\n');
}

/** Always present, needs no network; streams in small pieces like a real model so every UI path runs. */
export class OfflineProvider implements LlmProvider {
  constructor(private readonly pace: OfflinePace = { charsPerTick: 3, tickMs: 20 }) {}

  async *stream(req: LlmRequest): AsyncIterable<LlmEvent> {
    const text = composeOfflineReply(req);
    const chars = Array.from(text);
    for (let i = 0; i < chars.length; i += this.pace.charsPerTick) {
      if (this.pace.tickMs > 0) await sleep(this.pace.tickMs, req.signal);
      // Checked after the pause too: a stop during it must not add a piece the user never saw.
      if (req.signal.aborted) throw new LlmError('aborted', '已停止生成');
      yield { type: 'delta', text: chars.slice(i, i + this.pace.charsPerTick).join('') };
    }
    const prompt = req.messages.reduce((n, m) => n + countTokens(m.content), 0);
    yield {
      type: 'done',
      usage: { promptTokens: prompt, completionTokens: countTokens(text) },
      finishReason: 'stop',
    };
  }
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
