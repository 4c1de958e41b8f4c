import { describe, expect, it } from 'vitest';
import { composeOfflineReply } from '../../platform/llm/offline.js';
import { previewOf } from './preview.js';

describe('previewOf', () => {
  it("skips the offline model's quoted notice and keeps the answer", () => {
    const reply = composeOfflineReply({
      model: { id: 'offline', provider: 'offline', upstreamModel: 'offline' },
      messages: [{ role: 'user', content: '你好' }],
      signal: new AbortController().signal,
      context: { botName: '旅行规划师', botIntro: '' },
    });
    expect(previewOf(reply)).toMatch(/^你好，我是旅行规划师。/);
  });

  it('drops Markdown marks and code, and keeps a quote that is all there is', () => {
    expect(previewOf('## 标题\n\n- **第一点**\n- `code`\n\n```js\nlet a\n```')).toBe('标题 第一点 code');
    expect(previewOf('> 只有引用')).toBe('只有引用');
    expect(previewOf('长'.repeat(300))).toHaveLength(100);
  });
});
