import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

describe('MarkdownView', () => {
  it('renders Markdown: headings, lists, links', () => {
    render(
      <MarkdownView source={'## 一、服务内容\n\n- 第一条\n- 第二条\n\n[官网](https://lingxi.example)'} />,
    );
    expect(screen.getByRole('heading', { name: '一、服务内容' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '官网' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never renders raw HTML', () => {
    const { container } = render(
      <MarkdownView source={'正文<script>alert(1)</script><img src=x onerror="alert(2)"><b>粗体</b>'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('正文');
  });
});
