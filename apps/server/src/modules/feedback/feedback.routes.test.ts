import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, randomIp, startTestApp, type TestApp } from '../../../test/helpers.js';
import { feedback } from '../../db/schema/feedback.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t.close());

const send = (body: unknown, o: { token?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  t.call<{ id: number }>('POST', '/api/v1/opinion', { body, ...o });
const rowOf = async (id: number) => (await t.db.select().from(feedback).where(eq(feedback.id, id)))[0]!;

describe('POST /api/v1/opinion', () => {
  it('stores feedback sent without a token', async () => {
    const content = `登录页的按钮太小了 ${Math.random()}`;
    const res = await send(
      { type: 'suggestion', content: `  ${content}  `, contact: ' wx: lingxi ' },
      { headers: { 'user-agent': 'test-agent/1.0' } },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.id).toBeGreaterThan(0);
    const row = await rowOf(res.body.data.id);
    expect(row).toMatchObject({
      userId: null,
      type: 'suggestion',
      content,
      contact: 'wx: lingxi',
      userAgent: 'test-agent/1.0',
      status: 'open',
    });
  });

  it("links the user's id when sent with a token", async () => {
    const { token, user } = await t.login();
    const res = await send({ type: 'bug', content: '聊天页面偶尔白屏' }, { token });
    expect(res.body.code).toBe(0);
    expect(await rowOf(res.body.data.id)).toMatchObject({ userId: user.id, type: 'bug', contact: null });
  });

  it('still takes feedback when the token is stale', async () => {
    const { token } = await t.login();
    await t.call('POST', '/api/v1/logout', { token });
    const res = await send({ type: 'other', content: '退出后也能反馈吗' }, { token });
    expect(res.body.code).toBe(0);
    expect((await rowOf(res.body.data.id)).userId).toBeNull();
  });

  it('accepts 5 and 500 characters, refuses 4 and 501 naming the field', async () => {
    expect((await send({ type: 'other', content: '一二三四五' })).body.code).toBe(0);
    expect((await send({ type: 'other', content: '字'.repeat(500) })).body.code).toBe(0);
    const short = await send({ type: 'other', content: '一二三四' });
    expect(short.body).toMatchObject({ code: 10001, msg: '反馈内容至少5个字', data: { field: 'content' } });
    const blank = await send({ type: 'other', content: '   一二三四   ' });
    expect(blank.body.code).toBe(10001);
    const long = await send({ type: 'other', content: '字'.repeat(501) });
    expect(long.body).toMatchObject({ code: 10001, msg: '反馈内容最多500个字', data: { field: 'content' } });
  });

  it('refuses a missing or unknown type, a missing content and an overlong contact', async () => {
    const cases: [unknown, string][] = [
      [{ content: '没有类型的反馈' }, 'type'],
      [{ type: 'praise', content: '未知类型的反馈' }, 'type'],
      [{ type: 1, content: '数字类型的反馈' }, 'type'],
      [{ type: 'other' }, 'content'],
      [{ type: 'other', content: '联系方式太长了', contact: 'x'.repeat(65) }, 'contact'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(10001);
      expect(res.body.data).toMatchObject({ field });
    }
    expect((await send({ content: '没有类型的反馈' })).body.msg).toBe('请选择反馈类型');
  });

  it('takes 20 a day from one network, then refuses until the day is over', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      expect((await send({ type: 'other', content: `第${i + 1}条反馈内容` }, { ip })).body.code).toBe(0);
    }
    const refused = await send({ type: 'other', content: '第21条反馈内容' }, { ip });
    expect(refused.body.code).toBe(10029);
    expect(refused.body.msg).toBe('反馈提交过于频繁，请24小时后再试');
    expect(refused.body.data).toMatchObject({ retry_after: DAY / 1000 });
    expect((await send({ type: 'other', content: '另一个网络的反馈' })).body.code).toBe(0);
    t.clock.advance(DAY);
    expect((await send({ type: 'other', content: '第二天的反馈内容' }, { ip })).body.code).toBe(0);
  });

  it('counts a logged-in user across networks', async () => {
    const { token } = await t.login();
    for (let i = 0; i < 20; i++) {
      expect((await send({ type: 'other', content: `用户的第${i + 1}条反馈` }, { token })).body.code).toBe(0);
    }
    expect((await send({ type: 'other', content: '换个网络再反馈' }, { token })).body.code).toBe(10029);
  });
});
