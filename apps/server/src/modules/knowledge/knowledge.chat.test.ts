import { type ChatMessage, type Citation, ErrorCode, type MyBot, type Page } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../db/schema/bots.js';
import { botForm, createBot, decide } from '../../../test/bots.js';
import { fakeModels, newConversation, openReply, sendMessage } from '../../../test/chat.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fake-openai.js';
import { randomPhone } from '../../../test/helpers.js';
import {
  addText,
  createBase,
  type KnowledgeApp,
  startKnowledgeApp,
  waitForDocument,
} from '../../../test/knowledge.js';

const LEAVE = '入职满一年的员工每年享有十五天带薪年假，需提前一周在系统中申请。';
const LUNCH = '公司食堂每天中午十二点提供免费午餐，周末不开放。';

describe('bots with knowledge', () => {
  let k: KnowledgeApp;
  let fake: FakeOpenAi;
  let model: string;
  let adminToken: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const m = fakeModels(fake, { 'kb-chat': { price: 1 } });
    model = m.ids['kb-chat']!;
    const adminPhone = randomPhone();
    k = await startKnowledgeApp({
      env: {
        ...m.env,
        ADMIN_PHONES: adminPhone,
        EMBEDDING_MODEL: 'fake-embedding',
        CHAT_RATE_PER_MINUTE: '100',
      },
    });
    adminToken = (await k.t.login(adminPhone)).token;
  });
  afterAll(async () => {
    await k.destroy();
    await fake.close();
  });

  /** A user with a base of two ready documents. */
  async function owner() {
    const { t } = k;
    const who = await t.login();
    const base = await createBase(t, who.token, { name: '人事制度' });
    for (const [title, content] of [
      ['员工手册', LEAVE],
      ['食堂', LUNCH],
    ] as const) {
      const doc = (await addText(t, who.token, base.id, title, content)).body.data;
      expect((await waitForDocument(t, who.token, base.id, doc.id)).status).toBe('ready');
    }
    return { ...who, base };
  }

  it('the bot editor takes the creator’s own bases only, and a deleted base leaves its bots', async () => {
    const { t } = k;
    const me = await owner();
    const other = await owner();
    const refused = await t.call('POST', '/api/v1/bot', {
      token: me.token,
      body: botForm({ knowledge_base_ids: [me.base.id, other.base.id] }),
    });
    expect(refused.body).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '知识库不存在',
      data: { field: 'knowledge_base_ids' },
    });
    const bot = await createBot(t, me.token, { knowledge_base_ids: [me.base.id, me.base.id] });
    expect(bot.knowledge_base_ids).toEqual([me.base.id]);

    // Published, then edited (the edit waits for review): the base is taken off both when it is deleted.
    const second = await createBase(t, me.token, { name: '第二个' });
    const pub = await createBot(t, me.token, { knowledge_base_ids: [me.base.id], visibility: 'public' });
    await decide(t, adminToken, pub.id, { decision: 'approve' });
    const edited = await t.call<MyBot>('PUT', `/api/v1/bot/${pub.id}`, {
      token: me.token,
      body: botForm({ knowledge_base_ids: [second.id, me.base.id], visibility: 'public' }),
    });
    expect(edited.body.data).toMatchObject({
      pending_edit: true,
      knowledge_base_ids: [second.id, me.base.id],
    });
    expect((await t.call('DELETE', `/api/v1/knowledge/${me.base.id}`, { token: me.token })).body.code).toBe(
      0,
    );
    const [row] = await t.db.select().from(bots).where(eq(bots.id, pub.id));
    expect(row!.knowledgeBaseIds).toEqual([]);
    expect(row!.pending!.knowledgeBaseIds).toEqual([second.id]);
    const view = await t.call<MyBot>('GET', `/api/v1/bot/${bot.id}/edit`, { token: me.token });
    expect(view.body.data.knowledge_base_ids).toEqual([]);
    // Someone else's bots keep their own bases.
    const theirs = await createBot(t, other.token, { knowledge_base_ids: [other.base.id] });
    const [kept] = await t.db.select().from(bots).where(eq(bots.id, theirs.id));
    expect(kept!.knowledgeBaseIds).toEqual([other.base.id]);
  });

  it('answers from the best passage with the offline model, citing it in the done event and the message', async () => {
    const { t } = k;
    const me = await owner();
    const bot = await createBot(t, me.token, { knowledge_base_ids: [me.base.id] });
    const c = await newConversation(t, me.token, bot.id);
    const reply = await sendMessage(t, me.token, c.id, { content: '年假有多少天？' });
    const done = reply.events.find((e) => e.event === 'done')!;
    expect(done, JSON.stringify(reply.events.at(-1))).toBeDefined();
    const message = done.data.message!;
    const citations: Citation[] = message.citations;
    expect(citations[0]).toMatchObject({ index: 1, document: '员工手册', heading: '', passage: LEAVE });
    expect(citations[0]!.score).toBeGreaterThan(0);
    expect(citations.map((x) => x.index)).toEqual(citations.map((_, i) => i + 1));
    // The offline model quotes the best passage, marked with its number.
    expect(message.content).toContain(`《员工手册》：“${LEAVE}”[1]`);
    const stored = await t.call<Page<ChatMessage>>('GET', `/api/v1/conversation/${c.id}/message`, {
      token: me.token,
    });
    expect(stored.body.data.list[0]!.citations).toEqual(citations);
  });

  it('gives a real model the numbered passages in its prompt', async () => {
    const { t } = k;
    const me = await owner();
    const bot = await createBot(t, me.token, { knowledge_base_ids: [me.base.id], model_id: model });
    const c = await newConversation(t, me.token, bot.id);
    fake.once({ deltas: ['午餐免费', '[1]。'] }, model);
    const reply = await sendMessage(t, me.token, c.id, { content: '食堂午餐要钱吗？' });
    const done = reply.events.find((e) => e.event === 'done')!;
    expect(done.data.message!.citations[0]).toMatchObject({ index: 1, document: '食堂', passage: LUNCH });
    const sent = fake.requestsFor(model).at(-1)!.body.messages;
    expect(sent[0]!.role).toBe('system');
    expect(sent[0]!.content).toContain(`[1] 《食堂》\n${LUNCH}`);
    expect(sent[0]!.content).toContain('标注资料编号');
    expect(sent.at(-1)).toEqual({ role: 'user', content: '食堂午餐要钱吗？' });

    // The editor's preview of unsaved settings answers from the creator's bases too.
    const preview = await openReply(t, '/api/v1/bot/preview', {
      token: me.token,
      body: {
        bot: botForm({ knowledge_base_ids: [me.base.id], model_id: model }),
        messages: [{ role: 'user', content: '年假怎么申请？' }],
      },
    });
    const previewDone = (await preview.rest()).find((e) => e.event === 'done')!;
    const previewed = fake.requestsFor(model).at(-1)!.body.messages;
    expect(previewed[0]!.content).toContain(`[1] 《员工手册》\n${LEAVE}`);
    expect(previewDone.data.citations![0]).toMatchObject({ index: 1, document: '员工手册', passage: LEAVE });
  });

  it('previews unsaved settings with the offline model, citing the passages in its start and done events', async () => {
    const { t } = k;
    const me = await owner();
    const preview = await openReply(t, '/api/v1/bot/preview', {
      token: me.token,
      body: {
        bot: botForm({ knowledge_base_ids: [me.base.id] }),
        messages: [{ role: 'user', content: '年假有多少天？' }],
      },
    });
    const events = await preview.rest();
    const done = events.at(-1)!;
    expect(done.event, JSON.stringify(done)).toBe('done');
    const citations: Citation[] = done.data.citations!;
    expect(citations[0]).toMatchObject({ index: 1, document: '员工手册', heading: '', passage: LEAVE });
    expect(citations[0]!.score).toBeGreaterThan(0);
    expect(citations.map((x) => x.index)).toEqual(citations.map((_, i) => i + 1));
    // Known before the reply streams, so a preview stopped halfway still has them.
    expect(events[0]).toMatchObject({ event: 'start', data: { citations } });
    // The same passages as a saved bot's reply would cite, and the reply quotes the first by its number.
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(text).toContain(`《员工手册》：“${LEAVE}”[1]`);

    // Bases the creator does not have are left out: nothing to cite.
    const other = await owner();
    const foreign = await openReply(t, '/api/v1/bot/preview', {
      token: me.token,
      body: {
        bot: botForm({ knowledge_base_ids: [other.base.id] }),
        messages: [{ role: 'user', content: '年假有多少天？' }],
      },
    });
    expect((await foreign.rest()).at(-1)).toMatchObject({ event: 'done', data: { citations: [] } });
  });

  it('serves a published bot’s knowledge to its users without opening the documents to them', async () => {
    const { t } = k;
    const me = await owner();
    const bot = await createBot(t, me.token, { knowledge_base_ids: [me.base.id], visibility: 'public' });
    await decide(t, adminToken, bot.id, { decision: 'approve' });
    const user = await t.login();
    const c = await newConversation(t, user.token, bot.id);
    const reply = await sendMessage(t, user.token, c.id, { content: '年假需要提前多久申请？' });
    const done = reply.events.find((e) => e.event === 'done')!;
    expect(done.data.message!.citations[0]).toMatchObject({ document: '员工手册', passage: LEAVE });
    for (const path of [`/api/v1/knowledge/${me.base.id}`, `/api/v1/knowledge/${me.base.id}/document`]) {
      expect((await t.call('GET', path, { token: user.token })).body.code).toBe(ErrorCode.NOT_FOUND);
    }
    const hit = await t.call('POST', `/api/v1/knowledge/${me.base.id}/hit-test`, {
      token: user.token,
      body: { query: '年假' },
    });
    expect(hit.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('costs a bot without knowledge no retrieval, and cites nothing', async () => {
    const { t } = k;
    const { token } = await t.login();
    const bot = await createBot(t, token);
    const c = await newConversation(t, token, bot.id);
    const before = fake.embeddingRequests.length;
    const reply = await sendMessage(t, token, c.id, { content: '年假有多少天？' });
    const done = reply.events.find((e) => e.event === 'done')!;
    expect(done.data.message!.citations).toEqual([]);
    expect(fake.embeddingRequests.length).toBe(before);
  });
});
