import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeConversation, makeUser } from '../../../test/fixtures';
import { makePost } from '../../../test/feed-fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import CollectionPage from './collection-page';

function renderCollection(path = '/user/my-collection') {
  const router = createMemoryRouter(
    [
      { path: '/user/my-collection', element: <CollectionPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('my collection', () => {
  it('logged out: goes to login and comes back', async () => {
    mockApi({});
    const router = renderCollection();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/my-collection');
  });

  it('lists favourite bots; swiping one away unfavourites it', async () => {
    loginAs('tok', makeUser());
    let list = [{ ...makeConversation().bot, id: 5, name: '写作助手' }];
    const { calls } = mockApi({
      'GET /api/v1/bot/favourite': () => ({ data: { list, next_cursor: null } }),
      'DELETE /api/v1/bot/5/favourite': () => {
        list = [];
        return { data: { is_favourite: false, favourites: 0 } };
      },
    });
    renderCollection();
    expect(await screen.findByText('写作助手')).toBeInTheDocument();
    fireEvent.click(screen.getByText('取消收藏'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('还没有收藏的智能体')).toBeInTheDocument();
  });

  it('empty: links to discover', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/bot/favourite': { data: { list: [], next_cursor: null } } });
    const router = renderCollection();
    fireEvent.click(await screen.findByText('去发现'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bot/discover'));
  });

  it('the posts tab lists the kept posts; letting one go removes it', async () => {
    loginAs('tok', makeUser());
    let list = [makePost({ id: 7, content: '收藏的帖子', favourited: true, favourite_count: 1 })];
    const { calls } = mockApi({
      'GET /api/v1/bot/favourite': { data: { list: [], next_cursor: null } },
      'GET /api/v1/post/favourite': () => ({ data: { list, next_cursor: null } }),
      'DELETE /api/v1/post/7/favourite': () => {
        list = [];
        return { data: { favourited: false, favourite_count: 0 } };
      },
    });
    const router = renderCollection();
    fireEvent.click(await screen.findByRole('tab', { name: '帖子' }));
    expect(await screen.findByText('收藏的帖子')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=posts');
    fireEvent.click(screen.getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('还没有收藏的帖子')).toBeInTheDocument();
  });

  it('opens on the posts tab the URL names; a post opens its page', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/post/favourite': {
        data: { list: [makePost({ id: 9, content: '打开我', favourited: true })], next_cursor: null },
      },
    });
    const router = renderCollection('/user/my-collection?tab=posts');
    fireEvent.click(await screen.findByText('打开我'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/detail'));
    expect(router.state.location.search).toBe('?id=9');
  });
});
