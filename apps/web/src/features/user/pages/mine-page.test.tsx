import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserInfo } from '@lingxi/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readLaunchQuery } from '../../../app/bootstrap';
import { clearLogin, setToken } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import MinePage from './mine-page';

function renderMine() {
  const router = createMemoryRouter(
    [
      { path: '/user', element: <MinePage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/user'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** Every user route the brief asks the mine tab to lead to. */
const ENTRIES: Record<string, string> = {
  我的智能体: '/user/my-ai',
  我的收藏: '/user/my-collection',
  我的片段: '/user/my-snippet',
  社区: '/post',
  知识库: '/knowledge-store',
  邀请有礼: '/invite',
  兑换码: '/redeem-code',
  我的收益: '/user/withdrawal',
  我的订单: '/user/orders',
  意见反馈: '/feedback/index',
  帮助中心: '/help-center/help-center',
  关于我们: '/about-us',
  设置: '/user/setting',
  个人信息: '/user/info',
};

describe('mine tab', () => {
  it('logged out: invites to log in and comes back to /user', async () => {
    mockApi({});
    const router = renderMine();
    fireEvent.click(screen.getByText('登录 / 注册'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user');
  });

  it('logged in: avatar, nickname, masked phone, VIP badge, chips and invite code from the profile call', async () => {
    loginAs('tok', makeUser({ nickname: '旧昵称' }));
    const { calls } = mockApi({
      'GET /api/v1/user': {
        data: makeUser({
          nickname: '小灵',
          is_vip: true,
          chips: 2345,
          vip_expires_at: '2027-03-01T00:00:00.000Z',
        }),
      },
    });
    renderMine();
    expect(await screen.findByText('小灵')).toBeInTheDocument();
    expect(screen.getByText('138****0000')).toBeInTheDocument();
    expect(screen.getByTestId('vip-badge')).toBeInTheDocument();
    expect(screen.getByText('2,345')).toBeInTheDocument();
    expect(screen.getByText('ABC123')).toBeInTheDocument();
    expect(screen.getByText('有效期至 2027年3月1日')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/user', headers: { token: 'tok' } });
  });

  it.each(Object.entries(ENTRIES))('logged in: the entry %s opens %s', async (label, path) => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/user': { data: makeUser() } });
    const router = renderMine();
    fireEvent.click(screen.getAllByText(label).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('logged out: an entry that needs an account goes to login with that entry as redirect', async () => {
    mockApi({});
    const router = renderMine();
    fireEvent.click(screen.getByText('我的智能体'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/my-ai');
  });

  it('opened with ?token=: a loading state while the profile loads, never the logged-out one', async () => {
    window.history.replaceState(null, '', '/user?token=fresh');
    readLaunchQuery();
    let answer: (reply: { data: UserInfo }) => void = () => undefined;
    const { calls } = mockApi({
      'GET /api/v1/user': () => new Promise((resolve) => (answer = resolve)),
    });
    renderMine();
    expect(screen.queryByText('登录 / 注册')).toBeNull();
    expect(screen.getByTestId('mine-loading')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/api/v1/user', headers: { token: 'fresh' } });
    act(() => answer({ data: makeUser({ nickname: '新用户' }) }));
    expect(await screen.findByText('新用户')).toBeInTheDocument();
    expect(screen.queryByTestId('mine-loading')).toBeNull();
    expect(screen.queryByText('登录 / 注册')).toBeNull();
  });

  it('opened with ?token= of another account: the last account’s profile never shows', async () => {
    loginAs('tok-a', makeUser({ nickname: '上一个账号', chips: 999 }));
    window.history.replaceState(null, '', '/user?token=tok-b');
    readLaunchQuery();
    let answer: (reply: { data: UserInfo }) => void = () => undefined;
    mockApi({ 'GET /api/v1/user': () => new Promise((resolve) => (answer = resolve)) });
    renderMine();
    expect(screen.getByTestId('mine-loading')).toBeInTheDocument();
    expect(screen.queryByText('上一个账号')).toBeNull();
    act(() => answer({ data: makeUser({ nickname: '这个账号', chips: 5 }) }));
    expect(await screen.findByText('这个账号')).toBeInTheDocument();
    expect(screen.queryByText('上一个账号')).toBeNull();
  });

  it('a profile that fails to load says so and offers a retry, not the login prompt', async () => {
    setToken('tok');
    let fail = true;
    const { calls } = mockApi({
      'GET /api/v1/user': () =>
        fail ? { code: 10500, msg: '服务器繁忙' } : { data: makeUser({ nickname: '小灵' }) },
    });
    renderMine();
    await waitFor(() => expect(calls).toHaveLength(1));
    const retry = await screen.findByTestId('mine-retry');
    expect(screen.queryByText('登录 / 注册')).toBeNull();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('小灵')).toBeInTheDocument();
  });

  it('an expired token is cleared quietly: no login dialog for the profile call', async () => {
    loginAs('old', makeUser({ nickname: '旧昵称' }));
    mockApi({ 'GET /api/v1/user': { code: 20005, msg: '登录已过期，请重新登录' } });
    renderMine();
    expect(await screen.findByText('登录 / 注册')).toBeInTheDocument();
    expect(screen.queryByText('未登录或登录过期了，是否前往登录？')).toBeNull();
  });
});
