import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, phoneContext, randomPhone, type Server, startServer } from './support.js';

/*
 * The community end to end (docs/community.md, End to end): A saves a snippet from a chat and shares it with two
 * images; B finds it in 最新, likes it and comments; A sees the badge and the aggregated rows, and replies; B keeps
 * it in my collection; a post with a listed word waits for the operator. One server, one story.
 */

let server: Server;
let browser: Browser;
const adminPhone = randomPhone();
const shots = 'test-results/community';

type User = { token: string; nickname: string; context: BrowserContext; page: Page };
let a: User;
let b: User;
let postId = 0;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ ADMIN_PHONES: adminPhone, OFFLINE_STREAM_DELAY_MS: '5' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits as a person would (a first page in a new context loads its code and data): up to 10 s. */
const poll = <T>(read: () => T | Promise<T>, { timeout = 10_000 } = {}) => expect.poll(read, { timeout });

type Envelope<T> = { code: number; msg: string; data: T };
async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + path, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/** A screenshot once what moves has settled: no toast on top, sheets and dialogs done sliding, images loaded. */
async function shot(page: Page, name: string) {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 5_000 });
  await poll(() =>
    page.evaluate(() =>
      Array.from(document.images).every((img) => {
        const box = img.getBoundingClientRect();
        const seen = box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
        return !seen || (img.complete && img.naturalWidth > 0);
      }),
    ),
  ).toBe(true);
  let last = '';
  await poll(async () => {
    const now = JSON.stringify(
      await page.evaluate(() =>
        Array.from(document.querySelectorAll('.adm-popup-body, .adm-center-popup-wrap, .adm-mask')).map(
          (el) => {
            const box = el.getBoundingClientRect();
            return [box.top, box.height, getComputedStyle(el).opacity];
          },
        ),
      ),
    );
    const same = now === last;
    last = now;
    return same;
  }).toBe(true);
  await page.screenshot({ path: `${shots}/${name}.png` });
}

/** A user with a nickname of their own, logged in on a phone. */
async function newUser(nickname: string): Promise<User> {
  const token = await apiLogin(server);
  await api(token, 'PUT', '/api/v1/user', { nickname });
  const context = await phoneContext(browser, server.url);
  const page = await context.newPage();
  await page.goto(`/post?token=${token}`);
  return { token, nickname, context, page };
}

