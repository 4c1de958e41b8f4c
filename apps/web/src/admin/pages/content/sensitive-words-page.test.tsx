import '../../test-i18n';
import type { SensitiveWordsSaved } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import SensitiveWordsPage from './sensitive-words-page';
import { diffWords, parseWords, segmentsOf } from './words';

describe('the word helpers', () => {
  it('parse pasted words: lines, commas and 、 split them; spaces inside a word stay', () => {
    const res = parseWords(' 甲 \n乙，丙、违禁 短语;甲\n\n' + '长'.repeat(31), ['乙']);
    expect(res).toEqual({ added: ['甲', '丙', '违禁 短语'], tooLong: ['长'.repeat(31)], repeated: 2 });
  });

  it('diff a draft against the saved list, and cut a text at its hits', () => {
    expect(diffWords(['a', 'b', 'c'], ['b', 'c', 'd'])).toEqual({ added: ['d'], removed: ['a'] });
    const hits = [
      { word: '坏词', start: 2, end: 5, text: '坏 词' },
      { word: '词', start: 4, end: 5, text: '词' },
    ];
    expect(segmentsOf('开头坏 词结尾', hits)).toEqual([
      { text: '开头' },
      { text: '坏 词', word: '坏词' },
      { text: '结尾' },
    ]);
  });
});

/** A button by its text (antd spaces two-character labels: 保 存), found without the slow role query. */
function button(text: string, inside: HTMLElement = document.body) {
  const pattern = new RegExp(`^\\s*${text.split('').join('\\s*')}\\s*$`);
  const found = [...inside.querySelectorAll('button')].filter((b) => pattern.test(b.textContent ?? ''));
  if (!found.length) throw new Error(`no button ${text}`);
  return found[found.length - 1]!;
}

function renderPage() {
  const router = createMemoryRouter(
    [{ path: '/admin/content/sensitive-words', element: <SensitiveWordsPage /> }],
    {
      initialEntries: ['/admin/content/sensitive-words'],
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the sensitive-words page', () => {
  it('adds pasted words to a draft, shows the change, and saves the whole list after confirming', async () => {
    let stored = ['傻逼', '约炮'];
    let updatedAt: string | null = null;
    const api = mockApi({
      'GET /api/v1/admin/sensitive-words': () => ({ data: { words: stored, updated_at: updatedAt } }),
      'PUT /api/v1/admin/sensitive-words': (call) => {
        const words = (call.body as { words: string[] }).words;
        const saved: SensitiveWordsSaved = {
          words,
          updated_at: '2026-11-24T01:00:00.000Z',
          added: words.filter((w) => !stored.includes(w)),
          removed: stored.filter((w) => !words.includes(w)),
        };
        stored = words;
        updatedAt = saved.updated_at;
        return { data: saved };
      },
      'POST /api/v1/admin/sensitive-words/test': () => ({
        data: { hits: [{ word: '刷单', start: 2, end: 4, text: '刷单' }] },
      }),
    });
    renderPage();
    expect(await screen.findByText('约炮')).toBeInTheDocument();
    expect(screen.getByText('使用默认列表')).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText(/添加敏感词/), { target: { value: '刷单\n返利，傻逼' } });
    fireEvent.click(button('添加'));
    expect(await screen.findByText('刷单')).toBeInTheDocument();
    const list = screen.getByLabelText('敏感词列表');
    fireEvent.click(
      within(list).getByText('约炮').closest('.ant-tag')!.querySelector('.ant-tag-close-icon')!,
    );
    expect(screen.getByText('未保存：新增 2 / 删除 1')).toBeInTheDocument();

    // The test box tries the unsaved draft.
    fireEvent.change(screen.getByPlaceholderText(/粘贴一段帖子/), { target: { value: '我在刷单' } });
    fireEvent.click(button('检测'));
    expect(await screen.findByText('命中 1 处：')).toBeInTheDocument();
    expect(screen.getByTestId('hit-text').querySelector('mark')).toHaveTextContent('刷单');
    const tested = api.calls.find((c) => c.path.endsWith('/test'))!;
    expect(tested.body).toEqual({ text: '我在刷单', words: ['傻逼', '刷单', '返利'] });

    fireEvent.click(button('保存'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm')!;
    expect(dialog).toHaveTextContent('新增 2 个，删除 1 个，保存后共 3 个');
    fireEvent.click(button('保存', dialog));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ words: ['傻逼', '刷单', '返利'] });
    expect(await screen.findByText(/上次保存/)).toBeInTheDocument();
  });
});
