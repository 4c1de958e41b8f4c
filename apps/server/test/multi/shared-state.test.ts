import type {
  AdminModel,
  BotHome,
  ModelList,
  PublicSettings,
  SystemBotList,
  UserInfo,
} from '@lingxi/contract';
import { ErrorCode } from '@lingxi/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, newConversation, openReply, sendMessage } from '../chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fake-openai.js';
import { image } from '../files.js';
import { randomIp, randomPhone, type TestApp } from '../helpers.js';
import { startS3Server } from '../s3-server.js';
import type { ServerProcess } from '../server-process.js';
import { upload } from '../uploads.js';
import { type Cluster, clusterUrls, startCluster, within } from './cluster.js';

/**
 * Two server processes on one PostgreSQL database, one Redis and one bucket (docs/scaling.md): what one
 * changes the other serves changed within a second; one reply per conversation; limits counted once;
 * sweeps run once per cycle; files stored by one are served by the other.
 */
const SWEEP_MS = 400;
const ONE_SECOND = 1_000;

let fake: FakeOpenAi;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let model: string;

/** The helpers written for the in-process app need only its `base` and `call`. */
const asApp = (s: ServerProcess) => s as unknown as TestApp;

describe.skipIf(!clusterUrls)('two processes on one PostgreSQL, Redis and bucket', () => {
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    s3 = await startS3Server();
    const m = fakeModels(fake, { 'fake-multi': { price: 0 } });
    model = m.ids['fake-multi']!;
    cluster = await startCluster({
      env: {
        ...m.env,
        ...s3.env,
        CHAT_RATE_PER_MINUTE: '1000',
        JOBS_WORKER: 'true',
        JOBS_SWEEP_EVERY_MS: String(SWEEP_MS),
        LOG_LEVEL: 'debug',
      },
    });
    [a, b] = cluster.servers as [ServerProcess, ServerProcess];
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
    await s3?.close();
    await fake?.close();
  });

  it('serves on B, within a second, a setting, a model, a bot and a balance changed through A', async () => {
    const { token: admin } = await cluster.operator(a);
    const { token, user } = await b.login();
    const setting = async () => (await b.call<PublicSettings>('GET', '/api/v1/setting')).body.data;
    const models = async () => (await b.call<ModelList>('GET', '/api/v1/model', { token })).body.data.list;
    expect((await setting()).share_title).toBe('你的AI助手');
    const listed = (await models()).length;

    // A setting.
    const put = await a.call('PUT', '/api/v1/admin/setting/share_title', {
      token: admin,
      body: { value: '两个进程' },
    });
    expect(put.body.code).toBe(0);
    await within(ONE_SECOND, async () => (await setting()).share_title === '两个进程', 'the setting');

    // A model, added then renamed.
    const created = await a.call<AdminModel>('POST', '/api/v1/admin/model', {
      token: admin,
      body: {
        id: 'multi-added',
        name: '新增模型',
        base_url: fake.url,
        api_key: 'sk-test',
        upstream_model: model,
        chip_price: 0,
      },
    });
    expect(created.body.code).toBe(0);
    await within(ONE_SECOND, async () => (await models()).length === listed + 1, 'the new model');
    await a.call('PUT', '/api/v1/admin/model/multi-added', { token: admin, body: { name: '改名模型' } });
    const named = async () => (await models()).some((m) => m.name === '改名模型');
    await within(ONE_SECOND, named, 'the renamed model');

    // A bot: the assistant's persona, as a reply on B sends it to the model.
    const home = await b.call<BotHome>('GET', '/api/v1/bot/home');
    const assistantId = home.body.data.assistant.id;
    const c = await newConversation(asApp(b), token, assistantId);
    const personaSent = async () => {
      fake.once({ deltas: ['好'] }, model);
      const r = await sendMessage(asApp(b), token, c.id, { content: '你好', model_id: model });
      expect(r.events.at(-1)?.event).toBe('done');
      return fake.requestsFor(model).at(-1)!.body.messages[0]!.content;
    };
    expect(await personaSent()).not.toContain('两个进程的助手');
    const bots = await a.call<SystemBotList>('GET', '/api/v1/admin/system-bot', { token: admin });
    const bot = bots.body.data.list.find((x) => x.id === assistantId)!;
    const edited = await a.call('PUT', `/api/v1/admin/system-bot/${assistantId}`, {
      token: admin,
      body: {
        name: bot.name,
        avatar: bot.avatar,
        intro: bot.intro,
        category: bot.category,
        tags: bot.tags,
        persona: '你是两个进程的助手。',
        greeting: bot.greeting,
        questions: bot.questions,
        model_id: bot.model_id,
        temperature: bot.temperature,
        featured: bot.featured,
      },
    });
    expect(edited.body).toMatchObject({ code: 0 });
    await within(ONE_SECOND, async () => (await personaSent()).includes('两个进程的助手'), 'the bot');

    // A balance, and a session (the user disabled through A is refused by B).
    const chips = async () => (await b.call<UserInfo>('GET', '/api/v1/user', { token })).body.data.chips;
    const before = await chips();
    const granted = await a.call('POST', `/api/v1/admin/user/${user.id}/chips`, {
      token: admin,
      body: { delta: 50, reason: '测试', idempotency_key: `multi-${Date.now()}` },
    });
    expect(granted.body.code).toBe(0);
    await within(ONE_SECOND, async () => (await chips()) === before + 50, 'the balance');
    const disabled = await a.call('POST', `/api/v1/admin/user/${user.id}/disable`, {
      token: admin,
      body: { reason: '测试' },
    });
    expect(disabled.body.code).toBe(0);
    const refused = async () =>
      (await b.call('GET', '/api/v1/user', { token })).body.code === ErrorCode.ACCOUNT_DISABLED;
    await within(ONE_SECOND, refused, 'the disabled session');
  });

  it('streams one reply per conversation across the processes', async () => {
    const { token } = await a.login();
    const c = await newConversation(asApp(a), token);
    fake.once({ deltas: ['从前', '有座山，', '山里', '有座庙。'], deltaDelayMs: 300 }, model);
    const first = await openReply(a, `/api/v1/conversation/${c.id}/message`, {
      token,
      body: { content: '讲个故事', model_id: model },
    });
    expect((await first.next())?.event).toBe('start');
    const second = await sendMessage(asApp(b), token, c.id, { content: '在吗', model_id: model });
    expect(second.envelope).toMatchObject({ code: 10001, msg: '上一条回复还在生成中，请稍候' });
    expect((await first.rest()).at(-1)?.event).toBe('done');
    // Settled on A: B takes the next one.
    fake.once({ deltas: ['在。'] }, model);
    const third = await sendMessage(asApp(b), token, c.id, { content: '在吗', model_id: model });
    expect(third.events.at(-1)?.event).toBe('done');
  });

  it('counts SMS limits and request limits once for both', async () => {
    const code = (s: ServerProcess, phone: string, ip: string) =>
      fetch(`${s.base}/api/v1/login/code/${phone}`, { method: 'POST', headers: { 'x-forwarded-for': ip } })
        .then((r) => r.json() as Promise<{ code: number; msg: string }>)
        .then((e) => e.code);
    // A phone's code: sent by A, asked again of B within the minute.
    const phone = randomPhone();
    expect(await code(a, phone, randomIp())).toBe(0);
    expect(await code(b, phone, randomIp())).toBe(ErrorCode.RATE_LIMITED);
    // An address's hourly codes (30): half through A, half through B, then one more through either.
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect(await code(i % 2 ? b : a, randomPhone(), ip)).toBe(0);
    expect(await code(a, randomPhone(), ip)).toBe(ErrorCode.RATE_LIMITED);
    expect(await code(b, randomPhone(), ip)).toBe(ErrorCode.RATE_LIMITED);
  });

  it('stores a picture through A that B serves, resized', async () => {
    const { token } = await a.login();
    const sent = await upload(asApp(a), token, 'post_image', await image(800, 400), 'p.png');
    expect(sent.code).toBe(0);
    const res = await fetch(`${b.base}${sent.data.url}@w375`, { headers: { accept: 'image/png' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([375, 188]);
    const original = await fetch(`${b.base}${sent.data.url}`);
    expect(original.status).toBe(200);
  });

  it('runs each sweep once per cycle, whichever process claims it', async () => {
    // The suite has run for several cycles by now; each run is logged (debug) with its cycle.
    const runs = (s: ServerProcess) =>
      s.logs
        .filter((l) => l.msg === 'sweep')
        .map((l) => ({ sweep: String(l.sweep), cycle: Number(l.cycle) }));
    const all = [...runs(a), ...runs(b)];
    const names = new Set(all.map((r) => r.sweep));
    expect([...names].sort()).toEqual([
      'dashboard.days',
      'earnings.creators',
      'orders.close',
      'vip.expiry-notices',
      'vip.grants',
    ]);
    for (const name of names) {
      const cycles = all.filter((r) => r.sweep === name).map((r) => r.cycle);
      expect(new Set(cycles).size, `${name} ran twice in a cycle`).toBe(cycles.length);
      expect(cycles.length).toBeGreaterThanOrEqual(3);
    }
    // Both took part: the cycles are claimed in the database, not assigned to one process.
    expect(runs(a).length).toBeGreaterThan(0);
    expect(runs(b).length).toBeGreaterThan(0);
  });
});
