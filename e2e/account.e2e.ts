import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, randomPhone, type Server, startServer } from './support.js';

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

async function logIn(page: Page, phone: string) {
  await page.getByRole('textbox', { name: '请输入手机号' }).fill(phone);
  await page.getByTestId('code-button').click();
  const code = await server.smsCode(phone);
  await page.getByRole('textbox', { name: '请输入验证码' }).fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('button', { name: '同意并登录' }).click();
}

describe('account journey (375×812, Chromium)', () => {
  it('opens the app, logs in with the SMS code from the server log, renames, logs out', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const phone = randomPhone();

    await page.goto('/');
    await expect.poll(() => page.title()).toContain('灵犀');
    await page.getByText('我的', { exact: true }).click();
    await page.waitForURL('**/user');
    await page.getByText('登录 / 注册').click();
    await page.waitForURL(/\/login\?redirect=/);

    await logIn(page, phone);
    // Back where they were, as themselves.
    await page.waitForURL('**/user');
    await expect.poll(() => page.getByText(`用户${phone.slice(-4)}`).count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`).count())
      .toBeGreaterThan(0);

    await page.getByText('个人信息', { exact: true }).first().click();
    await page.waitForURL('**/user/info');
    await page.getByText('昵称', { exact: true }).click();
    await page.waitForURL('**/user/edit-nickname');
    const nickname = `灵犀测试${phone.slice(-3)}`;
    await page.getByRole('textbox', { name: '昵称' }).fill(nickname);
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL('**/user/info');
    await expect.poll(() => page.getByText(nickname).count()).toBeGreaterThan(0);

    await page.goto('/user');
    await expect.poll(() => page.getByText(nickname).count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/mine-logged-in.png' });

    await page.getByText('设置', { exact: true }).last().click();
    await page.waitForURL('**/user/setting');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => page.getByText('已退出').count()).toBeGreaterThan(0);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    const token = await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)));
    expect(token).toEqual([]);

    // The server no longer accepts the old session either: the mine page is logged out.
    await page.goto('/user');
    await expect.poll(() => page.getByText('登录 / 注册').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('sends unknown routes to /404 with the path, and keeps the aliases', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL(/\/404\?routeNotFound=/);
    expect(decodeURIComponent(page.url())).toContain('/no/such/page');
    await page.goto('/pages/login/index?redirect=/user');
    await page.waitForURL(/\/login\?redirect=/);
    await page.goto('/pages/index/index');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
