import { randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechatApi, type FakeWechatApi } from '../../../test/fake-wechat-api.js';
import { randomIp, startTestApp, type TestApp } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';
import { ManualClock } from '../../platform/clock.js';
import { MemoryRateLimiter } from '../../platform/rate-limit.js';
import { connectRedis, type Redis } from '../../platform/redis.js';
import { JssdkService } from './jssdk.service.js';

/**
 * The token and ticket across server processes (two apps on one Redis), and the access-token endpoint's choice
 * (docs/platforms.md, WeChat JS-SDK).
 */
const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
const dirs: string[] = [];
const nonce = () => randomBytes(16).toString('hex');
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A JssdkService on its own (no HTTP), as one server process would build it. */
function service(fake: FakeWechatApi, env: Record<string, string>, redis?: Redis) {
  const dataDir = mkdtempSync(join(tmpdir(), 'jssdk-shared-'));
  dirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WECHAT_OA_APP_ID: fake.appId,
    WECHAT_OA_APP_SECRET: fake.appSecret,
    WECHAT_API_BASE: fake.base,
    ...env,
  });
  return new JssdkService({ config, clock, limiter: new MemoryRateLimiter(clock), redis });
}

async function configOf(s: JssdkService, uri = 'https://app.lingxi.example/') {
  const { privateKeyPem } = await s.keys.get();
  const n = nonce();
  return s.config(
    randomIp(),
    { uri, nonce: n },
    sign('sha256', Buffer.from(uri + n), privateKeyPem!).toString('base64'),
  );
}

describe('the access-token endpoint', () => {
  let fake: FakeWechatApi;
  beforeAll(async () => {
    fake = await startFakeWechatApi({ now: () => clock.now().getTime() });
  });
  afterAll(() => fake.close());

  it('WECHAT_TOKEN_ENDPOINT=token uses GET /cgi-bin/token', async () => {
    fake.reset();
    const c = await configOf(service(fake, { WECHAT_TOKEN_ENDPOINT: 'token' }));
    expect(c.app_id).toBe(fake.appId);
    expect(fake.counts).toEqual({ token: 1, stable_token: 0, getticket: 1 });
  });

  it('a gateway without /cgi-bin/stable_token (404) falls back to /cgi-bin/token', async () => {
    fake.reset();
    fake.withoutStableToken();
    await configOf(service(fake, {}));
    expect(fake.counts).toEqual({ token: 1, stable_token: 0, getticket: 1 });
    fake.withoutStableToken(false);
  });

  it('a wrong app secret is WeChat’s error, as an envelope-ready AppError', async () => {
    const err = await configOf(service(fake, { WECHAT_OA_APP_SECRET: 'wrong' })).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: ErrorCode.UPSTREAM_FAILED,
      message: '微信接口错误：invalid appsecret（40125）',
    });
  });

  it('WeChat down (nothing listening) is an envelope-ready AppError', async () => {
    const err = await configOf(service(fake, { WECHAT_API_BASE: 'http://127.0.0.1:9' })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({
      code: ErrorCode.UPSTREAM_FAILED,
      message: '微信服务暂时无法连接，请稍后再试',
    });
  });
});

describe.skipIf(!process.env.REDIS_URL)('several server processes on one Redis', () => {
  let fake: FakeWechatApi;
  const redises: Redis[] = [];
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeWechatApi({ now: () => clock.now().getTime() });
    for (let i = 0; i < 4; i++) redises.push(await connectRedis(process.env.REDIS_URL!));
    const dataDir = mkdtempSync(join(tmpdir(), 'jssdk-shared-'));
    dirs.push(dataDir);
    t = await startTestApp({
      clock,
      env: {
        DATA_DIR: dataDir,
        REDIS_URL: process.env.REDIS_URL!,
        WECHAT_OA_APP_ID: fake.appId,
        WECHAT_OA_APP_SECRET: fake.appSecret,
        WECHAT_API_BASE: fake.base,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(redises.map((r) => r.quit()));
    await t.close();
    await fake.close();
  });

  it('fetch the token and the ticket once between them, under concurrent requests', async () => {
    const processes = redises.map((r) => service(fake, {}, r));
    fake.delay(100);
    const all = await Promise.all(processes.flatMap((p) => Array.from({ length: 10 }, () => configOf(p))));
    expect(fake.counts).toEqual({ token: 0, stable_token: 1, getticket: 1 });
    expect(new Set(all.map((c) => c.app_id))).toEqual(new Set([fake.appId]));
    // Past both lifetimes, the processes' next refresh is one fetch again.
    clock.advance(3 * 3600_000);
    fake.reset();
    await Promise.all(processes.map((p) => configOf(p)));
    expect(fake.counts).toEqual({ token: 0, stable_token: 1, getticket: 1 });
    fake.delay(0);
  });

  it('a nonce used on one process is refused on another', async () => {
    const [a, b] = redises.map((r) => service(fake, {}, r));
    const uri = 'https://app.lingxi.example/';
    const { privateKeyPem: ka } = await a!.keys.get();
    const { privateKeyPem: kb } = await b!.keys.get();
    const n = nonce();
    await a!.config(
      '10.1.1.1',
      { uri, nonce: n },
      sign('sha256', Buffer.from(uri + n), ka!).toString('base64'),
    );
    const err = await b!
      .config('10.1.1.1', { uri, nonce: n }, sign('sha256', Buffer.from(uri + n), kb!).toString('base64'))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: ErrorCode.CONFLICT });
  });

  it('the app keeps its nonces in Redis when REDIS_URL is set: another process refuses them', async () => {
    await t.listen();
    const key = await t.call<{ private_key: string }>('GET', '/api/v1/sys/settings/wechat/jssdk/key');
    const uri = 'https://app.lingxi.example/';
    const n = nonce();
    const s = sign('sha256', Buffer.from(uri + n), key.body.data.private_key).toString('base64');
    const res = await t.call(
      'GET',
      `/api/v1/sys/settings/wechat/jssdk/config?${new URLSearchParams({ uri, nonce: n })}`,
      {
        headers: { sign: s },
      },
    );
    expect(res.body.code).toBe(0);
    const other = service(fake, {}, redises[0]);
    const { privateKeyPem } = await other.keys.get();
    const err = await other
      .config(
        '10.1.1.2',
        { uri, nonce: n },
        sign('sha256', Buffer.from(uri + n), privateKeyPem!).toString('base64'),
      )
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: ErrorCode.CONFLICT });
  });
});
