import type { KnowledgeBase } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, createBot, startCreationApp } from '../../../test/bots.js';
import { randomPhone, type TestApp } from '../../../test/helpers.js';

/**
 * NUL and a lone surrogate in any text a client sends (JSON body, query, path) are refused at the edge with
 * an envelope naming the field: never a 500 from the database ("invalid byte sequence for encoding UTF8: 0x00",
 * "invalid input syntax for type json").
 */
let t: TestApp;
let user: string;
let admin: string;
let botId: number;
let baseId: number;
let conversationId: number;

beforeAll(async () => {
  const started = await startCreationApp({ OFFLINE_STREAM_DELAY_MS: '0' });
  t = started.t;
  admin = started.admin.token;
  user = (await t.login()).token;
  botId = (await createBot(t, user)).id;
  const base = await t.call<KnowledgeBase>('POST', '/api/v1/knowledge', {
    token: user,
    body: { name: '资料' },
  });
  baseId = base.body.data.id;
  const conv = await t.call<{ id: number }>('POST', '/api/v1/conversation', {
    token: user,
    body: { bot_id: botId },
  });
  conversationId = conv.body.data.id;
});
afterAll(() => t.close());

/** Where the broken text goes: replaced, in the JSON text itself, by the raw escape under test. */
const X = '«broken»';
const ESCAPES = [
  ['NUL', String.raw`a\u0000b`],
  ['a lone surrogate', String.raw`\ud800`],
] as const;

const pathOf = (p: string) =>
  p
    .replace('{bot}', String(botId))
    .replace('{base}', String(baseId))
    .replace('{conversation}', String(conversationId));

type Case = { method: string; path: string; body: unknown; field: string; as?: 'user' | 'admin' };
const bot = (o: Record<string, unknown>) => ({ ...botForm(), ...o });
const BODIES: Case[] = [
  { method: 'PUT', path: '/api/v1/user', body: { nickname: X }, field: 'nickname' },
  { method: 'PUT', path: '/api/v1/user', body: { bio: X }, field: 'bio' },
  { method: 'PUT', path: '/api/v1/user', body: { avatar: X }, field: 'avatar' },
  { method: 'POST', path: '/api/v1/opinion', body: { type: 'bug', content: X }, field: 'content' },
  {
    method: 'POST',
    path: '/api/v1/opinion',
    body: { type: 'bug', content: '一条正常的反馈', contact: X },
    field: 'contact',
  },
  ...['name', 'intro', 'category', 'persona', 'greeting', 'avatar', 'model_id'].flatMap((f): Case[] => [
    { method: 'POST', path: '/api/v1/bot', body: bot({ [f]: `人设说明文字${X}` }), field: f },
    { method: 'PUT', path: '/api/v1/bot/{bot}', body: bot({ [f]: X }), field: f },
  ]),
  { method: 'POST', path: '/api/v1/bot', body: bot({ tags: ['好', X] }), field: 'tags.1' },
  { method: 'POST', path: '/api/v1/bot', body: bot({ questions: [X] }), field: 'questions.0' },
  { method: 'PUT', path: '/api/v1/bot/{bot}', body: bot({ tags: [X] }), field: 'tags.0' },
  {
    method: 'POST',
    path: '/api/v1/bot/preview',
    body: { bot: botForm(), messages: [{ role: 'user', content: X }] },
    field: 'messages.0.content',
  },
  {
    method: 'POST',
    path: '/api/v1/bot/preview',
    body: { bot: bot({ persona: X }), messages: [{ role: 'user', content: '你好' }] },
    field: 'bot.persona',
  },
  { method: 'POST', path: '/api/v1/knowledge', body: { name: X }, field: 'name' },
  { method: 'POST', path: '/api/v1/knowledge', body: { name: '资料', description: X }, field: 'description' },
  { method: 'PUT', path: '/api/v1/knowledge/{base}', body: { name: X }, field: 'name' },
  {
    method: 'POST',
    path: '/api/v1/knowledge/{base}/document/text',
    body: { title: X, content: '正文' },
    field: 'title',
  },
  {
    method: 'POST',
    path: '/api/v1/knowledge/{base}/document/text',
    body: { title: '标题', content: `一段粘贴的文字${X}` },
    field: 'content',
  },
  { method: 'POST', path: '/api/v1/knowledge/{base}/hit-test', body: { query: X }, field: 'query' },
  {
    method: 'POST',
    path: '/api/v1/conversation/{conversation}/message',
    body: { content: X },
    field: 'content',
  },
  {
    method: 'POST',
    path: '/api/v1/conversation/{conversation}/message',
    body: { content: '你好', model_id: X },
    field: 'model_id',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/notice/broadcast',
    body: { title: X, body: '内容' },
    field: 'title',
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/notice/broadcast',
    body: { title: '标题', body: X },
    field: 'body',
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/review/bot/{bot}',
    body: { decision: 'reject', reason: X },
    field: 'reason',
    as: 'admin',
  },
  { method: 'POST', path: '/api/v1/upload/complete', body: { token: X }, field: 'token' },
  { method: 'POST', path: '/api/v1/phone/login', body: { phone: X, code: '123456' }, field: 'phone' },
  {
    method: 'POST',
    path: '/api/v1/phone/login',
    body: { phone: randomPhone(), code: '123456', invite_code: X },
    field: 'invite_code',
  },
];

