import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OpenCC from 'opencc-js';
import { apiLogin, launchBrowser, phoneContext, type Server, startServer } from './support.js';

/*
 * The app reads in the user's language (docs/i18n.md): the main pages in en have no Chinese outside the data users
 * and the platform wrote, and in zh-Hant the UI chrome (tab bar, nav bars, buttons, tabs) has no simplified-only
 * character. Each page is screenshot at 375×812 in en and zh-Hant (and fr) under test-results/locales.
 */

let server: Server;
let browser: Browser;
let token: string;
let postId: number;
const shots = 'test-results/locales';

type Envelope<T> = { code: number; msg: string; data: T };
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + path, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server);
  await api('PUT', '/api/v1/user', { nickname: '阿澈' });
  postId = (
    await api<{ id: number }>('POST', '/api/v1/post', { content: '今天和智能体聊了很久，收获很多。' })
  ).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Nodes whose text is data, not UI: what users wrote (names, posts, bots, conversations), what the platform's data
 * says in Chinese until it is localised (seeded bots, categories, content pages, notices), the product's name.
 */
const DATA = [
  // what users wrote
  '.lx-post-text',
  '.lx-post-author__name',
  '.lx-member-card__name',
  '.lx-mine-header__name',
  '.lx-msg__bubble',
  // the platform's data (seeded bots, categories, topics, plans, settings), localised by the server (docs/i18n.md)
  '.lx-featured__name',
  '.lx-featured__intro',
  '.lx-home__intro',
  '.lx-discover__category',
  '.lx-feed__topic',
  '.lx-tier__name',
  '.lx-package__tag',
  '.lx-benefits__title',
  '[data-testid=benefits]',
  '[data-testid=suggested-question]',
  '[data-testid=bot-card]',
  '.lx-chat-header',
  '#lx-chat-input',
  '.lx-topic-chip',
];
/** The assistant's name from settings (the product's name until an operator names it). */
const withoutNames = (text: string) => text.replace(/灵犀|靈犀/g, '');

/** The page's visible texts outside data nodes, each with where it sits (for the failure message). */
function chromeTexts(page: Page, selectors: string[] = ['body']): Promise<{ text: string; at: string }[]> {
  return page.evaluate(
    ({ data, roots }) => {
      const skip = data.join(',');
      const where = (el: Element) => {
        const named = el.closest('[data-testid],[class]');
        return (
          named?.getAttribute('data-testid') ?? named?.getAttribute('class')?.split(' ')[0] ?? el.tagName
        );
      };
      const out: { text: string; at: string }[] = [];
      for (const root of roots.flatMap((s) => Array.from(document.querySelectorAll(s)))) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          if (!el || el.closest(skip)) continue;
          const style = getComputedStyle(el);
          if (style.display === 'none' || style.visibility === 'hidden') continue;
          out.push({ text: n.textContent ?? '', at: where(el) });
        }
        for (const el of Array.from(root.querySelectorAll('[placeholder],[aria-label]'))) {
          if (el.closest(skip)) continue;
          for (const attr of ['placeholder', 'aria-label'])
            if (el.getAttribute(attr)) out.push({ text: el.getAttribute(attr)!, at: `${where(el)}@${attr}` });
        }
      }
      return out;
    },
    { data: DATA, roots: selectors },
  );
}
const hanTexts = async (page: Page) =>
  (await chromeTexts(page))
    .filter((t) => /[\u3400-\u9fff\uf900-\ufaff]/.test(withoutNames(t.text)))
    .map((t) => `${t.at}: ${t.text}`);

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/g;
const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** 台 and 佣 are right in Taiwan too (docs/i18n.md). */
const simplifiedOnly = (text: string) =>
  [...new Set(text.match(HAN) ?? [])].filter((c) => c !== '台' && c !== '佣' && toTaiwan(c) !== c);

