import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, type Server, startServer } from './support.js';

/*
 * The mini-program web view (docs/platforms.md): the host is a stand-in, injected before the app's scripts as the
 * real host injects `__wxjs_environment` and `wx.miniProgram`; it records what the page asked of it.
 */

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type HostLog = { reLaunch: string[]; navigateTo: string[]; postMessage: unknown[] };

async function miniProgramContext(token?: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, server.url);
  await context.addInitScript((stored) => {
    const log = { reLaunch: [] as string[], navigateTo: [] as string[], postMessage: [] as unknown[] };
    Object.assign(window, {
      __host: log,
      __wxjs_environment: 'miniprogram',
      wx: {
        miniProgram: {
          reLaunch: (o: { url: string }) => log.reLaunch.push(o.url),
          navigateTo: (o: { url: string }) => log.navigateTo.push(o.url),
          postMessage: (o: { data: unknown }) => log.postMessage.push(o.data),
        },
      },
    });
    if (stored) localStorage.setItem('lingxi:token', stored);
  }, token ?? null);
  return context;
}

describe('mini-program web view (375×812, Chromium)', () => {
  it('a logged-out visitor on a page that needs login is sent to the host login page with the redirect', async () => {
    const context = await miniProgramContext();
    const page = await context.newPage();
    await page.goto('/user/info?from=e2e');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __host: HostLog }).__host.reLaunch))
      .toEqual([`/pages/login/index?redirect=${encodeURIComponent('/user/info?from=e2e')}`]);
    // The web view does not show its own login form in the host's place.
    expect(await page.getByRole('textbox', { name: '请输入手机号' }).count()).toBe(0);
    await context.close();
  });

  it('an expired session: the login dialog, then the host login page relaunched with where the user was', async () => {
    const context = await miniProgramContext('an-expired-token');
    const page = await context.newPage();
    await page.goto('/user/orders');
    await page.getByText('未登录或登录过期了，是否前往登录？').waitFor();
    await page.getByRole('button', { name: /确定|前往登录|去登录/ }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __host: HostLog }).__host.reLaunch))
      .toEqual([`/pages/login/index?redirect=${encodeURIComponent('/user/orders')}`]);
    await context.close();
  });

  it('home posts its share card to the host', async () => {
    const context = await miniProgramContext();
    const page = await context.newPage();
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __host: HostLog }).__host.postMessage.length))
      .toBeGreaterThan(0);
    const [card] = (await page.evaluate(
      () => (window as unknown as { __host: HostLog }).__host.postMessage,
    )) as {
      type: string;
      title: string;
      link: string;
    }[];
    expect(card!.type).toBe('share');
    expect(card!.title.length).toBeGreaterThan(0);
    expect(card!.link).toBe(`${server.url}/`);
    await context.close();
  });
});
