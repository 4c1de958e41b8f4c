import type { CommentThread, Post } from '@lingxi/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostPages } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { clearLogin } from '../../../lib/session';
import { LONG_PRESS_MS } from '../../../lib/use-long-press';
import { makeUser } from '../../../test/fixtures';
import { makeComment, makePost, makeThread } from '../../../test/feed-fixtures';
import { loginAs } from '../../../test/login';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import PostDetailPage from './post-detail-page';

function renderDetail(path = '/post/detail?id=1') {
  const router = createMemoryRouter(
    [
      { path: '/post/detail', element: <PostDetailPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  const { queryClient } = renderWithProviders(<RouterProvider router={router} />);
  return { router, queryClient };
}

const threads = (list: CommentThread[], next: string | null = null) => ({
  data: { list, next_cursor: next },
});
const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);
const actionSheet = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.adm-action-sheet');
    expect(el).not.toBeNull();
    return el!;
  });

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('post detail: comments', () => {
  it('Enter sends (the key says 发送); Shift+Enter and an IME’s Enter do not', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([]),
      'POST /api/v1/post/1/comment': { data: makeComment({ id: 300, content: '好' }) },
    });
    renderDetail();
    const box = await screen.findByRole('textbox');
    expect(box).toHaveAttribute('enterkeyhint', 'send');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '好' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    expect(sent(calls, 'POST', '/api/v1/post/1/comment')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent(calls, 'POST', '/api/v1/post/1/comment')).toHaveLength(1));
    expect(await screen.findByText('评论成功')).toBeInTheDocument();
  });

  it('回复 focuses the box inside the tap itself (iOS opens the keyboard only then)', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([makeThread({ id: 310, content: '楼上说得对' })]),
    });
    renderDetail();
    const thread = await screen.findByTestId('comment-thread');
    fireEvent.click(within(thread).getByRole('button', { name: '回复' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    expect(await screen.findByPlaceholderText('回复 @小白')).toBeInTheDocument();
  });

  it('the page is as tall as what the keyboard leaves, the bar last in its column', async () => {
    const viewport = Object.assign(new EventTarget(), { height: 800, offsetTop: 0 });
    vi.stubGlobal('visualViewport', viewport);
    vi.stubGlobal('innerHeight', 800);
    try {
      mockApi({ 'GET /api/v1/post/1': { data: makePost() }, 'GET /api/v1/post/1/comment': threads([]) });
      renderDetail();
      const bar = await screen.findByTestId('comment-bar');
      const page = document.querySelector<HTMLElement>('.lx-post-detail')!;
      expect(page.style.height).toBe('100dvh');
      expect(bar.parentElement).toBe(page);
      expect(bar).not.toHaveClass('lx-fixed-in-frame');
      act(() => {
        viewport.height = 460;
        viewport.dispatchEvent(new Event('resize'));
      });
      expect(page.style.height).toBe('460px');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a thread whose replies failed to load offers 展开 again', async () => {
    let fail = true;
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost({ comment_count: 4 }) },
      'GET /api/v1/post/1/comment': threads([
        makeThread({ id: 320, content: '热门', reply_count: 3, replies: [] }),
      ]),
      'GET /api/v1/comment/320/reply': () =>
        fail
          ? { code: 10000, msg: '服务繁忙' }
          : {
              data: {
                list: [makeComment({ id: 321, root_id: 320, content: '终于看到了' })],
                next_cursor: null,
              },
            },
    });
    renderDetail();
    fireEvent.click(await screen.findByText('展开 3 条回复'));
    await waitFor(() => expect(sent(calls, 'GET', '/api/v1/comment/320/reply')).toHaveLength(1));
    fail = false;
    fireEvent.click(await screen.findByText('展开 3 条回复'));
    expect(await screen.findByText('终于看到了')).toBeInTheDocument();
    expect(sent(calls, 'GET', '/api/v1/comment/320/reply')).toHaveLength(2);
  });

  it('··· on someone else’s comment offers 回复 and 复制, not 删除', async () => {
    loginAs('tok', makeUser());
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([makeThread({ id: 330, content: '别人的评论' })]),
    });
    renderDetail();
    await screen.findByText('别人的评论');
    fireEvent.click(screen.getByRole('button', { name: '评论操作' }));
    const sheet = await actionSheet();
    expect(within(sheet).getByText('回复')).toBeInTheDocument();
    expect(within(sheet).queryByText('删除')).toBeNull();
    fireEvent.click(within(sheet).getByText('复制'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('别人的评论'));
  });

  it('a long press on a comment opens its menu, and its closing click does not start a reply', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([makeThread({ id: 330, content: '别人的评论' })]),
    });
    renderDetail();
    const text = await screen.findByText('别人的评论');
    expect(document.querySelector('.adm-action-sheet')).toBeNull();
    fireEvent.pointerDown(text);
    await act(() => new Promise((resolve) => setTimeout(resolve, LONG_PRESS_MS + 60)));
    fireEvent.pointerUp(text);
    fireEvent.click(text);
    expect(within(await actionSheet()).getByText('复制')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('说点什么…')).toBeInTheDocument();
  });

  it('deleting a comment puts the post’s new count into its card in the feed', async () => {
    loginAs('tok', makeUser());
    let count = 2;
    mockApi({
      'GET /api/v1/post/1': () => ({ data: makePost({ comment_count: count }) }),
      'GET /api/v1/post/1/comment': threads([makeThread({ id: 340, content: '我的评论', can_delete: true })]),
      'DELETE /api/v1/comment/340': () => {
        count = 1;
        return { data: { ok: true } };
      },
    });
    const { queryClient } = renderDetail();
    const feedKey = queryKeys.posts.feed('recommend', undefined, 'tok');
    queryClient.setQueryData<PostPages>(feedKey, {
      pages: [{ list: [makePost({ comment_count: 2 }), makePost({ id: 9 })], next_cursor: null }],
      pageParams: [undefined],
    });
    await screen.findByText('我的评论');
    fireEvent.click(screen.getByRole('button', { name: '评论操作' }));
    fireEvent.click(within(await actionSheet()).getByText('删除'));
    const dialog = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.adm-dialog');
      expect(el).not.toBeNull();
      return el!;
    });
    fireEvent.click(within(dialog).getByText('删除'));
    await waitFor(() => {
      const card = queryClient.getQueryData<PostPages>(feedKey)?.pages[0]?.list[0] as Post;
      expect(card.comment_count).toBe(1);
    });
    expect(await screen.findByText('共 1 条评论')).toBeInTheDocument();
  });
});
