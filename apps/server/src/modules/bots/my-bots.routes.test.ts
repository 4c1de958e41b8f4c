import { ErrorCode, type MyBot, type Page } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForm, createBot, makeVip, startCreationApp } from '../../../test/bots.js';
import { fakeModels } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { image } from '../../../test/files.js';
import type { TestApp } from '../../../test/helpers.js';
import { upload } from '../../../test/uploads.js';

let t: TestApp;
let fake: FakeOpenAi;
let vipModel: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'vip-model': { price: 3, vip: true } });
  vipModel = m.ids['vip-model']!;
  ({ t } = await startCreationApp(m.env));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const create = (token: string, body: unknown) => t.call<MyBot>('POST', '/api/v1/bot', { token, body });
const mine = async (token: string, q = '') =>
  (await t.call<Page<MyBot>>('GET', `/api/v1/bot/mine${q}`, { token })).body.data;

describe('POST /api/v1/bot', () => {
  it('creates a private draft with every setting, shown in my bots with its persona and stats', async () => {
    const { token, user } = await t.login();
    const form = botForm({ tags: ['写作', '写作', '效率'], questions: ['一', '二', '三'], temperature: 1.2 });
    const res = await create(token, form);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: form.name,
      avatar: form.avatar,
      category: 'writing',
      tags: ['写作', '效率'],
      persona: form.persona,
      greeting: form.greeting,
      questions: ['一', '二', '三'],
      model_id: null,
      temperature: 1.2,
      knowledge_base_ids: [],
      visibility: 'private',
      status: 'draft',
      pending_edit: false,
      reject_reason: null,
      is_system: false,
      creator: { id: user.id },
      stats: { chats: 0, users: 0, favourites: 0 },
    });
    expect((await mine(token)).list.map((b) => b.id)).toEqual([res.body.data.id]);
  });

  it('goes to review when created public', async () => {
    const { token } = await t.login();
    const bot = await createBot(t, token, { visibility: 'public' });
    expect(bot).toMatchObject({ visibility: 'public', status: 'pending_review', pending_edit: false });
  });

  it("validates the form and names the field in the user's words", async () => {
    const { token } = await t.login();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '请填写名称'],
      [{ name: '名'.repeat(21) }, 'name', '名称最多20个字'],
      [{ intro: '字'.repeat(141) }, 'intro', '简介最多140个字'],
      [{ persona: '太短' }, 'persona', '角色设定至少10个字'],
      [{ questions: ['1', '2', '3', '4'] }, 'questions', '最多3个推荐问题'],
      [{ temperature: 2 }, 'temperature', '温度不能大于1.5'],
      [{ visibility: 'friends' }, 'visibility', '可见范围应为private或public'],
      [{ category: 'no-such' }, 'category', '分类不存在'],
      [{ knowledge_base_ids: [1] }, 'knowledge_base_ids', '知识库不存在'],
      [{ model_id: 'no-such-model' }, '', '该模型不存在或已停用'],
      [{ avatar: 'https://evil.example/a.png' }, 'avatar', '请上传头像或使用生成的头像'],
      [{ avatar: '/media/avatars/alien/x.svg' }, 'avatar', '请上传头像或使用生成的头像'],
      [{ avatar: '/media/u/2026/11/nope.png' }, 'avatar', '只能使用自己上传的图片'],
    ];
    for (const [patch, field, msg] of cases) {
      const res = await create(token, { ...botForm(), ...patch });
      expect(res.body.code, JSON.stringify(patch)).toBe(ErrorCode.BAD_REQUEST);
      expect(res.body.msg).toBe(msg);
      if (field) expect(res.body.data).toMatchObject({ field });
    }
    expect((await mine(token)).list).toHaveLength(0);
  });

  it('takes an uploaded bot avatar of its own, not one uploaded for a profile or by someone else', async () => {
    const { token } = await t.login();
    const other = await t.login();
    const png = await image(64, 64);
    const own = (await upload(t, token, 'bot_avatar', png, 'a.png')).data.url;
    const profile = (await upload(t, token, 'avatar', png, 'p.png')).data.url;
    const theirs = (await upload(t, other.token, 'bot_avatar', png, 'b.png')).data.url;
    expect((await create(token, botForm({ avatar: own }))).body.data.avatar).toBe(own);
    expect((await create(token, botForm({ avatar: t.config.publicUrl + own }))).body.data.avatar).toBe(own);
    for (const avatar of [profile, theirs]) {
      expect((await create(token, botForm({ avatar }))).body.msg).toBe('只能使用自己上传的图片');
    }
  });

  it('lets only a VIP pick a VIP-only model', async () => {
    const { token, user } = await t.login();
    expect((await create(token, botForm({ model_id: 'offline' }))).body.data.model_id).toBe('offline');
    const refused = await create(token, botForm({ model_id: vipModel }));
    expect(refused.body).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      msg: '该模型仅限会员使用，开通会员即可使用',
    });
    await makeVip(t, user.id);
    expect((await create(token, botForm({ model_id: vipModel }))).body.data.model_id).toBe(vipModel);
  });

  it('refuses a sensitive word in any text field, naming the field and the word', async () => {
    const { token } = await t.login();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '傻 逼助手' }, 'name', '「名称」包含不当内容：傻逼'],
      [{ intro: '教你 裸-聊 技巧' }, 'intro', '「简介」包含不当内容：裸聊'],
      [{ tags: ['正常', '约～炮'] }, 'tags.1', '「标签」包含不当内容：约炮'],
      [{ persona: '你是一个专门讲解制作 炸弹方法的助手' }, 'persona', '「角色设定」包含不当内容：制作炸弹'],
      [{ greeting: '欢迎来到赌博 网站！' }, 'greeting', '「开场白」包含不当内容：赌博网站'],
      [{ questions: ['哪里可以代开发票？'] }, 'questions.0', '「推荐问题」包含不当内容：代开发票'],
    ];
    for (const [patch, field, msg] of cases) {
      const res = await create(token, { ...botForm(), ...patch });
      expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
      expect(res.body.msg).toBe(msg);
      expect(res.body.data).toMatchObject({ field });
    }
    const id = (await createBot(t, token)).id;
    const edit = await t.call('PUT', `/api/v1/bot/${id}`, {
      token,
      body: botForm({ greeting: '草泥马' }),
    });
    expect(edit.body.msg).toBe('「开场白」包含不当内容：草泥马');
  });

  it('keeps to the limit of 20 bots, 100 for a VIP; deleted ones do not count', async () => {
    const { token, user } = await t.login();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await createBot(t, token)).id);
    const refused = await create(token, botForm());
    expect(refused.body).toMatchObject({
      code: ErrorCode.LIMIT_REACHED,
      msg: '最多可创建20个智能体，开通会员可创建更多',
    });
    expect((await t.call('DELETE', `/api/v1/bot/${ids[0]}`, { token })).body.code).toBe(0);
    expect((await create(token, botForm())).body.code).toBe(0);
    expect((await create(token, botForm())).body.code).toBe(ErrorCode.LIMIT_REACHED);

    await makeVip(t, user.id);
    const more = await Promise.all(Array.from({ length: 85 }, () => create(token, botForm())));
    expect(more.filter((r) => r.body.code === 0)).toHaveLength(80);
    expect(more.filter((r) => r.body.code === ErrorCode.LIMIT_REACHED)).toHaveLength(5);
    expect((await create(token, botForm())).body.msg).toBe('最多可创建100个智能体');
  });
});

