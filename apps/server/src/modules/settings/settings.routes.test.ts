import {
  avatarList,
  contentPage,
  publicSettings,
  versionInfo,
  type AvatarList,
  type ContentPage,
  type PublicSettings,
  type VersionInfo,
} from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp({ env: { PUBLIC_URL: 'https://lingxi.example/' } })).listen();
});
afterAll(() => t.close());

describe('GET /api/v1/setting', () => {
  it('answers the public settings with their defaults, no login needed', async () => {
    const res = await t.call<PublicSettings>('GET', '/api/v1/setting');
    expect(res.body.code).toBe(0);
    expect(publicSettings.parse(res.body.data)).toEqual(res.body.data);
    expect(res.body.data).toMatchObject({
      assistant_name: '灵犀',
      share_title: '你的AI助手',
      cdn_base: 'https://lingxi.example',
      deprecated_hosts: [],
      new_url: '',
    });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });
});

describe('the operator’s words in the reader’s script', () => {
  it('reads the assistant’s name and the share title in Traditional script for zh-Hant, as written for others', async () => {
    const read = async (lang: string) =>
      (await t.call<PublicSettings>('GET', '/api/v1/setting', { headers: { 'accept-language': lang } })).body
        .data;
    expect(await read('zh-TW')).toMatchObject({ assistant_name: '靈犀', share_title: '你的AI助手' });
    expect(await read('en')).toMatchObject({ assistant_name: '灵犀', share_title: '你的AI助手' });
    expect(await read('zh-CN')).toMatchObject({ assistant_name: '灵犀' });
  });
});

describe('cdn_base without PUBLIC_URL', () => {
  it('is empty, so images load from whatever address the page was opened at (a phone on the LAN, 127.0.0.1)', async () => {
    const bare = await (await startTestApp()).listen();
    try {
      const res = await bare.call<PublicSettings>('GET', '/api/v1/setting');
      expect(res.body.data.cdn_base).toBe('');
      // What the client then asks for: the app's own path, served on the address it used.
      const home = await bare.call<{ assistant: { avatar: string } }>('GET', '/api/v1/bot/home');
      const avatar = home.body.data.assistant.avatar;
      expect(avatar).toMatch(/^\/media\//);
      expect((await fetch(`${bare.base}${res.body.data.cdn_base}${avatar}`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/v1/version', () => {
  it('answers 1.0.0, version code 1008, a download URL and notes', async () => {
    const res = await t.call<VersionInfo>('GET', '/api/v1/version');
    expect(versionInfo.parse(res.body.data)).toEqual(res.body.data);
    expect(res.body.data).toMatchObject({ version: '1.0.0', version_code: 1008 });
    expect(res.body.data.download_url).toMatch(/^https?:\/\//);
    expect(res.body.data.notes.length).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/content/{slug}', () => {
  it('answers the user agreement as markdown', async () => {
    const res = await t.call<ContentPage>('GET', '/api/v1/content/agreement');
    expect(res.body.code).toBe(0);
    expect(contentPage.parse(res.body.data)).toEqual(res.body.data);
    expect(res.body.data).toMatchObject({ slug: 'agreement', title: '用户协议' });
    expect(res.body.data.body).toMatch(/^## /m);
  });

  it('has every page the app links to', async () => {
    for (const slug of ['privacy', 'chip-top-up-agreement', 'about-us', 'help-center', 'update-log']) {
      const res = await t.call<ContentPage>('GET', `/api/v1/content/${slug}`);
      expect(res.body.code, slug).toBe(0);
      expect(res.body.data.title.length).toBeGreaterThan(0);
      expect(res.body.data.body.length).toBeGreaterThan(20);
    }
  });

  it('answers an unknown slug with an error envelope', async () => {
    for (const slug of ['nope', '..%2F..%2Fetc%2Fpasswd', 'AGREEMENT']) {
      const res = await t.call('GET', `/api/v1/content/${slug}`);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(10001);
      expect(res.body.msg).toBe('页面不存在');
    }
  });
});

describe('GET /api/v1/avatar/{gender}', () => {
  it('lists 12 different preset avatars per gender, each served as SVG', async () => {
    const seen = new Set<string>();
    for (const gender of ['0', '1', '2']) {
      const res = await t.call<AvatarList>('GET', `/api/v1/avatar/${gender}`);
      expect(res.body.code).toBe(0);
      expect(avatarList.parse(res.body.data)).toEqual(res.body.data);
      expect(res.body.data.list).toHaveLength(12);
      for (const { url } of res.body.data.list) {
        seen.add(url);
        const img = await fetch(t.base + url);
        expect(img.status, url).toBe(200);
        expect(img.headers.get('content-type')).toContain('image/svg+xml');
        expect(img.headers.get('cache-control')).toContain('max-age=');
        expect((await img.text()).startsWith('<svg')).toBe(true);
      }
    }
    expect(seen.size).toBe(36);
  });

  it('accepts the gender names too', async () => {
    const byName = await t.call<AvatarList>('GET', '/api/v1/avatar/female');
    const byNumber = await t.call<AvatarList>('GET', '/api/v1/avatar/2');
    expect(byName.body.data).toEqual(byNumber.body.data);
  });

  it('refuses an unknown gender with 10001', async () => {
    for (const gender of ['3', 'x', '-1']) {
      const res = await t.call('GET', `/api/v1/avatar/${gender}`);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(10001);
      expect(res.body.data).toMatchObject({ field: 'gender' });
    }
  });

  it('serves no image for an unknown kind or a bad seed', async () => {
    for (const path of [
      '/media/avatars/robot/a.svg',
      '/media/avatars/male/a.png',
      '/media/avatars/male/%3Cx%3E.svg',
    ]) {
      const res = await fetch(t.base + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).not.toContain('svg');
    }
  });
});
