import type { BotSummary } from '@lingxi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../../lib/request';
import { makeConversation } from '../../../test/fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import DiscoverPage from './discover-page';

const bot = (id: number, name: string): BotSummary => ({ ...makeConversation().bot, id, name });

function renderDiscover() {
  const router = createMemoryRouter(
    [
      { path: '/bot/discover', element: <DiscoverPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/bot/discover'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The catalogue answers by its query: page 2 after cursor c1, a filtered list for category or keyword. */
function catalogue() {
  return mockApi({
    'GET /api/v1/bot/category': {
      data: {
        list: [
          { id: 'writing', name: '写作' },
          { id: 'coding', name: '编程' },
        ],
      },
    },
    'GET /api/v1/bot': (call: Call) => {
      const q = call.query;
      if (q.get('cursor') === 'c1') return { data: { list: [bot(3, '第二页的智能体')], next_cursor: null } };
      if (q.get('keyword'))
        return { data: { list: [bot(9, `搜到的${q.get('keyword')}`)], next_cursor: null } };
      if (q.get('category') === 'coding') return { data: { list: [bot(7, '代码助手')], next_cursor: null } };
      if (q.get('sort') === 'new') return { data: { list: [bot(8, '最新的智能体')], next_cursor: null } };
      return { data: { list: [bot(1, '写作助手'), bot(2, '翻译官')], next_cursor: 'c1' } };
    },
  });
}

const botCalls = (calls: Call[]) =>
  calls.filter((c) => c.path === '/api/v1/bot').map((c) => Object.fromEntries(c.query.entries()));

describe('discover page', () => {
  it('lists the hot catalogue with the categories as tabs, and opens a bot', async () => {
    const { calls } = catalogue();
    const router = renderDiscover();
    expect(await screen.findByText('写作助手')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['全部', '写作', '编程']);
    expect(botCalls(calls)[0]).toMatchObject({ sort: 'hot', limit: '20' });
    expect(screen.getAllByText('1.2万 次对话').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('翻译官'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bot/2'));
  });

  it('社区 in the header opens the community', async () => {
    catalogue();
    const router = renderDiscover();
    fireEvent.click(await screen.findByTestId('discover-community'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
  });

  it('filters by category and by hot / new', async () => {
    const { calls } = catalogue();
    renderDiscover();
    await screen.findByText('写作助手');
    fireEvent.click(await screen.findByRole('tab', { name: '编程' }));
    expect(await screen.findByText('代码助手')).toBeInTheDocument();
    expect(botCalls(calls).at(-1)).toMatchObject({ category: 'coding', sort: 'hot' });
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    fireEvent.click(screen.getByRole('radio', { name: '最新' }));
    expect(await screen.findByText('最新的智能体')).toBeInTheDocument();
    expect(botCalls(calls).at(-1)).toEqual({ sort: 'new', limit: '20' });
  });

  it('searches by keyword on submit', async () => {
    const { calls } = catalogue();
    renderDiscover();
    await screen.findByText('写作助手');
    const box = screen.getByPlaceholderText('搜索智能体');
    fireEvent.change(box, { target: { value: '诗歌' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('搜到的诗歌')).toBeInTheDocument();
    expect(botCalls(calls).at(-1)).toMatchObject({ keyword: '诗歌' });
  });

  it('loads the next page with the cursor', async () => {
    // jsdom has no layout (no offsetParent, every rect at 0): make the list's end count as visible.
    const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    try {
      const { calls } = catalogue();
      renderDiscover();
      await screen.findByText('写作助手');
      expect(await screen.findByText('第二页的智能体')).toBeInTheDocument();
      expect(botCalls(calls).some((q) => q.cursor === 'c1')).toBe(true);
      expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent!);
    }
  });

  it('says so when nothing matches', async () => {
    mockApi({
      'GET /api/v1/bot/category': { data: { list: [] } },
      'GET /api/v1/bot': { data: { list: [], next_cursor: null } },
    });
    renderDiscover();
    expect(await screen.findByText('没有找到相关智能体')).toBeInTheDocument();
  });

  it('a server error: says the server failed, with a retry no toast covers, that loads the list', async () => {
    let down = true;
    const serverError = () => new Response('', { status: 500 });
    mockApi({
      'GET /api/v1/bot/category': () => (down ? serverError() : { data: { list: [] } }),
      'GET /api/v1/bot': () =>
        down ? serverError() : { data: { list: [bot(1, '恢复后的智能体')], next_cursor: null } },
    });
    const toast = vi.fn();
    request.configure({ toast });
    renderDiscover();
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    expect(screen.getByText('服务器开小差了，请稍后重试')).toBeInTheDocument();
    expect(screen.queryByText(/网络/)).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('恢复后的智能体')).toBeInTheDocument();
  });

  it('a network failure: says the network failed', async () => {
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    request.configure({ toast: vi.fn() });
    renderDiscover();
    expect(await screen.findByText('网络连接失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });
});
