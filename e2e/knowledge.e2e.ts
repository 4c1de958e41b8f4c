import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, fillBotBasics, launchBrowser, phoneContext, type Server, startServer } from './support.js';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ OFFLINE_STREAM_DELAY_MS: '5' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A document with a fact no model knows, so the answer can only come from the knowledge base. */
const DOCUMENT = [
  '# 灵犀星球旅行指南',
  '',
  '## 城市',
  '灵犀星球的首都是澜音城。澜音城建在一片浮空的珊瑚礁上，每年春分举办琉璃灯会。',
  '',
  '## 交通',
  '往返地球与灵犀星球的星舰每周三出发，单程需要九天。',
].join('\n');
const QUESTION = '灵犀星球的首都是哪里？';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}.png` });

describe('knowledge journey (375×812, Chromium, offline model)', () => {
  it('creates a base, uploads a document, hit-tests it, attaches it to a bot, sees the citation in the preview and in chat', async () => {
    const token = await apiLogin(server);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();

    // An empty store leads to the editor; a new base opens on its own page.
    await page.goto(`/knowledge-store?token=${token}`);
    await page.getByTestId('knowledge-empty-create').click();
    await page.waitForURL('**/knowledge-store/edit');
    await page.getByTestId('kb-name-input').locator('input').fill('星际旅行资料');
    await page.getByTestId('kb-description-input').locator('textarea').first().fill('灵犀星球的城市与交通');
    await page.getByTestId('kb-save').click();
    await page.waitForURL(/\/knowledge-store\/detail\?id=\d+/);
    const baseId = Number(new URL(page.url()).searchParams.get('id'));
    await expect.poll(() => page.getByTestId('knowledge-header').textContent()).toContain('星际旅行资料');

    // Upload a Markdown file and wait for it to be read.
    await page.getByTestId('doc-file').setInputFiles({
      name: '灵犀星球.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(DOCUMENT, 'utf8'),
    });
    const doc = page.getByTestId('doc-item').filter({ hasText: '灵犀星球.md' });
    await expect.poll(() => doc.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => doc.getAttribute('data-status'), { timeout: 30_000, interval: 300 })
      .toBe('ready');
    await expect.poll(() => doc.getByTestId('doc-status').textContent()).toBe('已就绪');
    await shot(page, 'knowledge-detail');

    // The hit test finds the passage, with its document and score.
    await page.getByText('命中测试').click();
    await page.getByTestId('hit-input').locator('textarea').first().fill(QUESTION);
    await page.getByTestId('hit-submit').click();
    const passage = page.getByTestId('hit-passage').first();
    await expect.poll(() => passage.textContent(), { timeout: 10_000 }).toContain('澜音城');
    expect(await passage.textContent()).toContain('灵犀星球.md');
    expect(await page.getByTestId('hit-summary').textContent()).toMatch(/检索/);
    await shot(page, 'knowledge-hit-test');

    // A bot that answers from the base.
    const name = `星际导游${Date.now() % 1000}`;
    await page.goto('/bot/edit');
    await fillBotBasics(
      page,
      name,
      '你是一位熟悉灵犀星球的星际导游，根据资料回答旅客的问题，回答简洁并注明出处。',
    );
    await page.getByTestId('knowledge-picker').click();
    await page.getByTestId('knowledge-option').filter({ hasText: '星际旅行资料' }).click();
    await page.getByTestId('knowledge-confirm').click();
    await expect.poll(() => page.getByTestId('knowledge-chip').textContent()).toContain('星际旅行资料');

    // The preview of the unsaved settings answers from the base too, and cites it as chat does.
    await page.getByTestId('bot-preview').click();
    await page.getByTestId('preview-input').locator('textarea').first().fill(QUESTION);
    await page.getByTestId('preview-send').click();
    const previewed = page.getByTestId('preview-bot-bubble').last();
    await expect.poll(() => previewed.textContent(), { timeout: 20_000 }).toContain('澜音城');
    const previewRow = previewed.getByTestId('citations-row');
    await expect.poll(() => previewRow.textContent()).toMatch(/参考资料 \d/);
    expect(await previewRow.textContent()).toContain('灵犀星球.md');
    expect(await previewed.getByTestId('cite-marker').count()).toBeGreaterThan(0);
    await shot(page, 'knowledge-preview-citation');
    await previewed.getByTestId('cite-marker').first().click();
    const previewSheet = page.getByTestId('citations-sheet');
    await expect.poll(() => previewSheet.isVisible()).toBe(true);
    await expect.poll(() => previewSheet.getByTestId('citation').first().textContent()).toContain('澜音城');
    await page.waitForTimeout(500); // the sheet slides up
    await shot(page, 'knowledge-preview-citation-sheet');
    await page.locator('.lx-citations').getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => previewSheet.count()).toBe(0);
    await page.locator('.lx-preview').getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.locator('.lx-preview').isVisible()).toBe(false);

    await page.getByTestId('bot-save').click();
    await page.waitForURL('**/user/my-ai', { timeout: 15_000 });
    const card = page.getByTestId('my-bot-card').filter({ hasText: name });
    const botId = Number(await card.getAttribute('data-bot-id'));
    const saved = await fetch(`${server.url}/api/v1/bot/${botId}/edit`, { headers: { token } }).then(
      (r) => r.json() as Promise<{ data: { knowledge_base_ids: number[] } }>,
    );
    expect(saved.data.knowledge_base_ids).toEqual([baseId]);

    // Ask it: the offline model quotes the passage, and the reply cites it.
    await card.getByTestId('my-bot-chat').click();
    await page.waitForURL(`**/bot/${botId}`);
    await page.locator('#lx-chat-input').fill(QUESTION);
    await page.getByTestId('chat-send').click();
    const reply = page.getByTestId('assistant-bubble').last();
    await expect.poll(() => reply.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => reply.textContent(), { timeout: 20_000 }).toContain('澜音城');
    const row = reply.getByTestId('citations-row');
    await expect.poll(() => row.textContent()).toMatch(/参考资料 \d/);
    expect(await row.textContent()).toContain('灵犀星球.md');
    expect(await reply.getByTestId('cite-marker').count()).toBeGreaterThan(0);
    await shot(page, 'knowledge-chat-citation');

    // Tapping a marker shows the passage it stands for.
    await reply.getByTestId('cite-marker').first().click();
    const sheet = page.getByTestId('citations-sheet');
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await expect.poll(() => sheet.getByTestId('citation').first().textContent()).toContain('澜音城');
    expect(await sheet.getByTestId('citation').first().textContent()).toContain('灵犀星球.md');
    await page.waitForTimeout(500); // the sheet slides up
    await shot(page, 'knowledge-citation-sheet');
    await context.close();
  });
});
