import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../lib/session';
import { loginAs } from '../test/login';
import { makeBot, makeUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderWithProviders } from '../test/render-app';
import { buildRoutes } from './router';

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('logging out', () => {
  it('relaunches a home that shows at once, not a blank page while its code loads', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/setting': { data: null },
      'GET /api/v1/notice/unread': { data: { total: 0 } },
      'GET /api/v1/user': { data: makeUser() },
      'GET /api/v1/version': { data: null },
      'POST /api/v1/logout': { data: { ok: true } },
      'GET /api/v1/bot/home': { data: { assistant: makeBot({ is_assistant: true }), featured: [] } },
    });
    // The app opened straight on settings: home's code was never needed until the relaunch.
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/user/setting'] });
    renderWithProviders(<RouterProvider router={router} />);

    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000, interval: 5 });
    // The router's update is drawn in a transition: let React commit it, and nothing more.
    await act(() => Promise.resolve());
    expect(screen.getByTestId('home-chat-entry')).toBeInTheDocument();
  });
});