describe('broken text in a JSON body', () => {
  for (const [what, escape] of ESCAPES) {
    for (const c of BODIES) {
      it(`${c.method} ${c.path} ${c.field}: ${what} is refused naming the field`, async () => {
        const raw = JSON.stringify(c.body).replace(X, escape);
        expect(raw).toContain(escape);
        const res = await t.call(c.method, pathOf(c.path), {
          token: c.as === 'admin' ? admin : user,
          body: raw,
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(res.body.code).toBe(10001);
        expect(res.body.msg).toMatch(/^.+含有无效字符$/);
        expect(res.body.data).toMatchObject({ field: c.field });
      });
    }
  }

  it('names the field in Chinese where the form has a label', async () => {
    const res = await t.call('PUT', '/api/v1/user', {
      token: user,
      body: String.raw`{"nickname":"a\u0000b"}`,
    });
    expect(res.body).toMatchObject({ code: 10001, msg: '昵称含有无效字符', data: { field: 'nickname' } });
  });

  it('refuses a broken key too (it never reaches a column, but it is no text a client writes)', async () => {
    const res = await t.call('PUT', '/api/v1/user', {
      token: user,
      body: String.raw`{"bio":"好","x\u0000":1}`,
    });
    expect(res.body.code).toBe(10001);
  });

  it("lets a file's own name through, to be tidied (it comes from the user's disk)", async () => {
    for (const name of [String.raw`a\u0000b.png`, String.raw`\ud800.png`]) {
      const body = `{"token":"not-a-grant","name":"${name}"}`;
      const res = await t.call('POST', '/api/v1/upload/complete', { token: user, body });
      expect(res.body.code).toBe(10041);
    }
  });

  it('keeps well-formed text, emoji (a surrogate pair) included', async () => {
    const res = await t.call<{ nickname: string; bio: string }>('PUT', '/api/v1/user', {
      token: user,
      body: String.raw`{"nickname":"小\ud83d\ude00","bio":"tab\tand\nnewline"}`,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ nickname: '小😀', bio: 'tab\tand\nnewline' });
  });
});

describe('broken text in a query or a path', () => {
  const CASES: [string, string, string, boolean][] = [
    // [path, field, what, logged in]
    ['/api/v1/bot?keyword=%00', 'keyword', 'anonymous search', false],
    ['/api/v1/bot?keyword=a%00b&sort=new', 'keyword', 'anonymous search', false],
    ['/api/v1/bot?category=%00', 'category', 'anonymous category', false],
    ['/api/v1/bot?cursor=%00', 'cursor', 'cursor', false],
    ['/api/v1/bot/mine?cursor=x%00', 'cursor', 'cursor', true],
    ['/api/v1/conversation?cursor=%00', 'cursor', 'cursor', true],
    ['/api/v1/notice?category=system&cursor=%00', 'cursor', 'cursor', true],
    ['/api/v1/upload/token?purpose=%00', 'purpose', 'purpose', true],
    ['/api/v1/bot?keyword[a%00]=1', 'keyword.a\ufffd', 'a nested key', false],
    ['/api/v1/content/%00', 'slug', 'path', false],
    ['/api/v1/avatar/%00', 'gender', 'path', false],
  ];
  for (const [path, field, what, auth] of CASES) {
    it(`${what}: GET ${path} is refused naming ${JSON.stringify(field)}`, async () => {
      const res = await t.call('GET', path, auth ? { token: user } : {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 10001, data: { field } });
      expect(res.body.msg).toMatch(/含有无效字符$/);
    });
  }

  it('POST /login/code/{phone} with NUL in the path is refused', async () => {
    const res = await t.call('POST', '/api/v1/login/code/138%000000000');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 10001, data: { field: 'phone' } });
  });

  it('a percent-escape that is no UTF-8 (a surrogate) is searched for as written, never a 500', async () => {
    const res = await t.call('GET', '/api/v1/bot?keyword=%ED%A0%80');
    expect(res.status).toBe(200);
    expect([0, 10001]).toContain(res.body.code);
  });
});
