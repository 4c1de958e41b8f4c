import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeConversation, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import InteractionPage from './interaction-page';

function renderHistory() {
  const router = createMemoryRouter(
    [
      { path: '/interaction', element: <InteractionPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/interaction'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('history tab', () => {
  it('logged out: keeps the message tiles and invites to log in', async () => {
    mockApi({});
    const router = renderHistory();
    expect(screen.getByText('活动消息')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('interaction-login')).getByText('登录 / 注册'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/interaction');
  });

  it('lists conversations newest first with the last message, and opens one', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/conversation': {
        data: {
          list: [
            makeConversation({ id: 8, last_message: '**最新**的一条' }),
            makeConversation({ id: 7, last_message: '更早的一条', updated_at: '2020-05-01T00:00:00.000Z' }),
          ],
          next_cursor: null,
        },
      },
    });
    const router = renderHistory();
    const items = await screen.findAllByTestId('conversation-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('最新的一条');
    expect(items[0]).toHaveTextContent('现在');
    expect(items[1]).toHaveTextContent('2020年5月1日');
    fireEvent.click(items[1]!);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/bot/5?conversation=7',
      ),
    );
  });

  it('deletes a conversation after a confirm', async () => {
    loginAs('tok', makeUser());
    let list = [makeConversation({ id: 8 })];
    const { calls } = mockApi({
      'GET /api/v1/conversation': () => ({ data: { list, next_cursor: null } }),
      'DELETE /api/v1/conversation/8': () => {
        list = [];
        return { data: { ok: true } };
      },
    });
    renderHistory();
    await screen.findByTestId('conversation-item');
    fireEvent.click(screen.getByText('删除'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('删除'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('还没有对话记录')).toBeInTheDocument();
  });
});
