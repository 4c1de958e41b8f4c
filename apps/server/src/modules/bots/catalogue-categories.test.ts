import {
  ErrorCode,
  type AdminCategory,
  type AdminCategoryList,
  type Category,
  type MyBot,
} from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, createBot } from '../../../test/bots.js';
import { atOnce, codesOf, startDeskApp, type Operator } from '../../../test/catalogue.js';
import type { TestApp } from '../../../test/helpers.js';
import { auditOf } from '../../../test/moderation.js';

let t: TestApp;
let admin: Operator;

beforeAll(async () => {
  ({ t, admin } = await startDeskApp());
});
afterAll(() => t?.close());

let seq = 0;
const slug = () => `cat-${Date.now().toString(36)}-${++seq}`;

const adminList = async () =>
  (await t.call<AdminCategoryList>('GET', '/api/v1/admin/category', { token: admin.token })).body.data.list;
const publicList = async () =>
  (await t.call<{ list: Category[] }>('GET', '/api/v1/bot/category')).body.data.list;
const create = (body: unknown, token = admin.token) =>
  t.call<AdminCategory>('POST', '/api/v1/admin/category', { token, body });
const update = (id: string, body: unknown) =>
  t.call<AdminCategory>('PUT', `/api/v1/admin/category/${encodeURIComponent(id)}`, {
    token: admin.token,
    body,
  });
const reorder = (ids: unknown) =>
  t.call<AdminCategoryList>('PUT', '/api/v1/admin/category/order', { token: admin.token, body: { ids } });
const remove = (id: string) =>
  t.call('DELETE', `/api/v1/admin/category/${encodeURIComponent(id)}`, { token: admin.token });