const PAGES: { name: string; path: () => string; ready?: string }[] = [
  { name: 'home', path: () => '/' },
  { name: 'discover', path: () => '/bot/discover', ready: '[data-testid=bot-card]' },
  { name: 'interaction', path: () => '/interaction' },
  { name: 'mine', path: () => '/user' },
  { name: 'member-center', path: () => '/member-center' },
  { name: 'invite', path: () => '/invite' },
  { name: 'redeem', path: () => '/redeem-code' },
  { name: 'orders', path: () => '/user/orders' },
  { name: 'earnings', path: () => '/user/withdrawal' },
  { name: 'community', path: () => '/post', ready: '[data-testid=post-card]' },
  { name: 'post-detail', path: () => `/post/detail?id=${postId}` },
  { name: 'knowledge-store', path: () => '/knowledge-store' },
  { name: 'settings', path: () => '/user/setting' },
];

async function openIn(locale: string, loggedIn = true) {
  const context = await phoneContext(browser, server.url);
  await context.addInitScript(
    ([l, t]) => {
      localStorage.setItem('lingxi:locale', l!);
      if (t) localStorage.setItem('lingxi:token', t);
    },
    [locale, loggedIn ? token : ''],
  );
  return { context, page: await context.newPage() };
}

async function settle(page: Page, ready?: string) {
  await page.waitForLoadState('networkidle');
  if (ready) await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(400);
}

describe('the app in five languages (375×812, Chromium)', () => {
  it('in en no Chinese sits in the UI of the main pages', async () => {
    const { context, page } = await openIn('en');
    const found: Record<string, string[]> = {};
    for (const p of PAGES) {
      await page.goto(p.path());
      await settle(page, p.ready);
      await page.screenshot({ path: `${shots}/en-${p.name}.png` });
      const han = await hanTexts(page);
      if (han.length) found[p.name] = han;
    }
    await context.close();
    expect(found).toEqual({});
  });

  it('the bot chat and the login page in en', async () => {
    const { context, page } = await openIn('en');
    await page.goto('/bot/discover');
    await settle(page, '[data-testid=bot-card]');
    await page.getByTestId('bot-card').first().click();
    await page.waitForURL(/\/bot\/\d+/);
    await settle(page);
    await page.screenshot({ path: `${shots}/en-bot-chat.png` });
    expect(await hanTexts(page)).toEqual([]);
    await context.close();

    const anon = await openIn('en', false);
    await anon.page.goto('/login');
    await settle(anon.page);
    await anon.page.screenshot({ path: `${shots}/en-login.png` });
    expect(await hanTexts(anon.page)).toEqual([]);
    await anon.context.close();
  });

  it('in zh-Hant the chrome (tab bar, nav bars, buttons, tabs) has no simplified-only character', async () => {
    const { context, page } = await openIn('zh-Hant');
    const chrome = [
      '.lx-tab-bar',
      '.adm-nav-bar',
      'button',
      '.adm-button',
      '.adm-tabs-header',
      '.adm-list-item',
    ];
    const found: Record<string, string[]> = {};
    let seen = 0;
    for (const p of PAGES) {
      await page.goto(p.path());
      await settle(page, p.ready);
      await page.screenshot({ path: `${shots}/zh-Hant-${p.name}.png` });
      const texts = await chromeTexts(page, chrome);
      seen += (
        texts
          .map((t) => t.text)
          .join('')
          .match(HAN) ?? []
      ).length;
      const bad = texts
        .filter((t) => simplifiedOnly(withoutNames(t.text)).length)
        .map((t) => `${t.at}: ${t.text}`);
      if (bad.length) found[p.name] = bad;
    }
    await page.goto('/bot/discover');
    await settle(page, '[data-testid=bot-card]');
    await page.getByTestId('bot-card').first().click();
    await page.waitForURL(/\/bot\/\d+/);
    await settle(page);
    await page.screenshot({ path: `${shots}/zh-Hant-bot-chat.png` });
    await context.close();
    expect(seen).toBeGreaterThan(50);
    expect(found).toEqual({});
  });

  it.each(['fr', 'es'])(
    '%s: the tightest rows (invite, member centre, earnings, mine) hold',
    async (locale) => {
      const { context, page } = await openIn(locale);
      for (const name of ['invite', 'member-center', 'earnings', 'mine', 'orders']) {
        const p = PAGES.find((x) => x.name === name)!;
        await page.goto(p.path());
        await settle(page, p.ready);
        await page.screenshot({ path: `${shots}/${locale}-${p.name}.png` });
        // Nothing runs off the side of the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
      await context.close();
    },
  );
});
