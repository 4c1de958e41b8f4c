import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainText, PlainReply } from './reply-markdown';
import { ReplyMarkdownRender } from './reply-markdown-render';

/*
 * A reply without Markdown is drawn without the renderer (docs/performance.md): the page must look the same as
 * once the renderer draws it, or the text would jump when the renderer arrives.
 */

const html = (node: React.ReactElement) => {
  const { container, unmount } = render(node);
  // Between blocks the renderer leaves "\n" text nodes, which take no space on screen.
  const out = container.innerHTML.replace(/>\n</g, '><');
  unmount();
  return out;
};

const sameAsRenderer = (source: string) =>
  expect(html(<PlainReply source={source} />)).toBe(html(<ReplyMarkdownRender source={source} />));

describe('a reply without Markdown', () => {
  it('draws paragraphs and line breaks as the renderer does', () => {
    for (const source of [
      '你好！我是你的助手，有什么可以帮你？',
      "Hi, I'm 灵犀! Just tell me.",
      '第一段\n第二行\n\n  第二段 \n\n\n第三段',
      ' 前后有空格 \n下一行',
      '',
      '\n\n',
      '价格 2.5 元（约 3 美元），网址 https://example.com/a?b=c 。',
    ]) {
      expect(isPlainText(source)).toBe(true);
      sameAsRenderer(source);
    }
  });

  it('leaves to the renderer any text that Markdown would draw differently', () => {
    for (const source of [
      '**重点**',
      '- 一项',
      '1. 第一',
      '2) 第二',
      '# 标题',
      '> 引用',
      '标题\n===',
      '标题\n---',
      '    缩进代码',
      '\t制表符代码',
      '  \t空格加制表符代码',
      '行尾两个空格  \n换行',
      '见 [1]',
      '`code`',
      'a &amp; b',
      '转义 \\*',
      '<b>粗</b>',
      '+ 加号列表',
      'Windows 换行\r\n下一行',
    ]) {
      expect(isPlainText(source), source).toBe(false);
    }
  });

  it('matches the renderer for any text it calls plain', () => {
    const char = fc.constantFrom(
      ...'你好。，！？abc XYZ 012 3.4)(:/-+=_*#>[]!<&|~\\`\'"'.split(''),
      '\n',
      '\r\n',
      '\n\n',
      '  ',
      '\t',
      '   ',
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }), (chars) => {
        const source = chars.join('');
        if (!isPlainText(source)) return;
        sameAsRenderer(source);
      }),
      // A fixed seed, as the fuzz suite's (docs/testing-suites.md); PROPERTY_RUNS / PROPERTY_SEED for a longer search.
      {
        seed: Number(process.env.PROPERTY_SEED ?? 16016),
        numRuns: Number(process.env.PROPERTY_RUNS ?? 3000),
      },
    );
  });
});
