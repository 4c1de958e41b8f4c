import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin, sessionStore } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { storage } from '../../../lib/storage';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import SettingPage from './setting-page';

function renderSetting() {
  const router = createMemoryRouter(
    [
      { path: '/user/setting', element: <SettingPage /> },
      { path: '/', element: <div>首页</div> },
    ],
    { initialEntries: ['/', '/user/setting'], initialIndex: 1 },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const API = {
  'GET /api/v1/user': { data: makeUser() },
  'GET /api/v1/version': {
    data: {
      version: '1.0.0',
      version_code: 1008,
      download_url: '',
      notes: [],
      force_update: false,
      released_at: '2026-01-01',
    },
  },
};

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('settings page', () => {
  it('logout: posts to the server, clears storage, toasts 已退出, relaunches home after 1500 ms', async () => {
    loginAs('tok-1', makeUser());
    const { calls } = mockApi({ ...API, 'POST /api/v1/logout': { data: { ok: true } } });
    const router = renderSetting();

    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '退出登录' }));

    expect(await screen.findByText('已退出')).toBeInTheDocument();
    const logout = calls.find((c) => c.path === '/api/v1/logout');
    expect(logout).toMatchObject({ method: 'POST', headers: { token: 'tok-1' } });
    expect(storage.getToken()).toBeNull();
    expect(sessionStore.get().token).toBeNull();
    const loggedOutAt = Date.now();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(Date.now() - loggedOutAt).toBeGreaterThanOrEqual(1400);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the app version and every entry of this issue', async () => {
    loginAs('tok-1', makeUser());
    mockApi(API);
    renderSetting();
    for (const label of [
      '个人信息',
      '语言',
      '用户协议',
      '隐私政策',
      '关于我们',
      '更新日志',
      '当前版本',
      '注销账号',
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('v1.0.0')).toBeInTheDocument();
    expect(await screen.findByText('已是最新版本')).toBeInTheDocument();
  });

  it('account deletion: sends a code to the own phone, confirms, deletes, clears and goes home', async () => {
    loginAs('tok-1', makeUser());
    const { calls } = mockApi({
      ...API,
      'POST /api/v1/user/deletion/code': { data: { retry_after: 60, expires_in: 300 } },
      'DELETE /api/v1/user': { data: { ok: true } },
    });
    const router = renderSetting();
    fireEvent.click(screen.getByText('注销账号'));
    expect(await screen.findByText('验证码将发送至 138****0000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('60秒后重新获取')).toBeInTheDocument();
    fireEvent.change(screen.getAllByRole('textbox', { name: '请输入验证码' }).at(-1)!, {
      target: { value: '112233' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认注销' }));
    const warning = await screen.findByText('注销后账号数据无法恢复，确定继续吗？');
    fireEvent.click(
      within(warning.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: '确认注销' }),
    );
    expect(await screen.findByText('账号已注销')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: '/api/v1/user',
      body: { code: '112233' },
    });
    expect(storage.getToken()).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('logged out: no logout button and no account deletion', () => {
    mockApi(API);
    renderSetting();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(screen.queryByText('注销账号')).toBeNull();
  });
});
