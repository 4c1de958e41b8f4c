import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, type Server, startServer } from './support.js';

/*
 * The Android wrapper's back button (docs/platforms.md, Android wrapper): a stand-in `LingxiBridge` is injected
 * before the app's scripts, as the wrapper's addJavascriptInterface does, and the test presses "back" by calling
 * `window.lingxiOnBack()` as the wrapper does.
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

type Wrapper = { __exits: number; lingxiOnBack?: () => boolean };

const back = (page: Page) => page.evaluate(() => (window as unknown as Wrapper).lingxiOnBack!());
const exits = (page: Page) => page.evaluate(() => (window as unknown as Wrapper).__exits);

describe('Android wrapper (375×812, Chromium)', () => {
  it('back on an inner page goes back; at a tab the toast, then exit on a second press within 1000 ms only', async () => {
    const context = await phoneContext(browser, server.url);
    await context.addInitScript(() => {
      Object.assign(window, {
        __exits: 0,
        LingxiBridge: {
          exitApp: () => (window as unknown as Wrapper).__exits++,
          relogin: () => undefined,
        },
      });
    });
    const page = await context.newPage();
    await page.goto('/user');
    await page.getByText('设置', { exact: true }).first().click();
    await page.waitForURL('**/user/setting');
    await expect
      .poll(() => page.evaluate(() => typeof (window as unknown as Wrapper).lingxiOnBack))
      .toBe('function');

    // An inner page: back goes back.
    expect(await back(page)).toBe(true);
    await page.waitForURL((url) => url.pathname === '/user');
    expect(await exits(page)).toBe(0);

    // A tab: the first press shows the toast and stays.
    expect(await back(page)).toBe(true);
    await page.getByText('再按一次退出').waitFor();
    expect(await exits(page)).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/user');

    // A second press after 1000 ms is a first press again.
    await page.waitForTimeout(1200);
    expect(await back(page)).toBe(true);
    expect(await exits(page)).toBe(0);

    // A second press within 1000 ms exits.
    await page.waitForTimeout(300);
    expect(await back(page)).toBe(true);
    expect(await exits(page)).toBe(1);
    await page.screenshot({ path: 'test-results/android-back-toast.png' });
    await context.close();
  });

  it('in a plain browser the page installs no back handler', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/user');
    await page.getByText('设置', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => typeof (window as unknown as Wrapper).lingxiOnBack)).toBe('undefined');
    await context.close();
  });
});