async function newCategory(o: Partial<{ name: string; icon: string; sort: number }> = {}) {
  const id = slug();
  const res = await create({ id, name: `分类${seq}`, icon: '📚', sort: 900, ...o });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

describe('categories', () => {
  it('lists every category in order with the bots in it; the public list shows the same, with icons', async () => {
    const list = await adminList();
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining(['writing', 'study', 'coding']));
    expect(list.find((c) => c.id === 'writing')!.bot_count).toBeGreaterThanOrEqual(4);
    const sorts = list.map((c) => c.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect((await publicList()).map((c) => c.id)).toEqual(list.map((c) => c.id));
    expect((await publicList())[0]).toEqual({ id: list[0]!.id, name: list[0]!.name, icon: list[0]!.icon });
  });

  it('creates one: at once in the public list and in the creators’ form, audited', async () => {
    const c = await newCategory({ name: '旅行', icon: '✈️', sort: 0 });
    expect(c).toMatchObject({ name: '旅行', icon: '✈️', sort: 0, bot_count: 0 });
    expect(await publicList()).toContainEqual({ id: c.id, name: '旅行', icon: '✈️' });
    const creator = await t.login();
    const bot = await createBot(t, creator.token, { category: c.id });
    expect(bot.category).toBe(c.id);
    expect((await adminList()).find((x) => x.id === c.id)!.bot_count).toBe(1);
    const [row] = await auditOf(t, `category:${c.id}`);
    expect(row).toMatchObject({ actorId: admin.user.id, action: 'category.create' });
    expect(row!.after).toMatchObject({ id: c.id, name: '旅行', icon: '✈️', sort: 0 });
  });

  it('refuses a taken id or name, and bad input, with 10001/10009 and never a 500', async () => {
    const c = await newCategory();
    expect((await create({ id: c.id, name: '另一个名字' })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await create({ id: slug(), name: c.name })).body.code).toBe(ErrorCode.BAD_REQUEST);
    for (const body of [
      { id: 'Writing', name: '大写' },
      { id: 'a', name: '太短' },
      { id: 'x'.repeat(40), name: '太长' },
      { id: 'ok-id\u0000', name: '空字符' },
      { id: slug(), name: '孤立代理\ud800' },
      { id: slug(), name: '' },
      { id: slug(), name: '名字'.repeat(10) },
      { id: slug(), name: '排序', sort: 1e20 },
      { id: slug(), name: '排序', sort: -1 },
      { id: slug(), name: '图标', icon: 'javascript:alert(1)' },
      { id: slug(), name: '图标', icon: 'not an emoji' },
      { name: '缺ID' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await update('NOPE', { name: 'x' })).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await update('no-such-cat', { name: '不存在' })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('creates an id once under 50 identical requests at once', async () => {
    const id = slug();
    const bodies = await atOnce(50, () => create({ id, name: `并发${id.slice(-6)}` }));
    expect(codesOf(bodies)).toEqual({ 0: 1, [ErrorCode.CONFLICT]: 49 });
    expect((await adminList()).filter((c) => c.id === id)).toHaveLength(1);
    expect(await auditOf(t, `category:${id}`)).toHaveLength(1);
  });

  it('updates name, icon and sort; the public list follows at once; the audit row keeps what changed', async () => {
    const c = await newCategory({ name: '改前', icon: '' });
    const res = await update(c.id, { name: '改后', icon: '🎨', sort: c.sort });
    expect(res.body).toMatchObject({ code: 0, data: { id: c.id, name: '改后', icon: '🎨' } });
    expect(await publicList()).toContainEqual({ id: c.id, name: '改后', icon: '🎨' });
    const rows = await auditOf(t, `category:${c.id}`);
    expect(rows.at(-1)).toMatchObject({
      action: 'category.update',
      before: { name: '改前', icon: '' },
      after: { name: '改后', icon: '🎨' },
    });
  });

  it('keeps operators’ edits of seeded categories when the app starts again', async () => {
    expect((await update('fun', { name: '娱乐休闲', icon: '🎮', sort: 55 })).body.code).toBe(0);
    await t.modules.bots.bootstrap('灵犀');
    expect((await adminList()).find((c) => c.id === 'fun')).toMatchObject({ name: '娱乐休闲', sort: 55 });
  });

  it('reorders: every id once, in the new order, for the public list too; audited', async () => {
    const ids = (await adminList()).map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await reorder(reversed);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list.map((c) => c.id)).toEqual(reversed);
    expect((await publicList()).map((c) => c.id)).toEqual(reversed);
    const [row] = (await auditOf(t, 'category:*')).slice(-1);
    expect(row).toMatchObject({ action: 'category.reorder', before: ids, after: reversed });
  });

  it('refuses an order with missing, repeated or unknown ids, and changes nothing', async () => {
    const ids = (await adminList()).map((c) => c.id);
    const refused = [
      ids.slice(1),
      [...ids, ids[0]],
      [...ids.slice(1), 'no-such-cat'],
      [...ids, 'no-such-cat'],
      [],
      'writing',
      [...ids.slice(1), 'Bad Id'],
    ];
    for (const body of refused) {
      const res = await reorder(body);
      expect(res.body.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await adminList()).map((c) => c.id)).toEqual(ids);
  });

  it('deletes an empty one, and refuses one with bots in it (saying how many) or moving into it', async () => {
    const used = await adminList().then((l) => l.find((c) => c.id === 'writing')!);
    const res = await remove('writing');
    expect(res.body.code).toBe(ErrorCode.CONFLICT);
    expect(res.body.msg).toContain(`${used.bot_count}个智能体`);

    // A published bot whose waiting edit moves it to a new category keeps that category in use.
    const target = await newCategory();
    const creator = await t.login();
    const bot = await createBot(t, creator.token, { visibility: 'public' });
    await t.call('POST', `/api/v1/admin/review/bot/${bot.id}`, {
      token: admin.token,
      body: { decision: 'approve' },
    });
    const edit = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}`, {
      token: creator.token,
      body: botForm({ ...bot, category: target.id, visibility: 'public', persona: bot.persona }),
    });
    expect(edit.body.data.pending_edit).toBe(true);
    expect((await remove(target.id)).body).toMatchObject({ code: ErrorCode.CONFLICT });
    expect((await adminList()).find((c) => c.id === target.id)!.bot_count).toBe(1);

    // A deleted bot still names its category: refused too (its row keeps the reference).
    const gone = await newCategory();
    const old = await createBot(t, creator.token, { category: gone.id });
    await t.call('DELETE', `/api/v1/bot/${old.id}`, { token: creator.token });
    expect((await adminList()).find((c) => c.id === gone.id)!.bot_count).toBe(0);
    expect((await remove(gone.id)).body.code).toBe(ErrorCode.CONFLICT);

    const empty = await newCategory();
    expect((await remove(empty.id)).body.code).toBe(0);
    expect((await publicList()).map((c) => c.id)).not.toContain(empty.id);
    expect((await auditOf(t, `category:${empty.id}`)).at(-1)).toMatchObject({
      action: 'category.delete',
      before: { id: empty.id, name: empty.name },
    });
    expect((await remove(empty.id)).body.code).toBe(ErrorCode.NOT_FOUND);
    // A creator can no longer choose it.
    const refused = await t.call('POST', '/api/v1/bot', {
      token: creator.token,
      body: botForm({ category: empty.id }),
    });
    expect(refused.body.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('is the operators’ only: a normal user is refused every change', async () => {
    const user = await t.login();
    expect((await create({ id: slug(), name: '越权' }, user.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('DELETE', '/api/v1/admin/category/fun', { token: user.token })).body.code).toBe(
      ErrorCode.FORBIDDEN,
    );
  });
});
