import { describe, expect, it } from 'vitest';
import { splitPassages } from './split.js';

describe('splitPassages', () => {
  it('keeps a short text whole, without a heading', () => {
    expect(splitPassages('年假为十五天。\n病假需要证明。')).toEqual([
      { heading: '', content: '年假为十五天。\n病假需要证明。' },
    ]);
  });

  it('cuts on Chinese and English sentence ends and packs whole sentences up to the bound', () => {
    const text =
      '第一句话在这里。第二句话也在这里！第三句话是问题吗？第四句；第五句……The sixth one. The seventh!';
    const passages = splitPassages(text, { maxChars: 20, overlapChars: 0 });
    expect(passages.map((p) => p.content)).toEqual([
      '第一句话在这里。第二句话也在这里！',
      '第三句话是问题吗？第四句；第五句……',
      'The sixth one.',
      'The seventh!',
    ]);
    for (const p of passages) expect(p.content.length).toBeLessThanOrEqual(20);
    // Nothing is lost or reordered.
    const squeeze = (s: string) => s.replace(/\s/g, '');
    expect(squeeze(passages.map((p) => p.content).join(''))).toBe(squeeze(text));
  });

  it('opens each passage with whole trailing sentences of the one before, up to the overlap', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => `这是第${i + 1}句话。`);
    const passages = splitPassages(sentences.join(''), { maxChars: 30, overlapChars: 8 });
    expect(passages.length).toBeGreaterThan(3);
    for (let i = 1; i < passages.length; i++) {
      const prev = passages[i - 1]!.content;
      const cur = passages[i]!.content;
      const lastOfPrev = /这是第\d+句话。$/.exec(prev)![0];
      expect(cur.startsWith(lastOfPrev)).toBe(true);
      expect(cur.length).toBeLessThanOrEqual(30);
    }
    // Every sentence is in some passage.
    for (const s of sentences) expect(passages.some((p) => p.content.includes(s))).toBe(true);
  });

  it('keeps headings as the path of the passages under them', () => {
    const text = [
      '# 员工手册',
      '欢迎加入。',
      '## 假期',
      '年假为十五天。',
      '## 报销',
      '报销在三十天内完成。',
      '# 附录',
      '第一章 总则',
      '本规定适用于全体员工。',
    ].join('\n');
    expect(splitPassages(text)).toEqual([
      { heading: '员工手册', content: '欢迎加入。' },
      { heading: '员工手册 > 假期', content: '年假为十五天。' },
      { heading: '员工手册 > 报销', content: '报销在三十天内完成。' },
      { heading: '附录 > 第一章 总则', content: '本规定适用于全体员工。' },
    ]);
  });

  it('takes short numbered lines as headings, and keeps a heading with nothing under it as text', () => {
    const text = '一、适用范围\n本规定适用于全体员工。\n二、术语说明\n三、附则\n本规定自发布之日起施行。';
    expect(splitPassages(text)).toEqual([
      { heading: '一、适用范围', content: '本规定适用于全体员工。' },
      { heading: '二、术语说明', content: '二、术语说明' },
      { heading: '三、附则', content: '本规定自发布之日起施行。' },
    ]);
    // A numbered sentence is text, not a heading.
    expect(splitPassages('一、员工每年享有十五天带薪年假，由部门负责人审批。')[0]!.heading).toBe('');
  });

  it('cuts an over-long sentence, at a comma when there is one, else hard', () => {
    const commas = `${'甲'.repeat(30)}，${'乙'.repeat(30)}。`;
    expect(splitPassages(commas, { maxChars: 40, overlapChars: 0 }).map((p) => p.content)).toEqual([
      `${'甲'.repeat(30)}，`,
      `${'乙'.repeat(30)}。`,
    ]);
    const hard = splitPassages('长'.repeat(95), { maxChars: 40, overlapChars: 10 });
    expect(hard.map((p) => p.content.length)).toEqual([40, 40, 15]);
  });

  it('splits a 100,000-character document', () => {
    const text = '知识库的内容包括很多段落，每段都有若干句子。'.repeat(4600);
    const passages = splitPassages(text);
    expect(passages.length).toBeGreaterThan(100);
    for (const p of passages) expect(p.content.length).toBeLessThanOrEqual(1000);
  });
});
