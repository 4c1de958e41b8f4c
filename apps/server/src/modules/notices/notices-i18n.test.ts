import { ErrorCode, type AdminBroadcast, type AdminPage, type Notice, type Page } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedBot, startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { KNOWN_NOTICE_TITLES } from './notice-titles.js';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/* Notices' titles in the reader's language (docs/i18n.md, Data the platform owns). */

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t.close());

const HEADERS = {
  en: 'en',
  es: 'es-MX',
  fr: 'fr-CA',
  'zh-Hant': 'zh-HK',
  'zh-Hans': 'zh',
  none: '',
} as const;
type Reader = keyof typeof HEADERS;
async function notices(token: string, category: string, reader: Reader) {
  const headers = HEADERS[reader] ? { 'accept-language': HEADERS[reader] } : undefined;
  const res = await t.call<Page<Notice>>('GET', `/api/v1/notice?category=${category}`, { token, headers });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

describe('system notices', () => {
  it('a review result’s title reads in each locale; its body (quoting the user’s words) as written', async () => {
    const creator = await t.login();
    await publishedBot(t, creator.token, admin.token, { name: '我的简体小助手' });
    const expected: Record<Reader, string> = {
      en: 'Your bot was approved',
      es: 'Tu bot fue aprobado',
      fr: 'Votre bot a été approuvé',
      'zh-Hant': '智慧體已通過審核',
      'zh-Hans': '智能体已通过审核',
      none: '智能体已通过审核',
    };
    for (const reader of Object.keys(HEADERS) as Reader[]) {
      const [n] = await notices(creator.token, 'review', reader);
      expect(n?.title, reader).toBe(expected[reader]);
      expect(n?.body).toContain('「我的简体小助手」');
    }
  });

  it('every title the server writes has its translations', () => {
    const root = fileURLToPath(new URL('../', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const written = new Set<string>();
    for (const file of files) {
      const src = readFileSync(join(root, file), 'utf8');
      if (!/notify\(|NoticeInput/.test(src)) continue;
      for (const line of src.split('\n').filter((l) => /\btitle: /.test(l))) {
        for (const m of line.matchAll(/'([^']*[\u4e00-\u9fff][^']*)'/g)) written.add(m[1]!);
      }
    }
    expect(written.size).toBeGreaterThan(15);
    expect([...written].filter((title) => !KNOWN_NOTICE_TITLES.includes(title))).toEqual([]);
  });
});

describe('broadcasts', () => {
  it('carry the operator’s translations of title and text; a missing one falls back', async () => {
    const reader = await t.login();
    t.clock.advance(1000);
    const sent = await t.call<Notice>('POST', '/api/v1/admin/notice/broadcast', {
      token: admin.token,
      body: {
        title: '系统维护通知',
        body: '今晚系统维护一小时。',
        translations: {
          en: { title: 'Maintenance tonight', body: 'One hour of maintenance tonight.' },
          fr: { title: 'Maintenance ce soir' },
        },
      },
    });
    expect(sent.body.code).toBe(0);
    const find = async (r: Reader) =>
      (await notices(reader.token, 'system', r)).find((n) => n.id === sent.body.data.id)!;
    expect(await find('en')).toMatchObject({
      title: 'Maintenance tonight',
      body: 'One hour of maintenance tonight.',
    });
    expect(await find('fr')).toMatchObject({ title: 'Maintenance ce soir', body: '今晚系统维护一小时。' });
    expect(await find('es')).toMatchObject({ title: '系统维护通知' });
    expect(await find('zh-Hant')).toMatchObject({ title: '系統維護通知', body: '今晚系統維護一小時。' });
    expect(await find('none')).toMatchObject({ title: '系统维护通知' });
    const history = await t.call<AdminPage<AdminBroadcast>>(
      'GET',
      '/api/v1/admin/notice/broadcast?q=系统维护通知',
      {
        token: admin.token,
        headers: { 'accept-language': 'en' },
      },
    );
    expect(history.body.data.list[0]).toMatchObject({
      title: '系统维护通知',
      translations: { en: { title: 'Maintenance tonight' } },
    });
  });

  it('refuses bad translations with 10001', async () => {
    for (const translations of [{ en: { title: 'x'.repeat(181) } }, { en: { link: '/x' } }, { xx: {} }, []]) {
      const res = await t.call('POST', '/api/v1/admin/notice/broadcast', {
        token: admin.token,
        body: { title: '标题', body: '内容', translations },
      });
      expect(res.body.code, JSON.stringify(translations)).toBe(ErrorCode.BAD_REQUEST);
    }
  });
});
