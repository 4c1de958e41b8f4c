import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, randomPhone, type Server, startServer } from './support.js';

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

/** A user signed in through the API, with their profile (the invite code an invitee signs up with). */
async function signUp(inviteCode?: string) {
  const phone = randomPhone();
  await api(null, 'POST', `/api/v1/login/code/${phone}`);
  const code = await server.smsCode(phone);
  const data = await api<{ token: string; user_info: { id: number; invite_code: string } }>(
    null,
    'POST',
    '/api/v1/phone/login',
    { phone, code, ...(inviteCode ? { invite_code: inviteCode } : {}) },
  );
  return { phone, token: data.token, user: data.user_info };
}

const key = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

describe('an operator runs the product from the console', () => {
  const botName = `审核测试助手${Date.now() % 10000}`;
  const postText = `约炮 这是一条等待审核的帖子 ${Date.now() % 10000}`;
  const helpLine = `E2E 帮助中心新段落 ${Date.now() % 100000}`;
  const assistantName = '小灵通';
  let page: Page;
  let context: BrowserContext;
  let botId: number;
  let postId: number;
  let inviter: Awaited<ReturnType<typeof signUp>>;
  let withdrawalId: number;

  beforeAll(async () => {
    // Users make the work: a bot and a post waiting for review, and a withdrawal of an invite commission.
    const creator = await signUp();
    const bot = await api<{ id: number }>(creator.token, 'POST', '/api/v1/bot', {
      name: botName,
      avatar: '/media/avatars/bot/e2e.svg',
      intro: '一个等待审核的智能体',
      category: 'writing',
      tags: ['写作'],
      persona: '你是一个写作助手，回答简洁、友好。',
      greeting: '你好，我来帮你写作。',
      questions: ['帮我写一段开场白'],
      temperature: 0.7,
      visibility: 'public',
    });
    botId = bot.id;
    const post = await api<{ id: number; status: string }>(creator.token, 'POST', '/api/v1/post', {
      content: postText,
    });
    postId = post.id;
    expect(post.status).toBe('pending_review');

    inviter = await signUp();
    const invitee = await signUp(inviter.user.invite_code);
    const order = await api<{ order_no: string }>(
      invitee.token,
      'POST',
      '/api/v1/order',
      { kind: 'vip', item_id: 'year', channel: 'sandbox', agree_terms: true },
      { 'idempotency-key': key() },
    );
    await api(invitee.token, 'POST', `/api/v1/pay/sandbox/${order.order_no}/confirm`);
    const withdrawal = await api<{ id: number }>(
      inviter.token,
      'POST',
      '/api/v1/withdrawal',
      { amount_fen: 1680, channel: 'alipay', account: '13800138000', real_name: '张三' },
      { 'idempotency-key': key() },
    );
    withdrawalId = withdrawal.id;

    context = await desktop();
    page = await context.newPage();
    await consoleLogin(page, adminPhone);
    await page.locator('.ant-layout-sider').waitFor();
  });
  afterAll(() => context?.close());

  it('sees the dashboard with the work waiting', async () => {
    await page.getByText('待处理').first().waitFor();
    await shot(page, '1-dashboard');
  });

  it('approves the bot and the post from the review queue', async () => {
    await page.goto('/admin/review?tab=bots');
    const botCard = page.locator('.ant-card').filter({ hasText: botName });
    await botCard.waitFor();
    await shot(page, '2-review-bots');
    await botCard.getByRole('button', { name: '通过并上架' }).click();
    await expect.poll(() => botCard.count(), { timeout: 15_000 }).toBe(0);
    const live = await api<{ id: number }>(null, 'GET', `/api/v1/bot/${botId}`);
    expect(live.id).toBe(botId);

    await page.goto('/admin/review?tab=posts');
    const postCard = page.locator('.ant-card').filter({ hasText: postText.slice(3) });
    await postCard.waitFor();
    await shot(page, '3-review-posts');
    await postCard.getByRole('button', { name: /^通\s*过$/ }).click();
    await expect.poll(() => postCard.count(), { timeout: 15_000 }).toBe(0);
    const visible = await api<{ id: number }>(null, 'GET', `/api/v1/post/${postId}`);
    expect(visible.id).toBe(postId);
  });

  it('creates a redeem batch and downloads its CSV', async () => {
    await page.goto('/admin/money/redeem');
    await page.getByRole('button', { name: '生成兑换码' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '生成兑换码' });
    await modal.getByLabel('名称 / 用途').fill('E2E 直播间福利');
    await modal.getByLabel('面值（每个兑换码）').fill('50');
    await modal.getByLabel('数量').fill('20');
    await shot(page, '4-redeem-create');
    await modal.getByRole('button', { name: /^生\s*成$/ }).click();
    const made = page.locator('.ant-modal').filter({ hasText: '兑换码已生成' });
    await made.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      made.getByRole('button', { name: /下载 CSV/ }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.trim().split(/\r\n/);
    expect(lines).toHaveLength(21);
    expect(lines[1]).toMatch(/^[2-9A-Z]{14},/);
    await made.getByRole('button', { name: /完\s*成/ }).click();
    await page.locator('.ant-table-row').filter({ hasText: 'E2E 直播间福利' }).waitFor();
    await shot(page, '5-redeem-list');
  });

  it('approves the withdrawal, then marks it paid with the payout reference', async () => {
    await page.goto('/admin/money/withdrawals?status=pending');
    const row = page.locator('.ant-table-row').filter({ hasText: '13800138000' });
    await row.waitFor();
    await shot(page, '6-withdrawals-pending');
    await row.getByRole('button', { name: /^通\s*过$/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^通\s*过$/ })
      .click();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);

    await page.goto('/admin/money/withdrawals?status=approved');
    const approved = page.locator('.ant-table-row').filter({ hasText: '13800138000' });
    await approved.getByRole('button', { name: '标记已打款' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '标记已打款' });
    await modal.getByLabel('打款流水号').fill('E2E-PAYOUT-0001');
    await modal.getByRole('button', { name: '确认已打款' }).click();
    await expect.poll(() => approved.count(), { timeout: 15_000 }).toBe(0);
    const mine = await api<{ list: { id: number; status: string }[] }>(
      inviter.token,
      'GET',
      '/api/v1/withdrawal',
    );
    expect(mine.list.find((w) => w.id === withdrawalId)?.status).toBe('paid');
  });

  it('edits the help centre, and the app shows the new text', async () => {
    await page.goto('/admin/content/pages');
    await page.locator('.cx-page-item').filter({ hasText: '帮助中心' }).click();
    const editor = page.locator('textarea').first();
    await editor.waitFor();
    await editor.press('Control+End');
    await editor.pressSequentially(`\n\n## ${helpLine}\n`);
    await shot(page, '7-content-edit');
    // The button's name carries its icon's label ("save 保存").
    await page.getByRole('button', { name: /保\s*存$/ }).click();
    await page.getByText('已保存').first().waitFor();

    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 812 },
      locale: 'zh-CN',
    });
    const app = await phone.newPage();
    await app.goto('/help-center/help-center');
    await app.getByText(helpLine).waitFor();
    await app.screenshot({ path: `${shots}/8-app-help-centre.png` });
    await phone.close();
  });

  it("renames the assistant, and the app's title follows", async () => {
    await page.goto('/admin/settings');
    const row = page.getByTestId('setting-assistant_name');
    await row.locator('input').first().fill(assistantName);
    await row.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect
      .poll(
        async () => (await api<{ assistant_name: string }>(null, 'GET', '/api/v1/setting')).assistant_name,
      )
      .toBe(assistantName);
    await shot(page, '9-settings');

    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 812 },
      locale: 'zh-CN',
    });
    const app = await phone.newPage();
    await app.goto('/');
    await expect.poll(() => app.title(), { timeout: 15_000 }).toBe(assistantName);
    await phone.close();
  });

  it('finds every one of those actions in the audit log', async () => {
    await page.goto('/admin/audit');
    const table = page.locator('.ant-table-tbody');
    for (const label of [
      '通过智能体审核',
      '通过帖子审核',
      '生成兑换码',
      '通过提现',
      '提现已打款',
      '编辑内容页面',
      '修改设置',
    ]) {
      await table.getByText(label).first().waitFor();
    }
    await shot(page, '10-audit');
  });
});
