import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, type TestApp } from '../helpers.js';
import { MATRIX, type Row } from './matrix.js';
import { ADMIN_PREFIX, HOOKS, PUBLIC, SELF, allRoutes } from './routes.js';
import { SECRET, buildWorld, startAccessApp, type World } from './world.js';

/**
 * The access matrix (docs/access-matrix.md): every owner-scoped resource, read, changed, deleted and used by
 * another user and by no one logged in, over real HTTP; every route of the app accounted for.
 */
let app: Awaited<ReturnType<typeof startAccessApp>>;
let t: TestApp;
let w: World;
let before: Record<string, unknown>;

/** What the owner sees of everything they own, read through their own routes. */
const OWNER_VIEWS = (x: World) => [
  `/api/v1/user`,
  `/api/v1/wallet`,
  `/api/v1/bot/mine`,
  `/api/v1/bot/${x.privateBot.id}/edit`,
  `/api/v1/bot/${x.pendingBot.id}/edit`,
  `/api/v1/bot/favourite`,
  `/api/v1/conversation`,
  `/api/v1/conversation/${x.conversation.id}`,
  `/api/v1/conversation/${x.conversation.id}/message`,
  `/api/v1/knowledge/${x.base.id}`,
  `/api/v1/knowledge/${x.base.id}/document`,
  `/api/v1/upload/${x.docUpload.id}`,
  `/api/v1/upload/${x.postImage.id}`,
  `/api/v1/upload/${x.avatar.id}`,
  `/api/v1/snippet/${x.snippet.id}`,
  `/api/v1/post/${x.post.id}`,
  `/api/v1/post/${x.pendingPost.id}`,
  `/api/v1/post/${x.post.id}/comment`,
  `/api/v1/post/favourite`,
  `/api/v1/user/block`,
  `/api/v1/notice/unread`,
  `/api/v1/order/${x.order.order_no}`,
  `/api/v1/withdrawal`,
];

async function ownerView(x: World) {
  const out: Record<string, unknown> = {};
  for (const path of OWNER_VIEWS(x)) out[path] = (await t.call('GET', path, { token: x.owner.token })).body;
  return out;
}

/** A request as the stranger (token) or no one: the envelope's code and message, or `stream`, and the text. */
async function attempt(row: Row, token?: string) {
  const [method] = row.route.split(' ');
  const headers: Record<string, string> = { ...row.headers?.(w) };
  if (token) headers.token = token;
  const body = row.body?.(w);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(t.base + row.path(w), {
    method,
    headers: { 'x-forwarded-for': randomIp(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const stream = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const envelope =
    !stream && text.startsWith('{') ? (JSON.parse(text) as { code: number; msg: string }) : null;
  return { status: res.status, stream, code: envelope?.code, msg: envelope?.msg, text };
}

/** Fails naming the mark if the text carries one of the owner's marks. */
function expectNoMarks(text: string) {
  expect(w.marks.filter((m) => text.includes(m))).toEqual([]);
}

beforeAll(async () => {
  app = await startAccessApp();
  t = app.t;
  w = await buildWorld(app);
  before = await ownerView(w);
}, 120_000);
afterAll(() => app?.destroy());

describe('the access matrix', () => {
  it('accounts for every route: a row of the matrix, or a reasoned public, self-only, hook or operator route', () => {
    const routes = allRoutes(t);
    expect(routes.length).toBeGreaterThan(150);
    const inMatrix = new Set(MATRIX.map((r) => r.route));
    const lists = [PUBLIC, HOOKS, SELF];
    const undecided = routes.filter(
      (r) => !inMatrix.has(r) && !lists.some((l) => r in l) && !r.split(' ')[1]!.startsWith(ADMIN_PREFIX),
    );
    expect(
      undecided,
      'routes with no access decision: add a row to test/access/rows-*.ts or a reasoned line to test/access/routes.ts',
    ).toEqual([]);
    const known = new Set(routes);
    const stale = [...inMatrix, ...lists.flatMap((l) => Object.keys(l))].filter((r) => !known.has(r));
    expect(stale, 'rows or lines naming routes the app no longer serves').toEqual([]);
    const twice = Object.keys(SELF).filter((r) => r in PUBLIC || r in HOOKS);
    expect(twice).toEqual([]);
  });

  it("the owner's world is real: the owner reads their secret back", () => {
    for (const path of [`/api/v1/bot/${w.privateBot.id}/edit`, `/api/v1/snippet/${w.snippet.id}`])
      expect(JSON.stringify(before[path])).toContain(SECRET);
    // Unread notices of each kind, which a stranger's reading must leave unread.
    const unread = (before['/api/v1/notice/unread'] as { data: Record<string, number> }).data;
    expect([unread.system, unread.review, unread.interaction].every((n) => n! > 0)).toBe(true);
  });

  describe.each(MATRIX.map((row) => [`${row.route}: ${row.attempt}`, row] as const))('%s', (_name, row) => {
    it('is refused to a stranger, and to no one logged in, without the secret', async () => {
      const s = await attempt(row, w.stranger.token);
      if (row.stranger === 'accepted') expect(s.stream || s.code === 0).toBe(true);
      else if (Array.isArray(row.stranger)) expect([s.code, s.msg]).toEqual(row.stranger);
      else expect(s.status).toBe(row.stranger.status);
      expectNoMarks(s.text);
      const a = await attempt(row);
      if (typeof row.anonymous === 'object') expect(a.status).toBe(row.anonymous.status);
      else expect(a.code).toBe(row.anonymous ?? 20003);
      expectNoMarks(a.text);
    });
  });

  it('leaves every resource as its owner left it', async () => {
    expect(await ownerView(w)).toEqual(before);
  });

  it('self-only and public lists never carry the secret to a stranger or to no one logged in', async () => {
    const gets = [...Object.keys(SELF), ...Object.keys(PUBLIC)].filter(
      (r) => r.startsWith('GET ') && !r.includes('{') && r !== 'GET /api/docs',
    );
    const leaks: string[] = [];
    for (const route of gets) {
      for (const token of [w.stranger.token, undefined]) {
        const res = await fetch(t.base + route.slice(4), { headers: token ? { token } : {} });
        const text = await res.text();
        if (w.marks.some((m) => text.includes(m)))
          leaks.push(`${route} ${token ? 'as a stranger' : 'anonymously'}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('self-only routes refuse no one logged in with 20003', async () => {
    for (const route of Object.keys(SELF)) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await t.call(method, path.replace(/\{\w+\}/g, '1'), {
        body: method === 'GET' ? undefined : {},
      });
      expect({ route, code: res.body.code }).toEqual({ route, code: 20003 });
    }
  });

  it("operators' routes refuse a plain user with 10003 and no one logged in with 20003", async () => {
    const admin = allRoutes(t).filter((r) => r.split(' ')[1]!.startsWith(ADMIN_PREFIX));
    expect(admin.length).toBeGreaterThan(50);
    for (const route of admin) {
      const [method, path] = route.split(' ') as [string, string];
      const concrete = path.replace(/\{\w+\}/g, '1');
      const body = method === 'GET' ? undefined : {};
      const asUser = await t.call(method, concrete, { token: w.stranger.token, body });
      expect({ route, code: asUser.body.code }).toEqual({ route, code: 10003 });
      const anonymous = await t.call(method, concrete, { body });
      expect({ route, code: anonymous.body.code }).toEqual({ route, code: 20003 });
    }
  });

  it('the owner still owns it all: their secret reads back the same at the end', async () => {
    expect(await ownerView(w)).toEqual(before);
  });
});
