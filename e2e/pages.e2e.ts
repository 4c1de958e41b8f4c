import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, phoneContext, randomPhone, type Server, startServer } from './support.js';

/*
 * The remaining pages and the page rules (docs/platforms.md, Pages) in Chromium against the built server: the
 * old-host modal, /redirect, /mini-web-view and /download-app. Operators' settings are changed through the
 * console's settings API; outside sites are answered by the browser itself (context.route), never the network.
 */

let server: Server;
let browser: Browser;
let adminToken: string;
const adminPhone = randomPhone();
const DOWNLOAD_URL = 'https://dl.example.com/lingxi-1.0.0.apk';
const DOCS = 'https://docs.example.com';
const shots = 'test-results/pages';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36 XWEB/1260117 MMWEBSDK/20240501 MicroMessenger/8.0.50.2701(0x28003237) ' +
  'WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ ADMIN_PHONES: adminPhone, DOWNLOAD_URL });
  browser = await launchBrowser();
  adminToken = await apiLogin(server, adminPhone);
  await setting('web_view_hosts', ['docs.example.com']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function setting(key: string, value: unknown) {
  const res = await fetch(`${server.url}/api/v1/admin/setting/${key}`, {
    method: value === undefined ? 'DELETE' : 'PUT',
    headers: { token: adminToken, ...(value === undefined ? {} : { 'content-type': 'application/json' }) },
    body: value === undefined ? undefined : JSON.stringify({ value }),
  });
  const env = (await res.json()) as { code: number; msg: string };
  if (env.code !== 0) throw new Error(`${key}: ${env.code} ${env.msg}`);
}

/** A phone context where the outside docs site answers from the browser. */
async function phone(options: { userAgent?: string } = {}): Promise<BrowserContext> {
  const context = options.userAgent
    ? await browser.newContext({
        baseURL: server.url,
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        userAgent: options.userAgent,
      })
    : await phoneContext(browser, server.url);
  await context.route(`${DOCS}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>Docs</title><h1>Docs page</h1>',
    }),
  );
  return context;
}
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png` });

describe('the old host', () => {
  it('shows a modal that Escape and a tap outside do not close, with the new link', async () => {
    const host = new URL(server.url).host;
    await setting('deprecated_hosts', [host]);
    await setting('new_url', 'https://new.example.com/');
    const context = await phone();
    try {
      const page = await context.newPage();
      await page.goto('/');
      const modal = page.locator('.adm-center-popup-body', { hasText: '重要通知' });
      await modal.waitFor();
      await expect(modal.getByText('当前链接已停止使用，请访问新的链接继续使用。').isVisible()).resolves.toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await page.mouse.click(20, 20);
      await page.mouse.click(360, 790);
      await page.waitForTimeout(400);
      expect(await modal.isVisible()).toBe(true);
      expect(await page.locator('.adm-center-popup-close').count()).toBe(0);
      expect(await modal.getByRole('link', { name: 'https://new.example.com/' }).getAttribute('href')).toBe(
        'https://new.example.com/',
      );
      await shot(page, 'deprecated-host');
    } finally {
      await context.close();
      await setting('deprecated_hosts', undefined);
      await setting('new_url', undefined);
    }
  });
});

describe('/redirect', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await phone();
  });
  afterAll(() => context.close());

  it('goes to a path of the app in place of itself', async () => {
    const page = await context.newPage();
    await page.goto('/about-us');
    await page.goto(`/redirect?to=${encodeURIComponent('/help-center/help-center?from=redirect')}`);
    await page.waitForURL((url) => url.pathname === '/help-center/help-center');
    expect(new URL(page.url()).search).toBe('?from=redirect');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/about-us');
  });

  it('goes to a page on an allowed host', async () => {
    const page = await context.newPage();
    await page.goto(`/redirect?to=${encodeURIComponent(`${DOCS}/guide`)}`);
    await page.waitForURL(`${DOCS}/guide`);
    await page.getByText('Docs page').waitFor();
  });

  it.each([
    ['a foreign host', 'https://evil.example/'],
    ['a userinfo trick', 'https://docs.example.com@evil.example/'],
    ['a scheme-relative host', '//evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
  ])('refuses %s with a clear message', async (name, target) => {
    const page = await context.newPage();
    await page.goto(`/redirect?to=${encodeURIComponent(target)}`);
    await page.getByText('无法跳转').waitFor();
    await page.getByText('该链接不在允许的范围内，为保护你的安全，已停止跳转。').waitFor();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/redirect');
    if (name === 'a foreign host') await shot(page, 'redirect-refused');
    await page.close();
  });
});

describe('/mini-web-view', () => {
  it('shows an allowed page inside the app, with its title and a back button', async () => {
    const context = await phone();
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.goto(
        `/mini-web-view?url=${encodeURIComponent(`${DOCS}/help`)}&title=${encodeURIComponent('帮助文档')}`,
      );
      await page.frameLocator('iframe.lx-web-view__frame').getByText('Docs page').waitFor();
      expect(await page.locator('.adm-nav-bar-title').innerText()).toBe('帮助文档');
      await shot(page, 'mini-web-view');
      await page.locator('.adm-nav-bar-back').click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  it('refuses a page that is not allowed: a message, no frame', async () => {
    const context = await phone();
    try {
      const page = await context.newPage();
      await page.goto(`/mini-web-view?url=${encodeURIComponent('https://evil.example/')}`);
      await page.getByText('无法打开此网页').waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
      await shot(page, 'mini-web-view-refused');
    } finally {
      await context.close();
    }
  });
});

describe('/download-app', () => {
  it('shows the version, the notes and the download button on a phone', async () => {
    const context = await phone();
    try {
      const page = await context.newPage();
      await page.goto('/download-app');
      expect(await page.getByTestId('download-version').innerText()).toBe('1.0.0');
      expect(await page.getByTestId('download-button').getAttribute('href')).toBe(DOWNLOAD_URL);
      await page.getByText('1.0.0 版本更新内容').waitFor();
      expect(await page.getByTestId('download-qr').count()).toBe(0);
      expect(await page.getByTestId('open-in-browser').count()).toBe(0);
      await shot(page, 'download-app');
    } finally {
      await context.close();
    }
  });

  it('inside WeChat points to 在浏览器打开', async () => {
    const context = await phone({ userAgent: WECHAT_UA });
    try {
      const page = await context.newPage();
      await page.goto('/download-app');
      const overlay = page.getByTestId('open-in-browser');
      await overlay.waitFor();
      expect(await overlay.innerText()).toContain('在浏览器打开');
      await page.waitForTimeout(300); // the layer fades in
      await shot(page, 'download-app-wechat');
      await overlay.click();
      await overlay.waitFor({ state: 'detached' });
      await page.getByTestId('download-button').click();
      await overlay.waitFor();
      expect(new URL(page.url()).pathname).toBe('/download-app');
    } finally {
      await context.close();
    }
  });

  it('on a desktop screen adds a QR code of the page', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
    });
    try {
      const page = await context.newPage();
      await page.goto('/download-app');
      const qr = page.getByTestId('qr-code');
      await qr.waitFor();
      expect(await qr.getAttribute('data-text')).toBe(`${server.url}/download-app`);
      await shot(page, 'download-app-desktop');
    } finally {
      await context.close();
    }
  });
});
