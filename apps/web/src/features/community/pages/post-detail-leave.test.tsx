import type { Post } from '@lingxi/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostPages } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { makePost } from '../../../test/feed-fixtures';
import { loginAs } from '../../../test/login';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import PostDetailPage from './post-detail-page';

/** The feed first, then the post opened from it (so 返回 goes back to the feed). */
function renderFromFeed() {
  const router = createMemoryRouter(
    [
      { path: '/post/detail', element: <PostDetailPage /> },
      { path: '/post', element: <div>feed page</div> },
    ],
    { initialEntries: ['/post', '/post/detail?id=1'], initialIndex: 1 },
  );
  const { queryClient } = renderWithProviders(<RouterProvider router={router} />);
  const feedKey = queryKeys.posts.feed('recommend', undefined, 'tok');
  const favouritesKey = queryKeys.posts.favourites('tok');
  const pages = (list: Post[]): PostPages => ({
    pages: [{ list, next_cursor: null }],
    pageParams: [undefined],
  });
  queryClient.setQueryData(
    feedKey,
    pages([makePost(), makePost({ id: 2 }), makePost({ id: 3, author: other })]),
  );
  queryClient.setQueryData(favouritesKey, pages([makePost({ id: 2 })]));
  const ids = (key: readonly unknown[]) =>
    queryClient.getQueryData<PostPages>(key)?.pages.flatMap((page) => page.list.map((post) => post.id));
  return { router, feed: () => ids(feedKey), favourites: () => ids(favouritesKey) };
}

const other = { id: 8, nickname: '路人', avatar: '' };
const GONE = '帖子不存在或已删除';
const detailCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/post/1');

/** Whether `text` was ever on the page from now on, however briefly. */
function watchFor(text: string) {
  let seen = false;
  const observer = new MutationObserver(() => {
    if (document.body.textContent?.includes(text)) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    return seen;
  };
}

async function confirm(button: string) {
  const dialog = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.adm-dialog');
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent.click(within(dialog).getByText(button));
}

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('leaving a post that is no longer there for me', () => {
  it('blocking its author: their posts leave the lists at once; the post is not asked for again on the way out', async () => {
    loginAs('tok', makeUser());
    let blocked = false;
    const { calls } = mockApi({
      'GET /api/v1/post/1': () => (blocked ? { code: 10004, msg: '帖子不存在' } : { data: makePost() }),
      'GET /api/v1/post/1/comment': { data: { list: [], next_cursor: null } },
      'POST /api/v1/user/2/block': () => {
        blocked = true;
        return { data: { blocked: true } };
      },
    });
    const { router, feed, favourites } = renderFromFeed();
    fireEvent.click(await screen.findByTestId('post-menu'));
    fireEvent.click(await screen.findByText('拉黑作者'));
    const seen = watchFor(GONE);
    await confirm('拉黑');
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
    expect(await screen.findByText('feed page')).toBeInTheDocument();
    expect(seen()).toBe(false);
    expect(detailCalls(calls)).toHaveLength(1);
    expect(feed()).toEqual([3]);
    expect(favourites()).toEqual([]);
  });

  it('deleting it: gone from the lists at once; the page leaves without saying it is gone', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost({ is_mine: true }) },
      'GET /api/v1/post/1/comment': { data: { list: [], next_cursor: null } },
      'DELETE /api/v1/post/1': { data: { ok: true } },
    });
    const { router, feed, favourites } = renderFromFeed();
    fireEvent.click(await screen.findByTestId('post-menu'));
    fireEvent.click(await screen.findByText('删除帖子'));
    const seen = watchFor(GONE);
    await confirm('删除');
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
    expect(await screen.findByText('feed page')).toBeInTheDocument();
    expect(seen()).toBe(false);
    expect(detailCalls(calls)).toHaveLength(1);
    expect(feed()).toEqual([2, 3]);
    expect(favourites()).toEqual([2]);
  });
});
