import type { PublicSettings } from '@lingxi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commonStore } from '../../../lib/common-store';
import { replaceExternal } from '../../../lib/external';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import MiniWebViewPage, { webViewTitle } from './mini-web-view-page';
import RedirectPage from './redirect-page';

vi.mock('../../../lib/external', () => ({ openExternal: vi.fn(), replaceExternal: vi.fn() }));

const SETTINGS: PublicSettings = {
  assistant_name: '灵犀',
  share_title: '你的AI助手',
  share_image: '',
  cdn_base: '',
  deprecated_hosts: [],
  new_url: '',
  web_view_hosts: ['docs.example.com'],
  customer_service: '',
  icp: '',
  signup_bonus: 100,
};

beforeEach(() => vi.mocked(replaceExternal).mockReset());
afterEach(() => commonStore.set({ inviteCode: null, noticeUnreadCount: 0, systemSetting: null }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/redirect', element: <RedirectPage /> },
      { path: '/mini-web-view', element: <MiniWebViewPage /> },
      { path: '/user', element: <div>MINE PAGE</div> },
      { path: '/', element: <div>HOME PAGE</div> },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}
const at = (router: ReturnType<typeof renderAt>) =>
  `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;
const to = (target: string) => `/redirect?to=${encodeURIComponent(target)}`;

describe('/redirect', () => {
  it('goes to a path of the app in place of itself, without asking for the settings first', async () => {
    const { calls } = mockApi({ 'GET /api/v1/setting': new Promise(() => undefined) });
    const router = renderAt(to('/user?tab=1#x'));
    expect(await screen.findByText('MINE PAGE')).toBeInTheDocument();
    expect(at(router)).toBe('/user?tab=1#x');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.length).toBeLessThanOrEqual(1);
    expect(replaceExternal).not.toHaveBeenCalled();
  });

  it('goes to an allowed https page once the list is known, showing 跳转中 and a link', async () => {
    let answer: (v: { data: PublicSettings }) => void = () => undefined;
    mockApi({ 'GET /api/v1/setting': new Promise((r) => (answer = r)) });
    renderAt(to('https://docs.example.com/guide?a=1'));
    expect(await screen.findByText('正在跳转，请稍候…')).toBeInTheDocument();
    expect(screen.getByText('跳转中', { selector: '.adm-nav-bar-title' })).toBeInTheDocument();
    expect(replaceExternal).not.toHaveBeenCalled();
    answer({ data: SETTINGS });
    await waitFor(() => expect(replaceExternal).toHaveBeenCalledWith('https://docs.example.com/guide?a=1'));
    expect(replaceExternal).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: '前往 docs.example.com' })).toHaveAttribute(
      'href',
      'https://docs.example.com/guide?a=1',
    );
  });

  it.each([
    ['https://evil.example/', '该链接不在允许的范围内，为保护你的安全，已停止跳转。'],
    ['https://docs.example.com@evil.example/', '该链接不在允许的范围内，为保护你的安全，已停止跳转。'],
    ['//evil.example', '该链接不在允许的范围内，为保护你的安全，已停止跳转。'],
    ['javascript:alert(document.cookie)', '该链接不在允许的范围内，为保护你的安全，已停止跳转。'],
    ['/\\evil.example', '链接格式不正确，无法跳转。'],
    ['/redirect?to=/user', '链接指向了跳转页本身，无法继续。'],
  ])('refuses %j with a clear message and stays', async (target, text) => {
    mockApi({ 'GET /api/v1/setting': { data: SETTINGS } });
    const router = renderAt(to(target));
    expect(await screen.findByText('无法跳转')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/redirect');
    expect(replaceExternal).not.toHaveBeenCalled();
  });

  it('without a target says so, and leads home', async () => {
    mockApi({ 'GET /api/v1/setting': { data: SETTINGS } });
    const router = renderAt('/redirect');
    expect(await screen.findByText('链接缺少跳转地址。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it('when the settings fail, no outside page is allowed', async () => {
    mockApi({ 'GET /api/v1/setting': { code: 10500, msg: '' } });
    renderAt(to('https://docs.example.com/'));
    expect(await screen.findByText('无法跳转')).toBeInTheDocument();
    expect(replaceExternal).not.toHaveBeenCalled();
  });
});

describe('/mini-web-view', () => {
  it('shows an allowed page in a frame under a bar with its title and a back button', async () => {
    mockApi({ 'GET /api/v1/setting': { data: SETTINGS } });
    const router = renderAt(
      `/mini-web-view?url=${encodeURIComponent('https://docs.example.com/help')}&title=${encodeURIComponent('帮助文档')}`,
    );
    const frame = await screen.findByTitle('帮助文档');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://docs.example.com/help');
    const sandbox = frame.getAttribute('sandbox') ?? '';
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(screen.getByText('帮助文档', { selector: '.lx-web-view__title' })).toBeInTheDocument();
    fireEvent.click(document.querySelector('.adm-nav-bar-back')!);
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it('without a title shows the host', async () => {
    mockApi({ 'GET /api/v1/setting': { data: SETTINGS } });
    renderAt(`/mini-web-view?url=${encodeURIComponent('https://docs.example.com/')}`);
    expect(await screen.findByTitle('docs.example.com')).toHaveAttribute('src', 'https://docs.example.com/');
  });

  it.each([
    'https://evil.example/',
    'http://docs.example.com/',
    'https://DOCS.example.com/',
    'https://docs.example.com./',
    'javascript:alert(1)',
    'data:text/html,<h1>hi</h1>',
    '/user',
  ])('refuses %j: a clear message, no frame', async (url) => {
    mockApi({ 'GET /api/v1/setting': { data: SETTINGS } });
    renderAt(`/mini-web-view?url=${encodeURIComponent(url)}`);
    expect(await screen.findByText('无法打开此网页')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('takes the list an operator set, read from the common store before the call answers', async () => {
    mockApi({ 'GET /api/v1/setting': new Promise(() => undefined) });
    commonStore.set((s) => ({ ...s, systemSetting: { ...SETTINGS, web_view_hosts: ['help.example.com'] } }));
    renderAt(`/mini-web-view?url=${encodeURIComponent('https://help.example.com/x')}`);
    expect(await screen.findByTitle('help.example.com')).toBeInTheDocument();
  });

  it('a title shows as one visible line of at most 30 characters', () => {
    expect(webViewTitle(null)).toBe('');
    expect(webViewTitle('  帮助\n\t中心\u202e\u0000 ')).toBe('帮助 中心');
    expect(webViewTitle('字'.repeat(40))).toBe(`${'字'.repeat(30)}…`);
  });
});
