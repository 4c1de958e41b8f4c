import {
  ErrorCode,
  type BotDetail,
  type BotSummary,
  type MyBot,
  type Page,
  type ReviewQueueItem,
} from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, createBot, decide, startCreationApp } from '../../../test/bots.js';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { MINUTE, type TestApp } from '../../../test/helpers.js';
import { auditLog } from '../../db/schema/admin.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };
let fake: FakeOpenAi;
let model: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'review-chat': { price: 0 } });
  model = m.ids['review-chat']!;
  ({ t, admin } = await startCreationApp(m.env));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const edit = (token: string, id: number, body: unknown) =>
  t.call<MyBot>('PUT', `/api/v1/bot/${id}`, { token, body });
const editView = async (token: string, id: number) =>
  (await t.call<MyBot>('GET', `/api/v1/bot/${id}/edit`, { token })).body.data;
const discover = async (keyword: string) =>
  (await t.call<Page<BotSummary>>('GET', `/api/v1/bot?keyword=${encodeURIComponent(keyword)}`)).body.data
    .list;
const queue = async (q = '') =>
  (await t.call<Page<ReviewQueueItem>>('GET', `/api/v1/admin/review/bot${q}`, { token: admin.token })).body;
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `bot:${id}`));

/** The persona (system message) the upstream model received for a chat message now. */
async function personaServed(token: string, botId: number) {
  const c = await newConversation(t, token, botId);
  const before = fake.requestsFor(model).length;
  const res = await sendMessage(t, token, c.id, { content: '你是谁？' });
  expect(res.events.at(-1)?.event).toBe('done');
  const req = fake.requestsFor(model)[before]!;
  return req.body.messages.find((m) => m.role === 'system')?.content;
}

