import { APP_VERSION_CODE, type VersionInfo } from '@lingxi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import DownloadAppPage, { packageUrl } from './download-app-page';

const VERSION: VersionInfo = {
  version: '1.2.0',
  version_code: 1010,
  download_url: 'https://dl.example.com/lingxi-1.2.0.apk',
  notes: ['知识库支持繁体中文', '新增下载页'],
  force_update: false,
  released_at: '2026-11-21',
};

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.50';

afterEach(() => {
  vi.restoreAllMocks();
  delete window.LingxiBridge;
});

function renderPage(version: Partial<VersionInfo> | { code: number; msg: string } = {}) {
  const answer = 'code' in version ? version : { data: { ...VERSION, ...version } };
  const api = mockApi({ 'GET /api/v1/version': answer, 'GET /api/v1/setting': { code: 10500, msg: '' } });
  const router = createMemoryRouter([{ path: '/download-app', element: <DownloadAppPage /> }], {
    initialEntries: ['/download-app'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return api;
}

const wide = (matches: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: matches && query === '(min-width: 1024px)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );

describe('/download-app', () => {
  it('shows the version, its date in the reader’s language, the notes and the download button', async () => {
    renderPage();
    expect(await screen.findByTestId('download-version')).toHaveTextContent('1.2.0');
    expect(screen.getByText('2026/11/21')).toBeInTheDocument();
    expect(screen.getByText('1.2.0 版本更新内容')).toBeInTheDocument();
    expect(screen.getByText('知识库支持繁体中文')).toBeInTheDocument();
    expect(screen.getByTestId('download-button')).toHaveAttribute('href', VERSION.download_url);
    expect(screen.getByTestId('download-button')).toHaveTextContent('下载 Android 版');
    expect(screen.queryByTestId('download-qr')).toBeNull();
    expect(screen.queryByTestId('open-in-browser')).toBeNull();
  });

  it('on a desktop-wide screen adds a QR code of this page', async () => {
    wide(true);
    renderPage();
    const qr = await screen.findByTestId('qr-code');
    expect(qr).toHaveAttribute('data-text', `${window.location.origin}/download-app`);
    expect(screen.getByText('用手机扫码下载')).toBeInTheDocument();
  });

  it('inside WeChat points to 在浏览器打开 at once, and again instead of downloading', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    renderPage();
    const overlay = await screen.findByTestId('open-in-browser');
    expect(overlay).toHaveTextContent('微信内无法下载安装包');
    expect(overlay).toHaveTextContent('在浏览器打开');
    fireEvent.click(overlay);
    expect(screen.queryByTestId('open-in-browser')).toBeNull();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByTestId('download-button').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByTestId('open-in-browser')).toBeInTheDocument();
  });

  it('outside WeChat the button downloads (nothing stops the link)', async () => {
    renderPage();
    const button = await screen.findByTestId('download-button');
    // Bubbling at the document runs after the page's own handler: record, then stop jsdom's navigation.
    let prevented: boolean | null = null;
    const record = (e: Event) => {
      prevented = e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', record, { once: true });
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(prevented).toBe(false);
    expect(screen.queryByTestId('open-in-browser')).toBeNull();
  });

  it('a download address that is this page itself means no package yet', async () => {
    renderPage({ download_url: `${window.location.origin}/download-app` });
    expect(await screen.findByText('安装包即将上线')).toBeInTheDocument();
    expect(screen.queryByTestId('download-button')).toBeNull();
  });

  it('inside the Android app: up to date, or an update to the new version', async () => {
    window.LingxiBridge = {};
    renderPage({ version_code: APP_VERSION_CODE });
    expect(await screen.findByText('已是最新版本')).toBeInTheDocument();
  });

  it('inside the Android app with a newer release offers the update', async () => {
    window.LingxiBridge = {};
    renderPage({ version_code: APP_VERSION_CODE + 1 });
    expect(await screen.findByText('更新到 1.2.0')).toBeInTheDocument();
  });

  it('a failed call offers to retry', async () => {
    const { calls } = renderPage({ code: 10500, msg: '' });
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }, { timeout: 5000 }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/version').length).toBeGreaterThan(1));
  });
});

describe('packageUrl', () => {
  const origin = 'https://app.example.com';
  it('keeps an http(s) package address and drops this page or anything else', () => {
    expect(packageUrl('https://dl.example.com/a.apk', origin)).toBe('https://dl.example.com/a.apk');
    expect(packageUrl('/files/a.apk', origin)).toBe('https://app.example.com/files/a.apk');
    expect(packageUrl('https://app.example.com/download-app', origin)).toBeNull();
    expect(packageUrl('https://app.example.com/download-app/', origin)).toBeNull();
    expect(packageUrl('javascript:alert(1)', origin)).toBeNull();
    expect(packageUrl('data:application/octet-stream,x', origin)).toBeNull();
  });
});
