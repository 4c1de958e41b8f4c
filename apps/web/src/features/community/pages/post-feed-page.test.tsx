import type { Post } from '@lingxi/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { makePost } from '../../../test/feed-fixtures';
import { loginAs } from '../../../test/login';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import PostFeedPage from './post-feed-page';

function renderFeed(path = '/post') {
  const router = createMemoryRouter(
    [
      { path: '/post', element: <PostFeedPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const page = (list: Post[], next: string | null = null) => ({ data: { list, next_cursor: next } });
const feedCalls = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path === '/api/v1/post')
    .map((c) => Object.fromEntries(c.query));
const noTopics = { 'GET /api/v1/topic': { data: { list: [] } } };

/** jsdom has no layout: make the list's end count as visible, so the infinite scroll asks for the next page. */
function withLayout() {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  return () => Object.defineProperty(HTMLElement.prototype, 'offsetParent', original!);
}

// The first page drawn in a worker loads antd-mobile's pieces: slower than the default second on a busy machine.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('the community feed', () => {
  it('shows 推荐 first; 最新 switches the tab and keeps it in the URL', async () => {
    const { calls } = mockApi({
      ...noTopics,
      'GET /api/v1/post': (call) =>
        call.query.get('tab') === 'latest'
          ? page([makePost({ id: 9, content: '最新的一条' })])
          : page([makePost({ id: 1, content: '推荐的一条' })]),
    });
    const router = renderFeed();
    expect(await screen.findByText('推荐的一条')).toBeInTheDocument();
    expect(feedCalls(calls)[0]).toMatchObject({ tab: 'recommend', limit: '20' });
    fireEvent.click(screen.getByRole('tab', { name: '最新' }));
    expect(await screen.findByText('最新的一条')).toBeInTheDocument();
    expect(feedCalls(calls).at(-1)).toMatchObject({ tab: 'latest' });
    expect(router.state.location.search).toBe('?tab=latest');
  });

  it('opens on the tab the URL names', async () => {
    mockApi({
      ...noTopics,
      'GET /api/v1/post': (call) => page([makePost({ content: `tab=${call.query.get('tab')}` })]),
    });
    renderFeed('/post?tab=latest');
    expect(await screen.findByText('tab=latest')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '最新' })).toHaveAttribute('aria-selected', 'true');
  });

  it('pages on with the cursor and shows a post that moved between pages once', async () => {
    const restore = withLayout();
    try {
      const { calls } = mockApi({
        ...noTopics,
        'GET /api/v1/post': (call) =>
          call.query.get('cursor') === 'c1'
            ? page([makePost({ id: 2, content: '第二条' }), makePost({ id: 3, content: '第三条' })])
            : page([makePost({ id: 1, content: '第一条' }), makePost({ id: 2, content: '第二条' })], 'c1'),
      });
      renderFeed();
      expect(await screen.findByText('第三条')).toBeInTheDocument();
      expect(feedCalls(calls).some((q) => q.cursor === 'c1')).toBe(true);
      expect(screen.getAllByTestId('post-card').map((card) => card.dataset.postId)).toEqual(['1', '2', '3']);
      expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('a pull from the top fetches the first page again', async () => {
    let round = 0;
    const { calls } = mockApi({
      ...noTopics,
      'GET /api/v1/post': () => {
        round += 1;
        return page([makePost({ id: round, content: `第${round}轮` })]);
      },
    });
    renderFeed();
    await screen.findByText('第1轮');
    const root = screen.getByTestId('pull-to-refresh');
    fireEvent.touchStart(root, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(root, { touches: [{ clientY: 400 }] });
    fireEvent.touchEnd(root, { touches: [] });
    expect(await screen.findByText('第2轮')).toBeInTheDocument();
    expect(feedCalls(calls)).toHaveLength(2);
    expect(feedCalls(calls)[1]!.cursor).toBeUndefined();
  });

  it('a like shows at once and is put back when the server refuses it', async () => {
    loginAs('tok', makeUser());
    let answer: (reply: { code: number; msg: string }) => void = () => undefined;
    const { calls } = mockApi({
      ...noTopics,
      'GET /api/v1/post': page([makePost({ id: 1, like_count: 3 })]),
      'POST /api/v1/post/1/like': () => new Promise((resolve) => (answer = resolve)),
    });
    renderFeed();
    const card = await screen.findByTestId('post-card');
    fireEvent.click(within(card).getByRole('button', { name: '点赞' }));
    const liked = await within(card).findByRole('button', { name: '取消点赞' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked).toHaveTextContent('4');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await act(async () => answer({ code: 10003, msg: '操作太频繁' }));
    const back = await within(card).findByRole('button', { name: '点赞' });
    expect(back).toHaveAttribute('aria-pressed', 'false');
    expect(back).toHaveTextContent('3');
  });

  it('takes the server’s count once a like is answered', async () => {
    loginAs('tok', makeUser());
    mockApi({
      ...noTopics,
      'GET /api/v1/post': page([makePost({ id: 1, like_count: 3 })]),
      'POST /api/v1/post/1/like': { data: { liked: true, like_count: 12 } },
    });
    renderFeed();
    const card = await screen.findByTestId('post-card');
    fireEvent.click(within(card).getByRole('button', { name: '点赞' }));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: '取消点赞' })).toHaveTextContent('12'),
    );
  });

  it('filters by topic, 全部 first', async () => {
    const { calls } = mockApi({
      'GET /api/v1/topic': {
        data: {
          list: [
            { id: 3, name: '写作' },
            { id: 4, name: '编程' },
          ],
        },
      },
      'GET /api/v1/post': (call) =>
        page([makePost({ content: call.query.get('topic_id') ? '写作话题的帖子' : '所有帖子' })]),
    });
    const router = renderFeed();
    await screen.findByText('所有帖子');
    const row = await screen.findByRole('group', { name: '话题' });
    const chips = within(row).getAllByRole('button', { pressed: false });
    expect(within(row).getByRole('button', { name: '全部', pressed: true })).toBeInTheDocument();
    expect(chips.map((c) => c.textContent)).toEqual(expect.arrayContaining(['#写作', '#编程']));
    fireEvent.click(screen.getByRole('button', { name: '#写作' }));
    expect(await screen.findByText('写作话题的帖子')).toBeInTheDocument();
    expect(feedCalls(calls).at(-1)).toMatchObject({ topic_id: '3' });
    expect(router.state.location.search).toBe('?topic=3');
  });

  it('opens a post and its bot', async () => {
    mockApi({
      ...noTopics,
      'GET /api/v1/post': page([
        makePost({ id: 7, content: '点我', bot: { ...makeBotStub(), id: 42, name: '翻译官' } }),
      ]),
    });
    const router = renderFeed();
    fireEvent.click(await screen.findByText('翻译官'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bot/42'));
    await act(() => router.navigate('/post'));
    fireEvent.click(await screen.findByText('点我'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/detail'));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('logged out: reads the feed; 发布 asks to log in', async () => {
    mockApi({ ...noTopics, 'GET /api/v1/post': page([makePost({ content: '谁都能看' })]) });
    const router = renderFeed();
    expect(await screen.findByText('谁都能看')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('post-release'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/post');
  });

  it('logged in: 发布 opens the release page', async () => {
    loginAs('tok', makeUser());
    mockApi({ ...noTopics, 'GET /api/v1/post': page([]) });
    const router = renderFeed();
    expect(await screen.findByText('还没有帖子')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('post-release'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/release'));
  });

  it('a failed load says so and retries', async () => {
    let fail = true;
    mockApi({
      ...noTopics,
      'GET /api/v1/post': () =>
        fail ? { code: 50000, msg: '服务器繁忙' } : page([makePost({ content: '恢复了' })]),
    });
    renderFeed();
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    expect(await screen.findByText('恢复了')).toBeInTheDocument();
  });
});

function makeBotStub() {
  return {
    id: 5,
    name: '写作助手',
    avatar: '/media/avatars/bot/writer.svg',
    intro: '帮你写文章',
    category: 'writing',
    tags: [],
    is_system: true,
    creator: null,
    stats: { chats: 1, users: 1, favourites: 0 },
  };
}
