import { randomInt } from 'node:crypto';
import type {
  AdminContentPageList,
  ContentPage,
  Post,
  SensitiveWordList,
  SensitiveWordsSaved,
  SensitiveWordsTestResult,
} from '@lingxi/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditLog } from '../../db/schema/admin.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t.close());

const auditOf = (action: string, target: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(desc(auditLog.id));

const putPage = (slug: string, body: unknown, token = admin.token) =>
  t.call<ContentPage>('PUT', `/api/v1/admin/content/${slug}`, { token, body });

describe('content pages', () => {
  it('lists every page in order with its size', async () => {
    const res = await t.call<AdminContentPageList>('GET', '/api/v1/admin/content', { token: admin.token });
    expect(res.body.code).toBe(0);
    const slugs = res.body.data.list.map((p) => p.slug);
    expect(slugs).toEqual([
      'agreement',
      'privacy',
      'chip-top-up-agreement',
      'about-us',
      'help-center',
      'update-log',
    ]);
    const about = res.body.data.list.find((p) => p.slug === 'about-us')!;
    expect(about.title).toBe('关于我们');
    expect(about.length).toBeGreaterThan(50);
    expect(about.bytes).toBeGreaterThan(about.length);
  });

  it('saves a page, which the app shows at once, audited with both versions', async () => {
    const before = (
      await t.call<ContentPage>('GET', '/api/v1/admin/content/help-center', { token: admin.token })
    ).body.data;
    const body = `## 新的帮助\n\n更新于 ${Date.now()}\n\n<script>alert(1)</script>`;
    t.clock.advance(60_000);
    const res = await putPage('help-center', {
      title: '帮助与客服',
      body,
      base_updated_at: before.updated_at,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ slug: 'help-center', title: '帮助与客服', body });
    expect(res.body.data.updated_at).toBe(t.clock.now().toISOString());

    const app = await t.call<ContentPage>('GET', '/api/v1/content/help-center');
    expect(app.body.data).toMatchObject({ title: '帮助与客服', body });

    const [row] = await auditOf('content.update', 'content:help-center');
    expect(row).toMatchObject({
      actorId: admin.user.id,
      before: { title: before.title, body: before.body },
      after: { title: '帮助与客服', body },
    });
    expect(row!.ip).toBeTruthy();

    // The same text again changes nothing and writes no row.
    const again = await putPage('help-center', { title: '帮助与客服', body });
    expect(again.body.data.updated_at).toBe(res.body.data.updated_at);
    expect(await auditOf('content.update', 'content:help-center')).toHaveLength(1);
  });

  it('refuses to overwrite an edit saved since the editor opened the page', async () => {
    const opened = (
      await t.call<ContentPage>('GET', '/api/v1/admin/content/about-us', { token: admin.token })
    ).body.data;
    t.clock.advance(1000);
    expect((await putPage('about-us', { title: '关于我们', body: '甲的版本' })).body.code).toBe(0);
    const late = await putPage('about-us', {
      title: '关于我们',
      body: '乙的版本',
      base_updated_at: opened.updated_at,
    });
    expect(late.body).toMatchObject({ code: 10009, msg: '该页面已被其他运营修改，请刷新后再编辑' });
    expect((await t.call<ContentPage>('GET', '/api/v1/content/about-us')).body.data.body).toBe('甲的版本');
  });

  it('takes 100 KB of Markdown and refuses more, a bad slug, NUL bytes and lone surrogates', async () => {
    const max = 'a'.repeat(100 * 1024 - 3) + '字';
    expect((await putPage('update-log', { title: '更新日志', body: max })).body.code).toBe(0);
    const cases: [string, unknown, string][] = [
      ['update-log', { title: '更新日志', body: max + 'a' }, 'body'],
      ['update-log', { title: '更新日志', body: '   ' }, 'body'],
      ['update-log', { title: '', body: '正文' }, 'title'],
      ['update-log', { title: '标'.repeat(41), body: '正文' }, 'title'],
      ['update-log', { title: '更新日志', body: '含\u0000字符' }, 'body'],
      ['update-log', { title: '更新日志', body: '半个\ud800字符' }, 'body'],
      ['update-log', { title: '更新日志' }, 'body'],
      ['no-such-page', { title: '标题', body: '正文' }, 'slug'],
      ['..%2Fagreement', { title: '标题', body: '正文' }, 'slug'],
    ];
    for (const [slug, body, field] of cases) {
      const res = await putPage(slug, body);
      expect(res.status, slug).toBe(200);
      expect(res.body.code, JSON.stringify(body).slice(0, 80)).toBe(10001);
      expect(res.body.data).toMatchObject({ field });
    }
    const bad = await t.call('GET', '/api/v1/admin/content/nope', { token: admin.token });
    expect(bad.body).toMatchObject({ code: 10001, msg: '页面不存在' });
  });
});

const words = () => t.call<SensitiveWordList>('GET', '/api/v1/admin/sensitive-words', { token: admin.token });
const putWords = (body: unknown) =>
  t.call<SensitiveWordsSaved>('PUT', '/api/v1/admin/sensitive-words', { token: admin.token, body });
const testWords = (body: unknown) =>
  t.call<SensitiveWordsTestResult>('POST', '/api/v1/admin/sensitive-words/test', {
    token: admin.token,
    body,
  });

describe('sensitive words', () => {
  it('starts from the default list and saves a trimmed, de-duplicated one, audited with the change', async () => {
    const start = (await words()).body.data;
    expect(start.words).toContain('约炮');
    const next = [
      ...start.words.filter((w) => w !== '约炮'),
      '  新违禁词 ',
      '新违禁词',
      '新 违禁词',
      '刷单返利',
    ];
    const res = await putWords({ words: next });
    expect(res.body.code).toBe(0);
    expect(res.body.data.added).toEqual(['新违禁词', '刷单返利']);
    expect(res.body.data.removed).toEqual(['约炮']);
    expect(res.body.data.words).toEqual([...start.words.filter((w) => w !== '约炮'), '新违禁词', '刷单返利']);
    expect((await words()).body.data).toMatchObject({ words: res.body.data.words });

    const [row] = await auditOf('sensitive_words.update', 'setting:sensitive_words');
    expect(row).toMatchObject({
      actorId: admin.user.id,
      detail: { added: ['新违禁词', '刷单返利'], removed: ['约炮'], count: res.body.data.words.length },
    });
    // Saving the same list writes nothing.
    const same = await putWords({ words: res.body.data.words });
    expect(same.body.data).toMatchObject({ added: [], removed: [] });
    expect(await auditOf('sensitive_words.update', 'setting:sensitive_words')).toHaveLength(1);
  });

  it('screens a new post with a newly added word at once: it waits for review', async () => {
    const user = await t.login();
    const word = `新词${randomInt(1e6)}`;
    const clean = await t.call<Post>('POST', '/api/v1/post', {
      token: user.token,
      body: { content: `这段话里有${word}但还没被列入` },
    });
    expect(clean.body.data.status).toBe('published');
    const list = (await words()).body.data.words;
    expect((await putWords({ words: [...list, word] })).body.code).toBe(0);
    const held = await t.call<Post>('POST', '/api/v1/post', {
      token: user.token,
      body: { content: `现在这段话里有 ${word.split('').join(' ')} 了` },
    });
    expect(held.body.data.status).toBe('pending_review');
  });

  it('tests a text against the saved list or a candidate one, saying where each hit is', async () => {
    const text = '他说：傻 逼！然后去死吧。';
    const saved = await testWords({ text });
    expect(saved.body.data.hits).toEqual([
      { word: '傻逼', start: 3, end: 6, text: '傻 逼' },
      { word: '去死吧', start: 9, end: 12, text: '去死吧' },
    ]);
    const candidate = await testWords({ text, words: ['然后', 'ＸＸ'] });
    expect(candidate.body.data.hits).toEqual([{ word: '然后', start: 7, end: 9, text: '然后' }]);
    expect((await testWords({ text: '干干净净', words: [] })).body.data.hits).toEqual([]);
  });

  it('refuses bad lists and texts with 10001, never a 500', async () => {
    const cases: [unknown, string | undefined][] = [
      [{ words: ['正常', '字'.repeat(31)] }, 'words.1'],
      [{ words: ['正常', '   '] }, 'words.1'],
      [{ words: ['***'] }, 'words.0'],
      [{ words: ['含\u0000字符'] }, 'words.0'],
      [{ words: ['\udc00'] }, 'words.0'],
      [{ words: Array.from({ length: 5001 }, (_, i) => `词${i}`) }, 'words'],
      [{ words: 'not a list' }, 'words'],
      [{ words: [1, 2] }, 'words.0'],
      [{}, 'words'],
    ];
    for (const [body, field] of cases) {
      const res = await putWords(body);
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(body).slice(0, 60)).toBe(10001);
      expect(res.body.data).toMatchObject({ field });
    }
    expect((await putWords({ words: Array.from({ length: 5000 }, (_, i) => `词${i}`) })).body.code).toBe(0);
    for (const body of [
      { text: '' },
      { text: 'x'.repeat(10_001) },
      { text: '坏\u0000' },
      { text: 'ok', words: [''] },
    ]) {
      expect((await testWords(body)).body.code).toBe(10001);
    }
  });

  it('keeps one save of concurrent identical ones: one audit row', async () => {
    const list = [`并发词${Date.now()}`, '另一个词'];
    const results = await Promise.all(Array.from({ length: 20 }, () => putWords({ words: list })));
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    const changed = results.filter((r) => r.body.data.added.length > 0);
    expect(changed).toHaveLength(1);
    const rows = await auditOf('sensitive_words.update', 'setting:sensitive_words');
    expect(rows[0]!.detail).toMatchObject({ added: list });
    expect(rows.filter((r) => JSON.stringify(r.detail).includes(list[0]!))).toHaveLength(1);
  });
});
