import type { CreatePostBody } from '@lingxi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLogin, setToken } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { makeBot, makeMyBot, makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makePost } from '../../../test/feed-fixtures';
import { makeSnippet, makeTopic } from '../../../test/snippet-fixtures';
import PostReleasePage from './post-release-page';

function renderRelease(search = '') {
  const router = createMemoryRouter(
    [
      { path: '/post/release', element: <PostReleasePage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/post', `/post/release${search}`], initialIndex: 1 },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, ...view };
}

// A page unmounted by the last test's cleanup writes its draft on the way out.
beforeEach(() => localStorage.clear());
afterEach(() => {
  clearLogin();
  localStorage.clear();
});

const TOPICS = [makeTopic({ id: 1, name: '好玩的对话' }), makeTopic({ id: 2, name: '写作' })];

/** A logged-in writer (user 1) whose publish is answered with `status`. */
function releaseApi(status: 'published' | 'pending_review' = 'published', extra = {}) {
  loginAs('tok', makeUser());
  return mockApi({
    'GET /api/v1/topic': { data: { list: TOPICS } },
    'POST /api/v1/post': (call: Call) => ({
      data: makePost({ id: 31, status, content: String((call.body as CreatePostBody).content) }),
    }),
    'GET /api/v1/bot/mine': {
      data: {
        list: [
          makeMyBot({ id: 3, name: '旅行规划师', status: 'published', visibility: 'public' }),
          makeMyBot({ id: 4, name: '草稿里的', status: 'draft', visibility: 'private' }),
        ],
        next_cursor: null,
      },
    },
    'GET /api/v1/bot/favourite': {
      data: { list: [makeBot({ id: 5, name: '写作助手' })], next_cursor: null },
    },
    'GET /api/v1/snippet': { data: { list: [makeSnippet({ id: 9, title: '春天的诗' })], next_cursor: null } },
    ...extra,
  });
}

const text = () => document.querySelector<HTMLTextAreaElement>('#lx-release-text')!;
const type = (value: string) => fireEvent.change(text(), { target: { value } });
const publish = () => screen.getByTestId('release-publish');
const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/post');

describe('/post/release', () => {
  it('logged out: goes to login and comes back', async () => {
    mockApi({});
    const { router } = renderRelease('?snippet=9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/post/release?snippet=9');
  });

  it('counts characters as users see them, red past 2000, and refuses to post too long a text', async () => {
    const { calls } = releaseApi();
    renderRelease();
    expect(publish()).toBeDisabled();
    type('👨‍👩‍👧👍🏻好');
    expect(screen.getByTestId('release-count')).toHaveTextContent('3/2000');
    expect(publish()).toBeEnabled();
    type('👍🏻'.repeat(2000));
    expect(screen.getByTestId('release-count')).toHaveTextContent('2000/2000');
    expect(screen.getByTestId('release-count')).not.toHaveClass('lx-release__count--over');
    type('👍🏻'.repeat(2001));
    expect(screen.getByTestId('release-count')).toHaveClass('lx-release__count--over');
    fireEvent.click(publish());
    expect(await screen.findByText('正文最多 2000 字')).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);
  });

  it('publishes text, a topic and a bot card: toast 发布成功, then the post (replacing this page)', async () => {
    const { calls } = releaseApi('published');
    const { router } = renderRelease();
    type('  今天和旅行规划师聊了三天的杭州行程  ');
    fireEvent.click(await screen.findByText('#写作'));
    expect(screen.getByText('#写作')).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(screen.getByTestId('attach-bot'));
    const picker = await screen.findByTestId('bot-picker');
    expect(await within(picker).findByText('旅行规划师')).toBeInTheDocument();
    expect(within(picker).getByText('写作助手')).toBeInTheDocument();
    expect(within(picker).queryByText('草稿里的')).toBeNull();
    fireEvent.click(within(picker).getByText('旅行规划师'));
    expect(within(screen.getByTestId('attachment')).getByText('旅行规划师')).toBeInTheDocument();

    fireEvent.click(publish());
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/detail'));
    expect(router.state.location.search).toBe('?id=31');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(posted(calls).map((c) => c.body)).toEqual([
      { content: '今天和旅行规划师聊了三天的杭州行程', images: [], bot_id: 3, topic_id: 2 },
    ]);
    expect(storage.getDraft('post:1')).toBeNull();
  });

  it('a post waiting for review says so before opening it', async () => {
    releaseApi('pending_review');
    const { router } = renderRelease();
    type('含有敏感词的内容');
    fireEvent.click(publish());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('已提交审核')).toBeInTheDocument();
    expect(within(dialog).getByText(/通过后会在社区展示/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/post/release');
    fireEvent.click(within(dialog).getByText('知道了'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/detail'));
    expect(router.state.location.search).toBe('?id=31');
  });

  it('?snippet= attaches that snippet: a snippet alone may be posted', async () => {
    const { calls } = releaseApi('published', { 'GET /api/v1/snippet/9': { data: makeSnippet({ id: 9 }) } });
    renderRelease('?snippet=9');
    const card = await screen.findByTestId('attachment');
    expect(within(card).getByText('春天的诗')).toBeInTheDocument();
    await waitFor(() => expect(publish()).toBeEnabled());
    fireEvent.click(publish());
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toEqual({ content: '', images: [], snippet_id: 9 });
  });

  it('?bot= attaches a public bot; one card at most: a snippet picked replaces it, × takes it off', async () => {
    const { calls } = releaseApi('published', { 'GET /api/v1/bot/5': { data: makeBot({ id: 5 }) } });
    renderRelease('?bot=5');
    expect(await within(await screen.findByTestId('attachment')).findByText('写作助手')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('attachment-clear'));
    expect(screen.queryByTestId('attachment')).toBeNull();
    fireEvent.click(screen.getByTestId('attach-snippet'));
    const picker = await screen.findByTestId('snippet-picker');
    fireEvent.click(await within(picker).findByText('春天的诗'));
    const card = screen.getByTestId('attachment');
    expect(within(card).getByText('春天的诗')).toBeInTheDocument();
    expect(within(card).queryByText('帮你写文章、改文案')).toBeNull();
    type('分享一段对话');
    fireEvent.click(publish());
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toEqual({ content: '分享一段对话', images: [], snippet_id: 9 });
  });

  it('keeps the draft per user: leaving and coming back restores it; back says 草稿已保存', async () => {
    releaseApi();
    const first = renderRelease();
    type('写了一半的帖子');
    fireEvent.click(await screen.findByText('#好玩的对话'));
    fireEvent.click(document.querySelector<HTMLElement>('.adm-nav-bar-back')!);
    expect(await screen.findByText('草稿已保存')).toBeInTheDocument();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/post'));
    first.unmount();
    expect(storage.getDraft('post:1')).toMatchObject({ content: '写了一半的帖子', topic: { id: 1 } });

    renderRelease();
    expect(text()).toHaveValue('写了一半的帖子');
    expect(await screen.findByText('已恢复上次未发布的草稿')).toBeInTheDocument();
    expect(await screen.findByText('#好玩的对话')).toHaveAttribute('aria-checked', 'true');
  });

  it('waits for the profile before it shows (or saves) a draft: never one shared under no user', async () => {
    storage.setDraft('post:1', { content: '一号的草稿', images: [], attachment: null, topic: null });
    setToken('tok');
    let answer!: (reply: { data: unknown }) => void;
    mockApi({
      'GET /api/v1/topic': { data: { list: TOPICS } },
      'GET /api/v1/user': new Promise((resolve) => (answer = resolve)),
    });
    renderRelease();
    expect(await screen.findByTestId('release-loading')).toBeInTheDocument();
    expect(text()).toBeNull();
    answer({ data: makeUser({ id: 1 }) });
    await waitFor(() => expect(text()).toHaveValue('一号的草稿'));
    expect(storage.getDraft('post:0')).toBeNull();
  });

  it("another user's draft is not shown", async () => {
    storage.setDraft('post:1', { content: '一号的草稿', images: [], attachment: null, topic: null });
    loginAs('tok2', makeUser({ id: 2 }));
    mockApi({ 'GET /api/v1/topic': { data: { list: TOPICS } } });
    renderRelease();
    await screen.findByText('#写作');
    expect(text()).toHaveValue('');
  });
});
