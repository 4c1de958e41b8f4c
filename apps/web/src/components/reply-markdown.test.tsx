import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { ReplyMarkdown } from './reply-markdown';

const renderReply = (source: string, streaming?: boolean) =>
  renderWithProviders(<ReplyMarkdown source={source} streaming={streaming} />).container;

describe('a reply being written (streaming)', () => {
  it('shows an unclosed bold as bold, with no ** on screen', () => {
    const view = renderReply('这是**重点', true);
    expect(view.querySelector('strong')).toHaveTextContent('重点');
    expect(view.textContent).toBe('这是重点');
  });

  it('shows unclosed inline code as code', () => {
    const view = renderReply('先运行 `npm inst', true);
    expect(view.querySelector('code')).toHaveTextContent('npm inst');
    expect(view.textContent).not.toContain('`');
  });

  it('shows a half-written code fence as a code block, leaving markers inside it alone', () => {
    const view = renderReply('示例：\n\n```python\ndef greet(name):\n    return f"**{name}', true);
    expect(view.querySelector('.lx-code__lang')).toHaveTextContent('python');
    expect(view.querySelector('pre')?.textContent).toContain('return f"**{name}');
    expect(view.querySelector('strong')).toBeNull();
    expect(view.textContent).not.toContain('```');
  });

  it('shows a half-written link as its text, with no brackets and no broken link', () => {
    const view = renderReply('详见 [官方文档](https://docs.exa', true);
    expect(view.textContent).toBe('详见 官方文档');
    expect(view.querySelector('a')).toBeNull();
  });

  it('shows a half-written image as nothing rather than a broken picture', () => {
    const view = renderReply('如图：![示意图](https://img.exa', true);
    expect(view.querySelector('img')).toBeNull();
    expect(view.textContent).toBe('如图：');
  });

  it('holds back a citation marker until it is complete, instead of flashing its digits', () => {
    const view = renderWithProviders(
      <ReplyMarkdown source="年假为十五天[1" streaming citationCount={1} />,
    ).container;
    expect(view.textContent).toBe('年假为十五天');
  });

  it('keeps list items as list items while the last one is written', () => {
    renderReply('要点：\n\n- 第一项\n- 第二', true);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['第一项', '第二']);
  });
});

describe('a finished reply', () => {
  it('closes nothing that the text does not close', () => {
    const view = renderReply('单价 2*3 元，符号 ** 表示乘方');
    expect(view.querySelector('strong, em')).toBeNull();
    expect(view.textContent).toBe('单价 2*3 元，符号 ** 表示乘方');
  });

  it('renders bold that ends in Chinese punctuation before more text (**注意：**…)', () => {
    const view = renderReply('**注意：**请先备份数据。');
    expect(view.querySelector('strong')).toHaveTextContent('注意：');
    expect(view.textContent).not.toContain('**');
  });
});

describe('code highlighting, fetched when a reply has code', () => {
  it('highlights a fenced block in a known language once the highlighter arrives', async () => {
    const view = renderReply('看：\n\n```python\ndef greet(name):\n    return name\n```');
    await waitFor(() => expect(view.querySelector('.hljs-keyword')).toHaveTextContent('def'));
    expect(view.querySelector('pre')?.textContent).toContain('return name');
  });

  it('shows the code as written before and after, and leaves a reply without a language plain', async () => {
    const view = renderReply('```\nplain code\n```\n\n文字');
    expect(view.querySelector('pre')).toHaveTextContent('plain code');
    await new Promise((r) => setTimeout(r, 0));
    expect(view.querySelector('[class^="hljs-"]')).toBeNull();
  });
});