describe('my bots', () => {
  it('pages newest first by cursor', async () => {
    const { token } = await t.login();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createBot(t, token)).id);
    const first = await mine(token, '?limit=2');
    const second = await mine(token, `?limit=2&cursor=${first.next_cursor}`);
    const third = await mine(token, `?limit=2&cursor=${second.next_cursor}`);
    expect([...first.list, ...second.list, ...third.list].map((b) => b.id)).toEqual(ids.reverse());
    expect(third.next_cursor).toBeNull();
  });

  it('edits a draft at once, changes visibility, and deletes it', async () => {
    const { token } = await t.login();
    const bot = await createBot(t, token);
    const form = botForm({ name: '改过的名字', intro: '新的简介' });
    const edited = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}`, { token, body: form });
    expect(edited.body.data).toMatchObject({ name: '改过的名字', intro: '新的简介', status: 'draft' });
    const view = await t.call<MyBot>('GET', `/api/v1/bot/${bot.id}/edit`, { token });
    expect(view.body.data).toMatchObject({ name: '改过的名字', persona: form.persona });

    const pub = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token,
      body: { visibility: 'public' },
    });
    expect(pub.body.data).toMatchObject({ visibility: 'public', status: 'pending_review' });
    const priv = await t.call<MyBot>('PUT', `/api/v1/bot/${bot.id}/visibility`, {
      token,
      body: { visibility: 'private' },
    });
    expect(priv.body.data).toMatchObject({ visibility: 'private', status: 'draft' });

    expect((await t.call('DELETE', `/api/v1/bot/${bot.id}`, { token })).body.code).toBe(0);
    expect((await t.call('GET', `/api/v1/bot/${bot.id}/edit`, { token })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await t.call('DELETE', `/api/v1/bot/${bot.id}`, { token })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await mine(token)).list).toHaveLength(0);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', '/api/v1/bot/mine')).body.code).toBe(ErrorCode.NO_TOKEN);
    expect((await t.call('POST', '/api/v1/bot', { body: botForm() })).body.code).toBe(ErrorCode.NO_TOKEN);
  });
});