/** A small photo-like picture: a soft gradient with a sun, as a phone's album would hold. */
function picture(from: string, to: string, width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.35}" r="${Math.min(width, height) * 0.14}" fill="#fff8"/>
    <path d="M0 ${height * 0.8} Q ${width * 0.3} ${height * 0.55} ${width * 0.6} ${height * 0.78} T ${width} ${height * 0.7} V ${height} H 0 Z" fill="#0003"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Long-press with the pointer (the chat's select mode starts after 500 ms). */
async function longPress(page: Page, selector: ReturnType<Page['locator']>) {
  const box = (await selector.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
  await page.mouse.down();
  await page.waitForTimeout(700);
  await page.mouse.up();
}

describe('community journey (375×812, Chromium, offline model)', () => {
  it('A saves a snippet from a chat, finds it in 我的片段 and shares it with two images and a topic', async () => {
    a = await newUser('阿澈');
    const { page } = a;
    await page.goto('/bot/discover');
    await page.getByTestId('bot-card').first().click();
    await page.waitForURL(/\/bot\/\d+/);
    await page.locator('#lx-chat-input').fill('用三句话介绍一下你自己');
    await page.getByTestId('chat-send').click();
    await poll(() => page.getByTestId('assistant-bubble').count(), { timeout: 20_000 }).toBe(1);

    // A long press on the reply starts select mode with it chosen; the question is ticked too.
    await longPress(page, page.getByTestId('assistant-bubble').locator('.lx-msg__bubble').first());
    const rows = page.getByTestId('select-row');
    await poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await page
      .getByTestId('select-row')
      .filter({ has: page.getByTestId('user-bubble') })
      .first()
      .click();
    await poll(() => page.getByTestId('select-bar').textContent()).toContain('已选 2 条');
    await shot(page, '01-a-chat-select');
    await page.getByTestId('select-save').click();
    const sheet = page.getByTestId('save-snippet-popup');
    await sheet.waitFor();
    await page.getByTestId('snippet-title').locator('input').fill('和智能体的第一次见面');
    await page.getByTestId('snippet-note').getByRole('textbox').fill('它的自我介绍很有意思，分享给大家');
    await shot(page, '02-a-chat-save-sheet');
    await page.getByTestId('snippet-save').click();
    await page.getByRole('dialog').getByText('继续对话').click();
    await poll(() => page.getByTestId('select-bar').count()).toBe(0);

    // 我的片段: the card with its note; its reading view.
    await page.goto('/user/my-snippet');
    const item = page.getByTestId('my-snippet').first();
    await poll(() => item.textContent()).toContain('和智能体的第一次见面');
    expect(await item.textContent()).toContain('它的自我介绍很有意思');
    await shot(page, '03-a-my-snippet');
    await item.locator('.lx-snippet-card').first().click();
    await page.waitForURL(/\/post\/detail\?snippet=\d+/);
    const detail = page.getByTestId('snippet-detail');
    await poll(() => detail.textContent()).toContain('用三句话介绍一下你自己');
    await shot(page, '04-a-snippet-detail');

    // 分享到社区 → /post/release with the snippet attached; two images, text, a topic.
    await page.getByTestId('snippet-share').click();
    await page.waitForURL(/\/post\/release\?snippet=\d+/);
    await poll(() => page.getByTestId('attachment').textContent()).toContain('和智能体的第一次见面');
    await page.getByTestId('release-image-file').setInputFiles([
      { name: 'sea.jpg', mimeType: 'image/jpeg', buffer: await picture('#7fb8ff', '#e6a5ff', 1200, 900) },
      { name: 'hill.jpg', mimeType: 'image/jpeg', buffer: await picture('#ffd08a', '#ff8fa3', 900, 1200) },
    ]);
    await page
      .locator('#lx-release-text')
      .fill('今天和智能体聊了聊，它的自我介绍比我想的有趣多了，分享给大家看看');
    const topic = page.getByTestId('topic-chip').first();
    const topicName = ((await topic.textContent()) ?? '').trim();
    await topic.click();
    await poll(() => topic.getAttribute('aria-checked')).toBe('true');
    await poll(() => page.getByTestId('release-image').count()).toBe(2);
    await poll(() => page.getByTestId('release-image-progress').count(), { timeout: 15_000 }).toBe(0);
    await shot(page, '05-a-release');
    await page.getByTestId('release-publish').click();
    await page.waitForURL(/\/post\/detail\?id=\d+/);
    postId = Number(new URL(page.url()).searchParams.get('id'));
    const post = page.getByTestId('post-detail');
    await poll(() => post.textContent()).toContain('它的自我介绍比我想的有趣多了');
    expect(await post.textContent()).toContain(topicName);
    await poll(() => post.getByTestId('image-grid').locator('img').count()).toBe(2);
    await shot(page, '06-a-detail-published');
  });

  it('B finds the post in 最新, opens it, likes it and comments', async () => {
    b = await newUser('小北');
    const { page } = b;
    await page.goto('/post');
    await poll(() => page.getByTestId('post-card').count()).toBeGreaterThan(0);
    await shot(page, '07-b-feed-recommend');
    await page.getByRole('tab', { name: '最新' }).click();
    const card = page.locator(`[data-testid=post-card][data-post-id="${postId}"]`);
    await poll(() => card.textContent()).toContain('它的自我介绍比我想的有趣多了');
    // The card's text can arrive before its images are laid out: wait for both.
    await poll(() => card.getByTestId('image-grid').locator('img').count()).toBe(2);
    expect(await card.textContent()).toContain('和智能体的第一次见面');
    expect(await card.textContent()).toContain('阿澈');
    await shot(page, '08-b-feed-latest');

    await card.locator('.lx-post-text').click();
    await page.waitForURL(new RegExp(`/post/detail\\?id=${postId}`));
    const bar = page.getByTestId('comment-bar');
    await bar.getByRole('button', { name: '点赞' }).click();
    await poll(() => bar.getByRole('button', { name: '取消点赞' }).textContent()).toContain('1');
    await bar.getByRole('textbox').fill('哈哈，这个自我介绍太可爱了');
    await bar.getByRole('button', { name: '发送' }).click();
    const thread = page.getByTestId('comment-thread').first();
    await poll(() => thread.textContent()).toContain('这个自我介绍太可爱了');
    expect(await thread.textContent()).toContain('小北');
    await poll(() => page.locator('.lx-comments__title').textContent()).toBe('共 1 条评论');
    await shot(page, '09-b-detail-commented');

    // The snippet card opens the whole exchange over the post.
    await page.getByTestId('post-detail').locator('.lx-snippet-card').click();
    const sheet = page.getByTestId('snippet-view');
    await poll(() => sheet.textContent()).toContain('用三句话介绍一下你自己');
    await shot(page, '10-b-post-snippet-sheet');
    await page.goBack();
    await poll(() => sheet.isVisible()).toBe(false);
  });

  it('A sees the badges and the aggregated rows, opens the comment and replies to B', async () => {
    // Two more people like it (through the API): one row names the newest two, "…等 3 人赞了你的帖子".
    for (const nickname of ['小西', '小东']) {
      const token = await apiLogin(server);
      await api(token, 'PUT', '/api/v1/user', { nickname });
      await api(token, 'POST', `/api/v1/post/${postId}/like`);
    }

    const { page } = a;
    await page.goto('/interaction');
    const tabBadge = page.locator('.lx-tab-bar .adm-badge-content');
    await poll(() => tabBadge.textContent()).toBe('2');
    await poll(() => page.getByTestId('notice-badge-interaction').textContent()).toBe('2');
    await shot(page, '11-a-interaction-badge');

    await page.getByTestId('notice-category-interaction').click();
    await page.waitForURL(/\/interaction\/interaction-message/);
    const rows = page.getByTestId('notice-card');
    await poll(() => rows.count()).toBe(2);
    const like = rows.filter({ hasText: '赞了你的帖子' });
    await poll(() => like.textContent()).toContain('小东、小西等 3 人赞了你的帖子');
    expect(await like.locator('.lx-inotice__avatar').count()).toBe(3);
    const comment = rows.filter({ hasText: '小北' }).filter({ hasText: '评论' });
    expect(await comment.textContent()).toContain('这个自我介绍太可爱了');
    await shot(page, '12-a-interaction-messages');

    // Opened, the rows are read: the badges go.
    await page.goto('/interaction');
    await page.getByTestId('notice-category-interaction').waitFor();
    await poll(() => page.getByTestId('notice-badge-interaction').count()).toBe(0);
    expect(await tabBadge.count()).toBe(0);
    await page.goBack();
    await comment.click();
    await page.waitForURL(new RegExp(`/post/detail\\?id=${postId}.*comment=\\d+`));
    const thread = page.getByTestId('comment-thread').first();
    await poll(() => thread.textContent()).toContain('这个自我介绍太可爱了');
    await thread.getByTestId('comment').first().locator('.lx-comment__text').click();
    const bar = page.getByTestId('comment-bar');
    await poll(() => bar.getByRole('textbox').getAttribute('placeholder')).toContain('回复 @小北');
    await bar.getByRole('textbox').fill('谢谢喜欢！下次再分享更多');
    await bar.getByRole('button', { name: '发送' }).click();
    await poll(() => thread.textContent()).toContain('谢谢喜欢！下次再分享更多');
    await page.locator('#comments').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, '13-a-detail-comments-reply');
  });

  it('B favourites the post and finds it under 帖子 in my collection', async () => {
    const { page } = b;
    await page.goto(`/post/detail?id=${postId}`);
    const bar = page.getByTestId('comment-bar');
    await bar.getByRole('button', { name: '收藏' }).click();
    await poll(() => bar.getByRole('button', { name: '取消收藏' }).count()).toBe(1);
    await page.goto('/user/my-collection');
    await page.getByRole('tab', { name: '帖子' }).click();
    const card = page.locator(`[data-testid=post-card][data-post-id="${postId}"]`);
    await poll(() => card.textContent()).toContain('它的自我介绍比我想的有趣多了');
    await shot(page, '14-b-collection-posts');
  });

  it('a post with a listed word waits for review, then the operator approves it', async () => {
    const { page } = a;
    await page.goto('/post/release');
    await page.locator('#lx-release-text').fill('周末有人一起约炮吗');
    await page.getByTestId('release-publish').click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.textContent()).toContain('已提交审核');
    await shot(page, '15-a-release-pending-dialog');
    await dialog.getByRole('button').click();
    await page.waitForURL(/\/post\/detail\?id=\d+/);
    const pendingId = Number(new URL(page.url()).searchParams.get('id'));
    await poll(() => page.getByTestId('post-detail').textContent()).toContain('审核中');
    await shot(page, '16-a-detail-pending');

    await page.goto('/post?tab=latest');
    const mine = page.locator(`[data-testid=post-card][data-post-id="${pendingId}"]`);
    await poll(() => mine.textContent()).toContain('审核中');
    await shot(page, '17-a-feed-latest-pending');

    const feedOfB = () =>
      api<{ list: { id: number }[] }>(b.token, 'GET', '/api/v1/post?tab=latest').then((d) =>
        d.list.map((p) => p.id),
      );
    expect(await feedOfB()).not.toContain(pendingId);
    await b.page.goto('/post?tab=latest');
    await poll(() => b.page.getByTestId('post-card').count()).toBeGreaterThan(0);
    expect(await b.page.locator(`[data-post-id="${pendingId}"]`).count()).toBe(0);

    const admin = await apiLogin(server, adminPhone);
    await api(admin, 'POST', `/api/v1/admin/review/post/${pendingId}`, { decision: 'approve' });

    await b.page.reload();
    await poll(() => b.page.locator(`[data-testid=post-card][data-post-id="${pendingId}"]`).count()).toBe(1);
    await b.page.getByRole('tab', { name: '推荐' }).click();
    await poll(() => b.page.getByTestId('post-card').count()).toBe(2);
    await shot(b.page, '18-b-feed-recommend-end');
    await page.goto('/interaction/review-message');
    await poll(() => page.getByTestId('notice-list').textContent()).toContain('通过');
    await shot(page, '19-a-review-notice');
  });
});
