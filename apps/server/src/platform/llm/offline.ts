import { LlmError, type LlmEvent, type LlmProvider, type LlmRequest } from './llm.js';
import { countTokens } from './tokens.js';

export type OfflinePace = { charsPerTick: number; tickMs: number };

const NOTICE =
  '> 这是灵犀内置的**离线模型**：它不联网，也不是真正的大语言模型，只能根据智能体的设定和知识库给出示意性的回答。' +
  '想获得真实的AI回复，请管理员设置 `LLM_BASE_URL`、`LLM_API_KEY` 和 `LLM_MODELS` 后重启服务（支持 DeepSeek、' +
  '通义千问、Kimi、智谱、豆包、OpenAI、Ollama 等 OpenAI 兼容接口）。';

const CODE_HINT = /代码|编程|程序|函数|python|javascript|sql|bug|报错|正则/i;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The reply the offline model gives: honest about what it is, in the bot's voice, from its knowledge. */
export function composeOfflineReply(req: LlmRequest): string {
  const question =
    [...req.messages]
      .reverse()
      .find((m) => m.role === 'user')
      ?.content.trim() ?? '';
  const bot = req.context?.botName ?? '智能体';
  const intro = req.context?.botIntro?.trim();
  const parts = [NOTICE, ''];
  parts.push(`你好，我是**${bot}**。${intro ? intro : ''}`);
  parts.push('');
  parts.push(`你的问题是：「${clip(question.replace(/\s+/g, ' '), 80)}」。`);
  const passages = req.context?.passages ?? [];
  if (passages.length) {
    parts.push('', '我在知识库中找到了这些相关内容：', '');
    passages.slice(0, 3).forEach((p, i) => {
      parts.push(`- 《${p.document}》：“${clip(p.passage.trim(), 160)}”[${i + 1}]`);
    });
    parts.push('', '以上原文或许能回答你的问题；接入真实模型后，我会据此整理出完整的答案。');
  } else {
    parts.push(
      '',
      '如果接入了真实模型，我会按照我的角色设定来回答你，通常会：',
      '',
      '1. 先弄清楚你的需求和背景；',
      '2. 给出具体、可执行的建议或内容；',
      '3. 需要时用列表、表格或代码块整理要点。',
    );
  }
  if (CODE_HINT.test(question)) {
    parts.push(
      '',
      '比如一段示例代码会这样显示：',
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
