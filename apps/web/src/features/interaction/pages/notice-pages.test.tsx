import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UnreadCounts } from '@lingxi/contract';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppTabBar } from '../../../app/tab-bar';
import { useNoticeUnreadSync } from '../../../app/use-notice-unread-sync';
import { commonStore } from '../../../lib/common-store';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeNotice, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import InteractionPage from './interaction-page';
import { ReviewMessagePage } from './notice-pages';

function Shell() {
  useNoticeUnreadSync();
  return (
    <>
      <Outlet />
      <AppTabBar />
    </>
  );
}

function renderApp(path = '/interaction') {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/interaction', element: <InteractionPage /> },
          { path: '/interaction/review-message', element: <ReviewMessagePage /> },
          { path: '*', element: <div>other page</div> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const tabBadge = () => document.querySelector('.lx-tab-bar .adm-badge-content');

/** A server whose review notices become read once their first page is fetched. */
function noticeServer(initial: UnreadCounts) {
  let unread = initial;
  const api = mockApi({
    'GET /api/v1/conversation': { data: { list: [], next_cursor: null } },
    'GET /api/v1/notice/unread': () => ({ data: unread }),
    'GET /api/v1/notice': (call) => {
      if (!call.query.get('cursor')) unread = { ...unread, review: 0, total: unread.total - unread.review };
      return {
        data: {
          list: [
            makeNotice({ id: 2, title: '「旅行规划师」审核通过', link: '/bot/3' }),
            makeNotice({
              id: 1,
              type: 'bot_rejected',
              title: '「影评人」未通过',
              body: '原因：含有敏感词',
              read: true,
            }),
          ],
          next_cursor: null,
        },
      };
    },
  });
  return { ...api, setUnread: (next: UnreadCounts) => (unread = next) };
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
  commonStore.set({ inviteCode: null, noticeUnreadCount: 0, systemSetting: null });
});

describe('message centre', () => {
  it('logged out: no unread call and no badge', async () => {
    const { calls } = mockApi({});
    renderApp();
    await screen.findByTestId('interaction-login');
    expect(calls.some((c) => c.path === '/api/v1/notice/unread')).toBe(false);
    expect(tabBadge()).toBeNull();
  });

  it('the unread total badges the history tab; each category shows its own count', async () => {
    loginAs('tok', makeUser());
    noticeServer({ system: 1, review: 2, interaction: 0, total: 3 });
    renderApp();
    await waitFor(() => expect(tabBadge()).toHaveTextContent('3'));
    expect(commonStore.get().noticeUnreadCount).toBe(3);
    expect(await screen.findByTestId('notice-badge-review')).toHaveTextContent('2');
    expect(screen.getByTestId('notice-badge-system')).toHaveTextContent('1');
    expect(screen.queryByTestId('notice-badge-interaction')).toBeNull();
  });

  it('is fetched again when the page becomes visible', async () => {
    loginAs('tok', makeUser());
    const server = noticeServer({ system: 0, review: 0, interaction: 0, total: 0 });
    renderApp();
    await screen.findByTestId('notice-category-review');
    expect(tabBadge()).toBeNull();
    server.setUnread({ system: 0, review: 1, interaction: 0, total: 1 });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(tabBadge()).toHaveTextContent('1'));
  });

  it('opening review messages lists them newest first, marks them read and refreshes the badge', async () => {
    loginAs('tok', makeUser());
    const { calls } = noticeServer({ system: 1, review: 2, interaction: 0, total: 3 });
    const router = renderApp();
    await waitFor(() => expect(tabBadge()).toHaveTextContent('3'));
    fireEvent.click(screen.getByTestId('notice-category-review'));
    const cards = await screen.findAllByTestId('notice-card');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('「旅行规划师」审核通过'),
      expect.stringContaining('原因：含有敏感词'),
    ]);
    expect(within(cards[0]!).getByTestId('notice-new')).toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('notice-new')).toBeNull();
    expect(calls.find((c) => c.path === '/api/v1/notice')?.query.get('category')).toBe('review');
    await waitFor(() => expect(commonStore.get().noticeUnreadCount).toBe(1));

    fireEvent.click(cards[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bot/3'));
    await act(() => router.navigate('/interaction'));
    await waitFor(() => expect(tabBadge()).toHaveTextContent('1'));
    expect(screen.queryByTestId('notice-badge-review')).toBeNull();
  });

  it('an empty category says so', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/notice/unread': { data: { system: 0, review: 0, interaction: 0, total: 0 } },
      'GET /api/v1/notice': { data: { list: [], next_cursor: null } },
    });
    renderApp('/interaction/review-message');
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });
});
