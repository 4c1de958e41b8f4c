import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setInviteCode } from '../../../lib/common-store';
import { clearLogin, sessionStore } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { storage } from '../../../lib/storage';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeUser } from '../../../test/fixtures';
import LoginPage from './login-page';

const USER = makeUser({ nickname: '用户0000' });

function renderLogin(path = '/login?redirect=%2Fuser%2Finfo') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/user/info', element: <div>个人信息页</div> },
      { path: '/user', element: <div>我的页</div> },
      { path: '/', element: <div>首页</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const phoneInput = () => screen.getByRole('textbox', { name: '请输入手机号' });
const codeInput = () => screen.getByRole('textbox', { name: '请输入验证码' });
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('login page', () => {
  it('refuses a malformed phone before asking for a code', async () => {
    const { calls } = mockApi({});
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('code-button'));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for a code (phone in the path) and counts down 60 s', async () => {
    const { calls } = mockApi({
      'POST /api/v1/login/code/13800000000': { data: { retry_after: 60, expires_in: 300 } },
    });
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(screen.getByTestId('code-button')).toHaveTextContent('60秒后重新获取'));
    expect(screen.getByTestId('code-button')).toBeDisabled();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/login/code/13800000000' });
    await waitFor(() => expect(screen.getByTestId('code-button')).toHaveTextContent('59秒后重新获取'), {
      timeout: 2000,
    });
  });

  it('a rate-limited request counts down from the seconds the server gives', async () => {
    mockApi({ 'POST /api/v1/login/code/13800000000': { code: 10029, msg: '验证码已发送，请42秒后再试' } });
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(screen.getByTestId('code-button')).toHaveTextContent('42秒后重新获取'));
  });

  it('requires the agreement, then logs in with the stored invite code and returns to redirect', async () => {
    setInviteCode('K7P2QX');
    const { calls } = mockApi({ 'POST /api/v1/phone/login': { data: { token: 'tok-1', user_info: USER } } });
    const router = renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800000000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('登录前请阅读并同意《用户协议》和《隐私政策》')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '同意并登录' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/info'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/phone/login',
      body: { phone: '13800000000', code: '123456', invite_code: 'K7P2QX' },
    });
    expect(storage.getToken()).toBe('tok-1');
    expect(storage.getUserInfo()?.nickname).toBe('用户0000');
    expect(sessionStore.get().token).toBe('tok-1');
  });

  it('with the agreement ticked, logs in at once; throttles double taps', async () => {
    const { calls } = mockApi({ 'POST /api/v1/phone/login': { data: { token: 'tok-2', user_info: USER } } });
    const router = renderLogin('/login');
    fireEvent.change(phoneInput(), { target: { value: '13800000000' } });
    fireEvent.change(codeInput(), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('agreement-check'));
    const button = screen.getByRole('button', { name: '登录' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await pause(50);
    expect(calls.filter((c) => c.path === '/api/v1/phone/login')).toHaveLength(1);
  });

  it('links the agreement and the privacy policy', () => {
    mockApi({});
    renderLogin();
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/agreement');
    expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute(
      'href',
      '/agreement?type=privacy',
    );
  });

  it('a logged-in user opening it goes on to the redirect target, never seeing the form', async () => {
    loginAs('tok-1', USER);
    mockApi({});
    const router = renderLogin('/login?redirect=%2Fuser%2Finfo');
    expect(screen.queryByRole('textbox', { name: '请输入手机号' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/info'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('个人信息页')).toBeInTheDocument();
  });

  it('a logged-in user opening it without a target lands on 我的, where their account is', async () => {
    loginAs('tok-1', USER);
    mockApi({});
    const router = renderLogin('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(screen.queryByRole('textbox', { name: '请输入手机号' })).toBeNull();
  });
});
