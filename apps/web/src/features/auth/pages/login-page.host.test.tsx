import { screen } from '@testing-library/react';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './login-page';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { clearLogin } from '../../../lib/session';

// The SDK package as if its chunk held nothing usable: the host's API never comes.
vi.mock('weixin-js-sdk', () => ({ default: undefined }));

/** A page that needs login sends a logged-out visitor to /login, as RequireLogin does. */
function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/user/info', element: <Navigate to="/login?redirect=%2Fuser%2Finfo%3Fx%3D1" replace /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  delete window.__wxjs_environment;
  delete window.wx;
  clearLogin();
});

describe('the login page per host', () => {
  it('in the mini program: the host login page is relaunched with the redirect, the web form is not shown', async () => {
    mockApi({});
    const reLaunch = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { reLaunch } };
    renderApp('/user/info?x=1');
    await vi.waitFor(() =>
      expect(reLaunch).toHaveBeenCalledWith({
        url: `/pages/login/index?redirect=${encodeURIComponent('/user/info?x=1')}`,
      }),
    );
    expect(reLaunch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('textbox', { name: '请输入手机号' })).toBeNull();
  });

  it('in the mini program whose host API never comes, the web form is the fallback', async () => {
    mockApi({});
    window.__wxjs_environment = 'miniprogram';
    // The host injected an object without the calls, and the SDK offers none.
    window.wx = { miniProgram: {} };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/login?redirect=%2Fuser');
    expect(await screen.findByRole('textbox', { name: '请输入手机号' })).toBeInTheDocument();
  });

  it('in a browser: the web form', async () => {
    mockApi({});
    renderApp('/user/info?x=1');
    expect(await screen.findByRole('textbox', { name: '请输入手机号' })).toBeInTheDocument();
  });
});
