import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../apps/server/test/fake-openai.js';
import { apiLogin, launchBrowser, phoneContext, randomPhone, type Server, startServer } from './support.js';

/*
 * The wallet end to end (docs/money.md): top up and VIP through the sandbox cashier, the member price in chat, an
 * invite followed in the browser with its commission, a redeem code, a withdrawal paid by the operator. One server
 * and one story: user A's balances carry from one step to the next.
 */

let server: Server;
let browser: Browser;
let fake: FakeOpenAi;
const adminPhone = randomPhone();
const shots = 'test-results/wallet';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  fake = await startFakeOpenAi();
  server = await startServer({
    ADMIN_PHONES: adminPhone,
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'e2e',
    LLM_MODELS: 'fake-chat:测试模型:10',
    LLM_DEFAULT_MODEL: 'fake-chat',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

type Envelope<T> = { code: number; msg: string; data: T };
async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + path, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.headers.get('content-type')?.includes('json')) return text as T;
  const env = JSON.parse(text) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png` });
const number = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));

/** The member centre: agree, pick, pay with the sandbox, confirm there, and come back to the result. */
async function buyWithSandbox(page: Page, item: string, name: string) {
  await page.goto('/member-center');
  await page.getByTestId(item).click();
  await page.getByTestId('topup-agreement').click();
  await shot(page, `${name}-1-member-center`);
  await page.locator('.lx-member-footer__pay').click();
  const cashier = page.getByTestId('cashier');
  await cashier.waitFor();
  await cashier.getByText('沙箱支付', { exact: false }).first().click();
  await shot(page, `${name}-2-cashier`);
  await cashier.getByRole('button', { name: /立即支付|确认支付|支付/ }).click();
  await page.waitForURL(/\/pay\/sandbox/);
  await page.getByText('沙箱支付', { exact: false }).first().waitFor();
  await shot(page, `${name}-3-sandbox`);
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/member-center\?.*order_no=/);
  const result = page.getByTestId('pay-result');
  await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('success');
  await shot(page, `${name}-4-result`);
  return result;
}

let adminCache: string | undefined;
const adminToken = async () => (adminCache ??= await apiLogin(server, adminPhone));

/** What a new user starts with (A, before anything). */
let signupChips = 0;
let a: { phone: string; token: string; context: BrowserContext; page: Page };

describe('wallet journeys (375×812, Chromium, sandbox payments)', () => {
  it('tops up chips from the member centre with the sandbox and sees them in 我的', async () => {
    const phone = randomPhone();
    const token = await apiLogin(server, phone);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    a = { phone, token, context, page };
    await page.goto(`/user?token=${token}`);
    const before = (await api<{ chips: number }>(token, 'GET', '/api/v1/user')).chips;
    signupChips = before;

    const result = await buyWithSandbox(page, 'package-c600', 'topup');
    await expect.poll(() => result.textContent()).toContain('600 芯片已到账');
    await expect.poll(() => number(page, 'member-chips')).toBe(before + 600);
    await result.getByRole('button', { name: '完成' }).click();

    await page.goto('/user');
    await expect
      .poll(() => page.locator('.lx-mine-stats__value').first().textContent())
      .toBe((before + 600).toLocaleString('en'));
    await shot(page, 'topup-5-mine');
    const orders = await api<{ list: { status: string }[] }>(token, 'GET', '/api/v1/order');
    expect(orders.list[0]?.status).toBe('fulfilled');
  });

  it('buys VIP: the badge, the monthly grant and its notice, the member price in chat and its charge', async () => {
    const { page, token } = a;
    const before = (await api<{ chips: number }>(token, 'GET', '/api/v1/user')).chips;
    const result = await buyWithSandbox(page, 'tier-month', 'vip');
    await expect.poll(() => result.textContent()).toContain('会员已开通');
    await result.getByRole('button', { name: '完成' }).click();
    await expect.poll(() => page.getByTestId('member-badge').count()).toBe(1);
    await expect.poll(() => number(page, 'member-chips')).toBe(before + 300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'vip-5-member-center');

    await page.goto('/user');
    await expect.poll(() => page.getByTestId('vip-badge').count()).toBeGreaterThan(0);
    await shot(page, 'vip-6-mine');

    await page.goto('/interaction/system-message');
    await expect.poll(() => page.getByTestId('notice-list').textContent()).toContain('每月会员芯片已到账');
    expect(await page.getByTestId('notice-list').textContent()).toContain('「月度会员」已支付成功');
    await shot(page, 'vip-7-notices');

    // A reply on the priced model (list 10) costs the member 8.
    await page.goto('/bot/discover');
    await page.getByTestId('bot-card').first().click();
    await page.waitForURL(/\/bot\/\d+/);
    await expect.poll(() => page.getByTestId('chat-model').textContent()).toBe('测试模型');
    const price = page.getByTestId('chat-price');
    await expect.poll(() => price.textContent()).toContain('8 芯片/条');
    expect(await price.locator('s').textContent()).toBe('10');
    expect(await page.getByTestId('chat-member-price').textContent()).toBe('会员价');
    const charged = (await api<{ chips: number }>(token, 'GET', '/api/v1/user')).chips;
    await page.locator('#lx-chat-input').fill('你好');
    await page.getByTestId('chat-send').click();
    await expect.poll(() => page.getByTestId('assistant-bubble').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'vip-8-chat');
    await expect
      .poll(async () => (await api<{ chips: number }>(token, 'GET', '/api/v1/user')).chips)
      .toBe(charged - 8);
    await page.goto('/user');
    await expect
      .poll(() => page.locator('.lx-mine-stats__value').first().textContent())
      .toBe((charged - 8).toLocaleString('en'));

    // 我的订单: both purchases, newest first.
    await page.goto('/user/orders');
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);
    expect(await page.getByTestId('order-row').first().textContent()).toContain('月度会员');
    await shot(page, 'vip-9-orders');
    await page.goto('/member-center');
    await expect.poll(() => page.getByTestId('member-badge').count()).toBe(1);
    await shot(page, 'vip-10-member-center');
  });

  it("B follows A's invite link, signs up and buys a year; A sees the reward, the commission and the notices", async () => {
    const inviteCode = (await api<{ invite_code: string }>(a.token, 'GET', '/api/v1/user')).invite_code;
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const phone = randomPhone();
    await page.goto(`/?invite_code=${inviteCode}`);
    await page.getByText('我的', { exact: true }).click();
    await page.getByText('登录 / 注册').click();
    await page.waitForURL(/\/login/);
    await page.getByRole('textbox', { name: '请输入手机号' }).fill(phone);
    await page.getByTestId('code-button').click();
    await page.getByRole('textbox', { name: '请输入验证码' }).fill(await server.smsCode(phone));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('button', { name: '同意并登录' }).click();
    await page.waitForURL(/\/user$/);
    // B's signup reward (50) shows at once, on top of what every new user gets.
    await expect
      .poll(() => page.locator('.lx-mine-stats__value').first().textContent())
      .toBe(String(signupChips + 50));
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await shot(page, 'invite-1-b-mine');
    const result = await buyWithSandbox(page, 'tier-year', 'invitee');
    await expect.poll(() => result.textContent()).toContain('会员已开通');
    await context.close();

    const { page: pa } = a;
    await pa.goto('/invite');
    const stats = pa.getByTestId('invite-stats');
    await expect.poll(() => stats.textContent()).toContain('1');
    await expect.poll(() => pa.getByTestId('invite-reward').count()).toBeGreaterThan(1);
    const rewards = (await pa.getByTestId('invite-reward').allTextContents()).join('|');
    expect(rewards).toContain('16.8');
    expect(rewards).toContain('50');
    await shot(pa, 'invite-2-a-invite');
    await pa.screenshot({ path: `${shots}/invite-2b-a-invite-full.png`, fullPage: true });

    await pa.goto('/user/withdrawal');
    await expect.poll(() => pa.getByTestId('earnings-balance').textContent()).toContain('16.8');
    await expect.poll(() => pa.getByTestId('earning-record').count()).toBe(1);
    expect(await pa.getByTestId('earning-record').first().textContent()).toContain('16.8');
    await shot(pa, 'invite-3-a-earnings');

    await pa.goto('/interaction/system-message');
    await expect.poll(() => pa.getByTestId('notice-list').textContent()).toContain('邀请佣金到账');
    expect(await pa.getByTestId('notice-list').textContent()).toContain('邀请奖励到账');
    await shot(pa, 'invite-4-a-notices');
  });

  it('the operator makes a batch of redeem codes; A redeems one on /redeem-code and sees the chips', async () => {
    const admin = await adminToken();
    const batch = await api<{ id: number }>(admin, 'POST', '/api/v1/admin/redeem/batch', {
      kind: 'chips',
      value: 88,
      quantity: 3,
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      note: 'e2e',
    });
    const csv = await api<string>(admin, 'GET', `/api/v1/admin/redeem/batch/${batch.id}/codes.csv`);
    const codes = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[0]!);
    expect(codes).toHaveLength(3);

    const { page, token } = a;
    const before = (await api<{ chips: number }>(token, 'GET', '/api/v1/user')).chips;
    await page.goto('/redeem-code');
    await shot(page, 'redeem-1-empty');
    // Typed as a person might: lower case with a space; the page normalises it.
    await page.getByTestId('redeem-input').locator('input').fill(` ${codes[0]!.toLowerCase()}`);
    await page.getByRole('button', { name: '立即兑换' }).click();
    const success = page.getByTestId('redeem-success');
    await expect.poll(() => success.count()).toBe(1);
    expect(await success.textContent()).toContain('88');
    await shot(page, 'redeem-2-success');
    expect((await api<{ chips: number }>(token, 'GET', '/api/v1/user')).chips).toBe(before + 88);

    // The same code again is refused in Chinese, and nothing moves.
    await page.goto('/redeem-code');
    await page.getByTestId('redeem-input').locator('input').fill(codes[0]!);
    await page.getByRole('button', { name: '立即兑换' }).click();
    await expect
      .poll(() => page.locator('.lx-redeem__error').textContent())
      .toMatch(/已被使用|已使用|已兑换/);
    await shot(page, 'redeem-3-used');
    expect((await api<{ chips: number }>(token, 'GET', '/api/v1/user')).chips).toBe(before + 88);
  });

  it('A asks to withdraw the commission; the operator approves and pays; A sees 已打款 and the notice', async () => {
    const { page, token } = a;
    await page.goto('/user/withdrawal');
    await page.getByTestId('withdraw-open').click();
    const sheet = page.getByTestId('withdraw-sheet');
    await sheet.waitFor();
    await sheet.getByText('全部', { exact: true }).click();
    expect(await page.getByTestId('withdraw-amount').locator('input').inputValue()).toBe('16.80');
    await sheet.getByText('支付宝', { exact: true }).click();
    await page.locator('#lx-withdraw-account').fill('13800138000');
    await page.locator('#lx-withdraw-name').fill('张三');
    await shot(page, 'withdraw-1-form');
    await sheet.getByRole('button', { name: '提交申请' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click();
    await expect.poll(() => page.getByTestId('withdrawal').count()).toBe(1);
    await expect.poll(() => page.getByTestId('withdrawal').textContent()).toContain('16.80');
    await shot(page, 'withdraw-2-pending');

    const admin = await adminToken();
    const list = await api<{ list: { id: number; user_id?: number }[] }>(
      admin,
      'GET',
      '/api/v1/admin/withdrawal?status=pending',
    );
    expect(list.list).toHaveLength(1);
    const id = list.list[0]!.id;
    await api(admin, 'POST', `/api/v1/admin/withdrawal/${id}/approve`);
    await api(admin, 'POST', `/api/v1/admin/withdrawal/${id}/paid`, { reference: 'E2E-20260101-0001' });

    await page.reload();
    await page.getByRole('tab', { name: '提现记录' }).click();
    await expect.poll(() => page.getByTestId('withdrawal').textContent()).toContain('已打款');
    await expect.poll(() => page.getByTestId('earnings-balance').textContent()).toContain('0.00');
    await shot(page, 'withdraw-3-paid');
    await page.goto('/interaction/system-message');
    await expect.poll(() => page.getByTestId('notice-list').textContent()).toContain('提现已打款');
    await shot(page, 'withdraw-4-notices');
    const wallet = await api<{ earnings_fen: number }>(token, 'GET', '/api/v1/wallet');
    expect(wallet.earnings_fen).toBe(0);
  });
});
