import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, randomPhone, type Server, startServer } from './support.js';

/*
 * The operator console end to end (docs/admin.md, End to end), at 1440×900 in Chromium against the built server.
 * Users make the work through the API (a bot and a post waiting for review, a withdrawal asked for); the operator
 * does it in the console, and the app shows the effects. A normal user opening /admin is refused.
 */

let server: Server;
let browser: Browser;
const adminPhone = randomPhone();
const shots = 'test-results/console';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ ADMIN_PHONES: adminPhone });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Envelope<T> = { code: number; msg: string; data: T };
async function api<T>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers = {},
): Promise<T> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}

const desktop = (): Promise<BrowserContext> =>
  browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    acceptDownloads: true,
  });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png` });

/** Signs in on the console's own page with the phone's SMS code. */
async function consoleLogin(page: Page, phone: string) {
  await page.goto('/admin');
  await page.waitForURL(/\/admin\/login/);
  await page.getByPlaceholder('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('验证码').fill(await server.smsCode(phone));
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

describe('a normal user at /admin', () => {
  it('is refused: no console, a way back to the app', async () => {
    const context = await desktop();
    const page = await context.newPage();
    await consoleLogin(page, randomPhone());
    await page.getByText('无权访问运营后台').waitFor();
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await shot(page, 'refused');
    await page.getByRole('link', { name: '返回灵犀' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

export { api, apiLogin, consoleLogin, desktop, shot };
