import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  fillBotBasics,
  launchBrowser,
  phoneContext,
  randomPhone,
  type Server,
  startServer,
} from './support.js';

const adminPhone = randomPhone();
let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_PHONES: adminPhone, OFFLINE_STREAM_DELAY_MS: '10' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A real PNG drawn by the browser, as a user's photo would be. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#7c6cf2';
    g.fillRect(0, 0, 400, 300);
    g.fillStyle = '#ffd166';
    g.beginPath();
    g.arc(200, 150, 90, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe('creation journey (375×812, Chromium)', () => {
  it('creates a bot with an uploaded avatar, previews it, publishes, is approved, gets the notice, finds it in discover', async () => {
    const token = await apiLogin(server);
    const adminToken = await apiLogin(server, adminPhone);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const name = `旅行小助手${Date.now() % 1000}`;

    await page.goto(`/bot/edit?token=${token}`);
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo(page) });
    await page.getByTestId('avatar-crop-confirm').click();
    await expect
      .poll(() => page.getByTestId('avatar-button').locator('img').getAttribute('src'), { timeout: 15_000 })
      .toContain('/media/u/');

    await fillBotBasics(
      page,
      name,
      '你是一位热情的旅行规划师，擅长为用户规划两三天的周末短途旅行，回答简洁，用列表给出行程。',
    );
    await page.getByTestId('intro-input').locator('textarea').first().fill('帮你规划周末短途旅行的小助手。');

    // Preview with the unsaved settings.
    await page.getByTestId('bot-preview').click();
    await page.getByTestId('preview-input').locator('textarea, input').first().fill('周末去杭州怎么玩？');
    await page.getByTestId('preview-send').click();
    await expect
      .poll(() => page.getByTestId('preview-bot-bubble').last().textContent(), { timeout: 20_000 })
      .toContain(name);
    await page.screenshot({ path: 'test-results/bot-preview.png' });
    await page.locator('.lx-preview').getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.locator('.lx-preview').isVisible()).toBe(false);

    await page.getByTestId('visibility-public').click();
    await page.getByTestId('bot-save').click();
    await page.waitForURL('**/user/my-ai', { timeout: 15_000 });
    const card = page.getByTestId('my-bot-card').filter({ hasText: name });
    await expect.poll(() => card.getByTestId('bot-status').getAttribute('data-status')).toBe('reviewing');
    const botId = Number(await card.getAttribute('data-bot-id'));

    // An operator approves it.
    const decided = await fetch(`${server.url}/api/v1/admin/review/bot/${botId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: adminToken },
      body: JSON.stringify({ decision: 'approve' }),
    }).then((r) => r.json() as Promise<{ code: number }>);
    expect(decided.code).toBe(0);

    // The review notice arrives with the badge, and reading it clears the badge.
    await page.goto('/interaction');
    await expect.poll(() => page.locator('.lx-tab-bar .adm-badge-content').first().textContent()).toBe('1');
    await page.screenshot({ path: 'test-results/notice-badge.png' });
    await page.getByTestId('notice-category-review').click();
    await page.waitForURL('**/interaction/review-message');
    await expect.poll(() => page.getByTestId('notice-card').first().textContent()).toContain(name);
    await page.goBack();
    await expect.poll(() => page.locator('.lx-tab-bar .adm-badge-content').count()).toBe(0);

    // Everyone can now find it.
    await page.goto(`/bot/discover`);
    await page.locator('input[type=search], .adm-search-bar input').first().fill(name);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('bot-card').filter({ hasText: name }).count(), { timeout: 10_000 })
      .toBe(1);
    await context.close();
  });
});
