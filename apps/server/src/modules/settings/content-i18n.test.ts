import { ErrorCode, type AdminContentPage, type ContentPage } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';

/* Content pages in the reader's language; the console edits their translations (docs/i18n.md). */

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t.close());

const page = async (slug: string, header?: string) => {
  const res = await t.call<ContentPage>('GET', `/api/v1/content/${slug}`, {
    headers: header ? { 'accept-language': header } : {},
  });
  expect(res.body.code).toBe(0);
  return res.body.data;
};

describe('content pages', () => {
  it('read in each locale: the sample pages ship translated', async () => {
    expect((await page('agreement', 'en-GB')).title).toBe('User Agreement');
    expect((await page('help-center', 'es')).title).toBe('Centro de ayuda');
    expect((await page('about-us', 'fr')).body).toContain('**Lingxi** est une application');
    const hant = await page('chip-top-up-agreement', 'zh-TW');
    expect(hant.title).toBe('晶片儲值協議');
    expect(hant.body).toContain('晶片僅限本帳號使用');
    expect((await page('privacy', 'zh-CN')).title).toBe('隐私政策');
    expect((await page('update-log')).title).toBe('更新日志');
  });

  it('an operator’s edit of a translation shows in the app; the source and the other locales stay', async () => {
    const admin_ = (
      await t.call<AdminContentPage>('GET', '/api/v1/admin/content/about-us', { token: admin.token })
    ).body.data;
    expect(admin_.title).toBe('关于我们');
    expect(admin_.translations.en?.title).toBe('About us');
    const save = (body: unknown) =>
      t.call<AdminContentPage>('PUT', '/api/v1/admin/content/about-us', { token: admin.token, body });
    const saved = await save({
      title: admin_.title,
      body: admin_.body,
      base_updated_at: admin_.updated_at,
      translations: { ...admin_.translations, en: { title: 'Who we are', body: 'We make **Lingxi**.' } },
    });
    expect(saved.body.code).toBe(0);
    expect(await page('about-us', 'en')).toMatchObject({ title: 'Who we are', body: 'We make **Lingxi**.' });
    expect((await page('about-us', 'fr')).title).toBe('À propos');
    expect((await page('about-us')).title).toBe('关于我们');
    // A save without translations keeps them.
    await save({ title: '关于我们', body: admin_.body });
    expect((await page('about-us', 'en')).title).toBe('Who we are');
    // An empty translation falls back to the source (zh-Hant: its conversion).
    await save({
      title: '关于我们',
      body: admin_.body,
      translations: { 'zh-Hant': { title: '', body: '' } },
    });
    expect((await page('about-us', 'en')).title).toBe('关于我们');
    expect((await page('about-us', 'zh-Hant')).title).toBe('關於我們');
  });

  it('refuses bad translations with 10001', async () => {
    const base = { title: '关于我们', body: '内容' };
    for (const translations of [
      { en: { body: 'x'.repeat(100 * 1024 + 1) } },
      { 'zh-Hant': { title: '字'.repeat(41) } },
      { en: { title: ['a'] } },
      { en: { slug: 'x' } },
      { en: { title: 'a\u0000' } },
    ]) {
      const res = await t.call('PUT', '/api/v1/admin/content/about-us', {
        token: admin.token,
        body: { ...base, translations },
      });
      expect(res.body.code, JSON.stringify(translations).slice(0, 60)).toBe(ErrorCode.BAD_REQUEST);
    }
  });
});