describe('publishing review', () => {
  it('private → public → in review → approved → published; an edit waits while the live version serves', async () => {
    const creator = await t.login();
    const user = await t.login();
    const v1 = botForm({
      name: '审核流程助手',
      persona: '旧角色设定：你是一位古诗词老师。',
      model_id: model,
    });
    const bot = await createBot(t, creator.token, v1);
    expect(bot.status).toBe('draft');
    expect((await queue('?limit=50')).data.list.map((b) => b.id)).not.toContain(bot.id);

    const submitted = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token: creator.token,
      body: { visibility: 'public' },
    });
    expect(submitted.body.data).toMatchObject({ status: 'pending_review', visibility: 'public' });
    const item = (await queue('?limit=50')).data.list.find((b) => b.id === bot.id)!;
    expect(item).toMatchObject({ creator_id: creator.user.id, persona: v1.persona, pending_edit: false });
    expect(await discover('审核流程助手')).toHaveLength(0);

    const approved = await decide(t, admin.token, bot.id, { decision: 'approve' });
    expect(approved.body.data).toMatchObject({ status: 'published', reject_reason: null });
    expect((await discover('审核流程助手')).map((b) => b.id)).toEqual([bot.id]);
    expect(await personaServed(user.token, bot.id)).toBe(v1.persona);

    // The edit: the creator sees it, everyone else (discover, detail, chat) still gets the live version.
    const v2 = {
      ...v1,
      name: '审核流程助手二代',
      persona: '新角色设定：你是一位现代诗人。',
      visibility: 'public',
    };
    const saved = await edit(creator.token, bot.id, v2);
    expect(saved.body.data).toMatchObject({
      name: v2.name,
      persona: v2.persona,
      status: 'published',
      pending_edit: true,
    });
    expect(await editView(creator.token, bot.id)).toMatchObject({ name: v2.name, pending_edit: true });
    expect((await discover('审核流程助手')).map((b) => b.name)).toEqual(['审核流程助手']);
    const shown = await t.call<BotDetail>('GET', `/api/v1/bot/${bot.id}`, { token: user.token });
    expect(shown.body.data.name).toBe('审核流程助手');
    expect(await personaServed(user.token, bot.id)).toBe(v1.persona);
    const waiting = (await queue('?limit=50')).data.list.find((b) => b.id === bot.id)!;
    expect(waiting).toMatchObject({
      name: v2.name,
      persona: v2.persona,
      status: 'published',
      pending_edit: true,
    });

    const applied = await decide(t, admin.token, bot.id, { decision: 'approve' });
    expect(applied.body.data).toMatchObject({ name: v2.name, status: 'published', pending_edit: false });
    expect((await discover('审核流程助手')).map((b) => b.name)).toEqual([v2.name]);
    expect(await personaServed(user.token, bot.id)).toBe(v2.persona);
    expect((await queue('?limit=50')).data.list.map((b) => b.id)).not.toContain(bot.id);
  });

  it('rejects a new bot with the reason; an edit and resubmission sends it back to review', async () => {
    const creator = await t.login();
    const bot = await createBot(t, creator.token, { visibility: 'public' });
    const rejected = await decide(t, admin.token, bot.id, { decision: 'reject', reason: '角色设定过于简单' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: '角色设定过于简单' });
    const mine = await t.call<Page<MyBot>>('GET', '/api/v1/bot/mine', { token: creator.token });
    expect(mine.body.data.list[0]).toMatchObject({
      id: bot.id,
      status: 'rejected',
      reject_reason: '角色设定过于简单',
    });

    const again = await edit(creator.token, bot.id, botForm({ visibility: 'public' }));
    expect(again.body.data).toMatchObject({ status: 'pending_review', reject_reason: null });
    expect((await decide(t, admin.token, bot.id, { decision: 'approve' })).body.data.status).toBe(
      'published',
    );
  });

  it('rejecting an edit drops it and keeps the live version published', async () => {
    const creator = await t.login();
    const v1 = botForm({ name: '驳回修改助手', visibility: 'public' });
    const bot = await createBot(t, creator.token, v1);
    await decide(t, admin.token, bot.id, { decision: 'approve' });
    await edit(creator.token, bot.id, { ...v1, name: '驳回修改助手新版' });
    const res = await decide(t, admin.token, bot.id, { decision: 'reject', reason: '新名称不合适' });
    expect(res.body.data).toMatchObject({
      name: '驳回修改助手',
      status: 'published',
      pending_edit: false,
      reject_reason: '新名称不合适',
    });
    expect((await discover('驳回修改助手')).map((b) => b.name)).toEqual(['驳回修改助手']);
  });

  it('an edit back to the live settings withdraws it; going private applies it and unpublishes', async () => {
    const creator = await t.login();
    const v1 = botForm({ name: '撤回修改助手', visibility: 'public' });
    const bot = await createBot(t, creator.token, v1);
    await decide(t, admin.token, bot.id, { decision: 'approve' });
    expect((await edit(creator.token, bot.id, { ...v1, intro: '改了' })).body.data.pending_edit).toBe(true);
    expect((await edit(creator.token, bot.id, v1)).body.data.pending_edit).toBe(false);
    expect((await queue('?limit=50')).data.list.map((b) => b.id)).not.toContain(bot.id);

    await edit(creator.token, bot.id, { ...v1, intro: '私密后的简介' });
    const priv = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token: creator.token,
      body: { visibility: 'private' },
    });
    expect(priv.body.data).toMatchObject({ status: 'draft', intro: '私密后的简介', pending_edit: false });
    expect(await discover('撤回修改助手')).toHaveLength(0);
  });

  it('requires a reason to reject, a bot in the queue, and an operator', async () => {
    const creator = await t.login();
    const bot = await createBot(t, creator.token, { visibility: 'public' });
    for (const reason of [undefined, '', '   ']) {
      const res = await decide(t, admin.token, bot.id, { decision: 'reject', reason });
      expect(res.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请填写驳回原因' });
    }
    const notAdmin = await decide(t, creator.token, bot.id, { decision: 'approve' });
    expect(notAdmin.body.code).toBe(ErrorCode.FORBIDDEN);
    const peek = await t.call('GET', '/api/v1/admin/review/bot', { token: creator.token });
    expect(peek.body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('GET', '/api/v1/admin/review/bot')).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await editView(creator.token, bot.id)).status).toBe('pending_review');

    await decide(t, admin.token, bot.id, { decision: 'approve' });
    const twice = await decide(t, admin.token, bot.id, { decision: 'approve' });
    expect(twice.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: '该智能体不在审核队列中' });
    const draft = await createBot(t, creator.token);
    expect((await decide(t, admin.token, draft.id, { decision: 'approve' })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
  });

  it('lists the queue oldest first, by cursor', async () => {
    const creator = await t.login();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(MINUTE);
      ids.push((await createBot(t, creator.token, { visibility: 'public' })).id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await queue(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.list.map((b) => b.id));
      cursor = page.data.next_cursor;
    } while (cursor);
    const mineInOrder = seen.filter((id) => ids.includes(id));
    expect(mineInOrder).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('writes an audit row for every decision: who, what, which bot, why', async () => {
    const creator = await t.login();
    const bot = await createBot(t, creator.token, { visibility: 'public', name: '审计助手' });
    await decide(t, admin.token, bot.id, { decision: 'reject', reason: '头像不清晰' });
    await t.call('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token: creator.token,
      body: { visibility: 'public' },
    });
    await decide(t, admin.token, bot.id, { decision: 'approve' });
    const rows = await auditOf(bot.id);
    expect(rows.map((r) => [r.actorId, r.action, r.detail])).toEqual([
      [admin.user.id, 'bot.reject', { edit: false, name: '审计助手', reason: '头像不清晰' }],
      [admin.user.id, 'bot.approve', { edit: false, name: '审计助手' }],
    ]);
  });
});
