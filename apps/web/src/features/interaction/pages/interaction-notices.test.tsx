import { INTERACTION_KINDS } from '@lingxi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeNotice, makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeInteraction } from '../../../test/snippet-fixtures';
import { InteractionMessagePage, SystemMessagePage } from './notice-pages';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/interaction/interaction-message', element: <InteractionMessagePage /> },
      { path: '/interaction/system-message', element: <SystemMessagePage /> },
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

const cards = () => screen.getAllByTestId('notice-card');

describe('interaction messages', () => {
  it('one row per target and kind: what was done, the latest avatars stacked, the title, the quote, the time, unread', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/notice/unread': { data: { system: 0, review: 0, interaction: 2, total: 2 } },
      'GET /api/v1/notice': {
        data: {
          list: [
            makeInteraction({
              id: 12,
              type: 'comment_reply',
              title: '小明回复了你的评论',
              body: '同意，这首诗写得真好',
              link: '/post/detail?id=31&comment=7',
              actors: [{ id: 2, nickname: '小明', avatar: '/media/avatars/m.svg' }],
              actor_count: 1,
            }),
            makeInteraction({
              id: 11,
              actors: [
                { id: 4, nickname: '小刚', avatar: '/media/avatars/g.svg' },
                { id: 3, nickname: '小红', avatar: '/media/avatars/h.svg' },
                { id: 2, nickname: '小明', avatar: '/media/avatars/m.svg' },
                { id: 5, nickname: '第四个', avatar: '/media/avatars/x.svg' },
              ],
              actor_count: 4,
              title: '小刚、小红等 4 人赞了你的帖子',
              read: true,
              created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
            }),
          ],
          next_cursor: null,
        },
      },
    });
    const router = renderAt('/interaction/interaction-message');
    expect(await screen.findByText('小刚、小红等 4 人赞了你的帖子')).toBeInTheDocument();
    const [reply, likes] = cards() as [HTMLElement, HTMLElement];
    expect(likes.querySelectorAll('.lx-inotice__avatar')).toHaveLength(3);
    expect(likes.querySelector('.lx-inotice__kind--like')).not.toBeNull();
    expect(within(likes).getByTestId('notice-quote')).toHaveTextContent('今天和写作助手聊了一首诗');
    expect(within(likes).getByText('3小时前')).toBeInTheDocument();
    expect(within(likes).queryByTestId('notice-new')).toBeNull();

    expect(reply.querySelectorAll('.lx-inotice__avatar')).toHaveLength(1);
    expect(reply.querySelector('.lx-inotice__kind--comment')).not.toBeNull();
    expect(within(reply).getByTestId('notice-new')).toBeInTheDocument();
    expect(within(reply).getByText('同意，这首诗写得真好')).toBeInTheDocument();

    fireEvent.click(reply);
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/detail'));
    expect(router.state.location.search).toBe('?id=31&comment=7');
  });

  it('a row without actors still reads', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/notice': {
        data: { list: [makeInteraction({ actors: [], actor_count: 0, body: '' })], next_cursor: null },
      },
    });
    renderAt('/interaction/interaction-message');
    const card = await screen.findByTestId('notice-card');
    expect(within(card).getByText('小明、小红等 3 人赞了你的帖子')).toBeInTheDocument();
    expect(card.querySelector('.lx-inotice__avatars')).toBeNull();
    expect(card.querySelector('.lx-inotice__kind--like')).not.toBeNull();
    expect(within(card).queryByTestId('notice-quote')).toBeNull();
  });

  it('every kind of the contract has its icon; a kind this app does not know yet gets the bell', async () => {
    loginAs('tok', makeUser());
    const types = [...INTERACTION_KINDS, 'unlikely_new_kind'];
    mockApi({
      'GET /api/v1/notice': {
        data: { list: types.map((type, i) => makeInteraction({ id: i + 1, type })), next_cursor: null },
      },
    });
    renderAt('/interaction/interaction-message');
    await screen.findAllByTestId('notice-card');
    const kinds = cards().map((card) => card.querySelector('.lx-inotice__kind')?.className);
    expect(kinds).toEqual(
      ['like', 'favourite', 'comment', 'like', 'comment', 'other'].map(
        (kind) => `lx-inotice__kind lx-inotice__kind--${kind}`,
      ),
    );
  });

  it('system notices (actors: []) keep their icon card', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/notice': {
        data: {
          list: [
            makeNotice({
              category: 'system',
              type: 'broadcast',
              title: '新春活动',
              body: '送芯片',
              link: null,
            }),
          ],
          next_cursor: null,
        },
      },
    });
    renderAt('/interaction/system-message');
    const card = await screen.findByTestId('notice-card');
    expect(card).toHaveClass('lx-notice');
    expect(within(card).getByText('新春活动')).toBeInTheDocument();
    expect(within(card).getByText('送芯片')).toBeInTheDocument();
    expect(card.querySelector('.lx-inotice__avatars')).toBeNull();
  });
});
