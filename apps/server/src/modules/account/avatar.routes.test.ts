import type { KnowledgeBase, MyBot, UserInfo } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm } from '../../../test/bots.js';
import { image } from '../../../test/files.js';
import { startUploadsApp, upload } from '../../../test/uploads.js';

/**
 * An avatar (a user's, a bot's) or a knowledge cover is a preset or the user's own upload, however the URL is
 * written: dot segments, percent-escapes and backslashes are resolved the way a browser resolves them before
 * the check, and an address on another host is refused.
 */
let u: Awaited<ReturnType<typeof startUploadsApp>>;
let me: { token: string; user: UserInfo };
let mine: Record<'avatar' | 'bot_avatar' | 'post_image', string>;
let theirs: Record<'avatar' | 'bot_avatar' | 'post_image', string>;

beforeAll(async () => {
  u = await startUploadsApp('disk');
  me = await u.t.login();
  const other = await u.t.login();
  const png = await image(40, 40);
  const keyOf = async (token: string, purpose: 'avatar' | 'bot_avatar' | 'post_image') =>
    (await upload(u.t, token, purpose, png, 'a.png')).data.url;
  mine = {
    avatar: await keyOf(me.token, 'avatar'),
    bot_avatar: await keyOf(me.token, 'bot_avatar'),
    post_image: await keyOf(me.token, 'post_image'),
  };
  theirs = {
    avatar: await keyOf(other.token, 'avatar'),
    bot_avatar: await keyOf(other.token, 'bot_avatar'),
    post_image: await keyOf(other.token, 'post_image'),
  };
});
afterAll(() => u.close());

/** The ways one path can be written so that a browser lands on it. */
function disguises(path: string) {
  const rest = path.slice('/media/'.length); // u/<key>.png
  return [
    `/media/avatars/../${rest}`,
    `/media/avatars/male/../../${rest}`,
    `/media/avatars/%2e%2e/${rest}`,
    `/media/avatars/%2E%2E/${rest}`,
    `/media/avatars/.%2e/${rest}`,
    `/media/avatars\\..\\${rest}`,
    `/media/u/../${rest}`,
    `/media/./${rest}`,
    `/media/u/x/../../${rest}`,
    `${u.t.config.publicUrl}/media/avatars/../${rest}`,
    `${path}?v=1`,
    `${path}#x`,
  ];
}

const EXTERNAL = [
  'https://cdn.example.com/a.png',
  'http://x.cn/b.jpg',
  'https://evil.example/media/avatars/male/male-1.svg',
  'https://localhost:3000@evil.example/media/u/x.png',
];

const profile = async () => (await u.t.call<UserInfo>('GET', '/api/v1/user', { token: me.token })).body.data;
const setAvatar = (avatar: string) =>
  u.t.call<UserInfo>('PUT', '/api/v1/user', { token: me.token, body: { avatar } });

describe("a user's avatar", () => {
  it("refuses another user's upload, however the path is written", async () => {
    const before = await profile();
    for (const purpose of ['avatar', 'post_image'] as const) {
      for (const avatar of [theirs[purpose], ...disguises(theirs[purpose])]) {
        const res = await setAvatar(avatar);
        expect(res.body.code, avatar).toBe(10001);
        expect(res.body.data, avatar).toMatchObject({ field: 'avatar' });
      }
    }
    expect(await profile()).toEqual(before);
  });

  it('refuses an image on another host', async () => {
    const before = await profile();
    for (const avatar of EXTERNAL) {
      const res = await setAvatar(avatar);
      expect(res.body.code, avatar).toBe(10001);
      expect(res.body.data, avatar).toMatchObject({ field: 'avatar' });
    }
    expect(await profile()).toEqual(before);
  });

  it("refuses a generated avatar that is no preset (another user's default, a bot's)", async () => {
    const other = await u.t.login();
    for (const avatar of [other.user.avatar, '/media/avatars/bot/x.svg', '/media/avatars/male/male-99.svg']) {
      expect((await setAvatar(avatar)).body.code, avatar).toBe(10001);
    }
  });

  it('takes a preset, the own default, and the own upload, stored as the plain path', async () => {
    for (const gender of [0, 1, 2]) {
      const { list } = (await u.t.call<{ list: { url: string }[] }>('GET', `/api/v1/avatar/${gender}`)).body
        .data;
      const res = await setAvatar(list[list.length - 1]!.url);
      expect(res.body.code).toBe(0);
      expect(res.body.data.avatar).toBe(list[list.length - 1]!.url);
    }
    expect((await setAvatar(me.user.avatar)).body.data.avatar).toBe(me.user.avatar);
    expect((await setAvatar(mine.avatar)).body.data.avatar).toBe(mine.avatar);
    // Written another way, it is stored as the plain path (or refused by the form's own rule): never as written.
    for (const avatar of disguises(mine.avatar)) {
      const res = await setAvatar(avatar);
      if (res.body.code === 0) expect(res.body.data.avatar, avatar).toBe(mine.avatar);
      else expect(res.body.data, avatar).toMatchObject({ field: 'avatar' });
    }
    expect((await profile()).avatar).toBe(mine.avatar);
    // An upload for another purpose is no avatar, even the user's own.
    expect((await setAvatar(mine.post_image)).body.code).toBe(10001);
  });
});

describe("a bot's avatar and a knowledge cover", () => {
  it("refuse another user's upload, however the path is written", async () => {
    for (const avatar of [theirs.bot_avatar, ...disguises(theirs.bot_avatar), ...EXTERNAL]) {
      const res = await u.t.call<MyBot>('POST', '/api/v1/bot', {
        token: me.token,
        body: botForm({ avatar }),
      });
      expect(res.body.code, avatar).not.toBe(0);
      expect(res.body.data, avatar).toMatchObject({ field: 'avatar' });
    }
    for (const cover of [theirs.post_image, ...disguises(theirs.post_image), ...EXTERNAL]) {
      const res = await u.t.call<KnowledgeBase>('POST', '/api/v1/knowledge', {
        token: me.token,
        body: { name: '资料', cover },
      });
      expect(res.body.code, cover).not.toBe(0);
      expect(res.body.data, cover).toMatchObject({ field: 'cover' });
    }
  });

  it('store the own upload written any of those ways as the plain path, or refuse it', async () => {
    for (const avatar of disguises(mine.bot_avatar)) {
      const res = await u.t.call<MyBot>('POST', '/api/v1/bot', {
        token: me.token,
        body: botForm({ avatar }),
      });
      if (res.body.code === 0) expect(res.body.data.avatar, avatar).toBe(mine.bot_avatar);
      else expect(res.body.data, avatar).toMatchObject({ field: 'avatar' });
    }
  });
});
