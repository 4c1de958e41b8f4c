import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, phoneContext, type Server, startServer } from './support.js';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ OFFLINE_STREAM_DELAY_MS: '25' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const live = (page: Page) => page.getByTestId('assistant-bubble-live');
const finished = (page: Page) => page.getByTestId('assistant-bubble');

async function send(page: Page, text: string) {
  await page.locator('#lx-chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

describe('chat journey (375×812, Chromium, offline model)', () => {
  it('finds a bot in discover, watches a reply stream, stops one, regenerates, finds it in history', async () => {
    const token = await apiLogin(server);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();

    await page.goto(`/bot/discover?token=${token}`);
    const card = page.getByTestId('bot-card').first();
    const botName = (await card.locator('[class*=name]').first().textContent())?.trim() ?? '';
    await card.click();
    await page.waitForURL(/\/bot\/\d+/);
    await expect.poll(() => page.getByTestId('greeting').count()).toBe(1);
    expect(await page.getByTestId('suggested-question').count()).toBe(3);

    // A reply streams in: the live bubble grows before it is finished.
    await send(page, '你好，介绍一下你能做什么？');
    await expect.poll(() => live(page).count(), { timeout: 10_000 }).toBe(1);
    const early = (await live(page).textContent()) ?? '';
    await expect
      .poll(async () => ((await live(page).textContent()) ?? '').length)
      .toBeGreaterThan(early.length);
    await expect.poll(() => finished(page).count(), { timeout: 20_000 }).toBe(1);
    // The offline model's reply reads like a reply; the page says once, at the top and in the header, what it is.
    await expect.poll(() => finished(page).first().textContent()).toContain(`我是${botName}`);
    expect(await page.getByTestId('offline-notice').count()).toBe(1);
    expect(await page.getByTestId('chat-model').textContent()).toBe('离线体验模型');
    await page.screenshot({ path: 'test-results/chat-reply.png' });

    // Stop the next one halfway: it keeps what it had and says it was stopped.
    await send(page, '再详细说说');
    await expect
      .poll(async () => ((await live(page).textContent()) ?? '').length, { timeout: 10_000 })
      .toBeGreaterThan(20);
    await page.getByTestId('chat-stop').click();
    await expect.poll(() => page.getByTestId('stopped-mark').count()).toBe(1);
    await expect.poll(() => live(page).count()).toBe(0);

    // Regenerate the stopped reply: a whole new one replaces it.
    await page.getByTestId('regenerate').last().click();
    await expect.poll(() => live(page).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => live(page).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('stopped-mark').count()).toBe(0);
    await expect.poll(() => finished(page).count()).toBe(2);

    // The conversation is in the history tab, newest first.
    await page.goto('/interaction');
    const item = page.getByTestId('conversation-item').first();
    await expect.poll(() => item.textContent()).toContain(botName);
    await page.screenshot({ path: 'test-results/history.png' });
    await item.click();
    await page.waitForURL(/\/bot\/\d+\?conversation=\d+/);
    await expect.poll(() => finished(page).count()).toBe(2);
    await context.close();
  });
});
