import { constants, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, type JssdkConfig, type JssdkSignKey } from '@lingxi/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWechatApi, type FakeWechatApi } from '../../../test/fake-wechat-api.js';
import { randomIp, startTestApp, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../../platform/clock.js';
import { MemoryRateLimiter } from '../../platform/rate-limit.js';
import { jssdkRoutes } from './jssdk.routes.js';
import { CONFIG_PER_MINUTE, JssdkService } from './jssdk.service.js';

/** GET /sys/settings/wechat/jssdk/config and …/key against a fake WeChat API (docs/platforms.md, WeChat JS-SDK). */
const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
const CONFIG = '/api/v1/sys/settings/wechat/jssdk/config';
let fake: FakeWechatApi;
let t: TestApp;
let dataDir: string;
let privateKey: string;

const nonce = () => randomBytes(16).toString('hex');
const signed = (uri: string, n: string, key = privateKey) =>
  sign('sha256', Buffer.from(uri + n, 'utf8'), key).toString('base64');
const redisEnv = (): Record<string, string> =>
  process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};

/** A config request: signed with the app's key unless `sign` says otherwise (null: no header). */
function ask(uri: string, o: { nonce?: string; sign?: string | null; ip?: string; prefix?: string } = {}) {
  const n = o.nonce ?? nonce();
  const s = o.sign === undefined ? signed(uri, n) : o.sign;
  const q = new URLSearchParams({ uri, nonce: n });
  return t.call<JssdkConfig>('GET', `${o.prefix ?? ''}${CONFIG}?${q}`, {
    ip: o.ip,
    headers: s === null ? {} : { sign: s },
  });
}

/** What a second JssdkService is built from: the test app's config, an in-process limiter and nonce store. */
const platform = () => ({ config: t.config, clock, limiter: new MemoryRateLimiter(clock) });

/** The signature recomputed here, independently of the server's code. */
const expected = (ticket: string, n: string, ts: number, url: string) =>
  createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${n}&timestamp=${ts}&url=${url}`).digest('hex');

beforeAll(async () => {
  fake = await startFakeWechatApi({ now: () => clock.now().getTime(), ticketExpiresIn: 3600 });
  dataDir = mkdtempSync(join(tmpdir(), 'jssdk-'));
  t = await startTestApp({
    clock,
    env: {
      DATA_DIR: dataDir,
      WECHAT_OA_APP_ID: fake.appId,
      WECHAT_OA_APP_SECRET: fake.appSecret,
      WECHAT_API_BASE: fake.base,
      ...redisEnv(),
    },
  });
  // The same endpoints without an official account, and with WeChat slow to answer (a 300 ms timeout).
  const noOa = new JssdkService({
    ...t.app.modules.jssdk['ctx'],
    config: { ...t.config, wechat: { ...t.config.wechat, oa: undefined } },
  });
  t.extend((app) => app.register(jssdkRoutes, { prefix: '/no-oa/api/v1', jssdk: noOa }));
  await t.listen();
  const key = await t.call<JssdkSignKey>('GET', '/api/v1/sys/settings/wechat/jssdk/key');
  expect(key.body.code).toBe(0);
  privateKey = key.body.data.private_key;
});
afterAll(async () => {
  await t.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.refuseTokensAs(null);
  fake.hang(false);
  fake.delay(0);
});

describe('GET /sys/settings/wechat/jssdk/config', () => {
  it('answers the app id, the time, the nonce and a signature recomputed here (URL without its # part)', async () => {
    const n = nonce();
    const uri = 'https://app.lingxi.example/bot/12?from=share&x=%E4%BD%A0#/comments';
    const res = await ask(uri, { nonce: n });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.app_id).toBe(fake.appId);
    expect(d.nonce_str).toBe(n);
    expect(d.timestamp).toBe(Math.floor(clock.now().getTime() / 1000));
    const url = 'https://app.lingxi.example/bot/12?from=share&x=%E4%BD%A0';
    expect(d.signature).toBe(expected(fake.ticket, n, d.timestamp, url));
    expect(d.signature).toMatch(/^[0-9a-f]{40}$/);
    // The stable endpoint by default, asked without force_refresh.
    expect(fake.stableBodies.at(-1)).toMatchObject({ appid: fake.appId, force_refresh: false });
  });

  it('fetches the token and the ticket once under 50 concurrent requests', async () => {
    clock.advance(2 * 3600_000); // both cached values are past their lifetime
    fake.reset();
    fake.delay(50);
    const uri = 'https://app.lingxi.example/';
    const all = await Promise.all(Array.from({ length: 50 }, () => ask(uri, { ip: randomIp() })));
    expect(all.map((r) => r.body.code)).toEqual(Array(50).fill(0));
    expect(fake.counts).toEqual({ token: 0, stable_token: 1, getticket: 1 });
    for (const r of all) {
      const d = r.body.data;
      expect(d.signature).toBe(expected(fake.ticket, d.nonce_str, d.timestamp, uri));
    }
  });

  it('uses the cached ticket until shortly before it expires, then fetches a new one', async () => {
    clock.advance(2 * 3600_000);
    await ask('https://app.lingxi.example/');
    fake.reset();
    clock.advance(3600_000 - 400_000); // within the ticket's hour, before its margin
    expect((await ask('https://app.lingxi.example/')).body.code).toBe(0);
    expect(fake.counts.getticket).toBe(0);
    clock.advance(200_000); // inside the last 300 s: refreshed early
    const res = await ask('https://app.lingxi.example/');
    expect(res.body.code).toBe(0);
    expect(fake.counts).toEqual({ token: 0, stable_token: 0, getticket: 1 });
    expect(res.body.data.signature).toBe(
      expected(fake.ticket, res.body.data.nonce_str, res.body.data.timestamp, 'https://app.lingxi.example/'),
    );
    clock.advance(7200_000); // the token too
    fake.reset();
    expect((await ask('https://app.lingxi.example/')).body.code).toBe(0);
    expect(fake.counts).toEqual({ token: 0, stable_token: 1, getticket: 1 });
  });

  it.each([
    ['revoked (40001)', () => fake.revokeTokens()],
    ['expired (42001)', () => fake.expireTokens()],
    ['invalid (40014)', () => fake.failNext('getticket', 40014, 'invalid access_token')],
  ])(
    'a token WeChat calls %s is dropped and the ticket fetched once more, with a forced refresh',
    async (_what, refuse) => {
      clock.advance(3 * 3600_000);
      await ask('https://app.lingxi.example/'); // a token and a ticket in the cache
      clock.advance(3600_000); // the ticket's lifetime is over, the token's is not
      refuse();
      fake.reset();
      const res = await ask('https://app.lingxi.example/p');
      expect(res.body.code).toBe(0);
      expect(fake.counts).toEqual({ token: 0, stable_token: 1, getticket: 2 });
      expect(fake.stableBodies.at(-1)).toMatchObject({ force_refresh: true });
      const d = res.body.data;
      expect(d.signature).toBe(
        expected(fake.ticket, d.nonce_str, d.timestamp, 'https://app.lingxi.example/p'),
      );
    },
  );

  it('a token refused twice becomes the error envelope, not a loop', async () => {
    clock.advance(3 * 3600_000);
    fake.refuseTokensAs(42001);
    fake.reset();
    const res = await ask('https://app.lingxi.example/');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(ErrorCode.UPSTREAM_FAILED);
    expect(res.body.msg).toBe('微信接口错误：access_token is invalid or not latest（42001）');
    expect(fake.counts).toEqual({ token: 0, stable_token: 2, getticket: 2 });
  });

  it('a WeChat error code becomes a clear envelope (HTTP 200), and nothing bad is cached', async () => {
    clock.advance(3 * 3600_000);
    fake.failNext(
      'stable_token',
      40164,
      'invalid ip 1.2.3.4 ipv6 ::ffff:1.2.3.4, not in whitelist rid: 1-2-3',
    );
    let res = await ask('https://app.lingxi.example/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: ErrorCode.UPSTREAM_FAILED,
      msg: '微信接口错误：invalid ip 1.2.3.4 ipv6 ::ffff:1.2.3.4, not in whitelist rid: 1-2-3（40164）',
      data: null,
    });
    fake.failNext('getticket', 45009, 'reach max api daily quota limit\u0000\n');
    res = await ask('https://app.lingxi.example/');
    expect(res.body.msg).toBe('微信接口错误：reach max api daily quota limit（45009）');
    expect((await ask('https://app.lingxi.example/')).body.code).toBe(0);
  });

  it('WeChat not answering in time is an envelope too', async () => {
    const slow = new JssdkService(platform(), { timeoutMs: 300 });
    clock.advance(3 * 3600_000);
    fake.hang();
    const started = Date.now();
    const res = await slow
      .config('10.0.0.1', { uri: 'https://a.example/', nonce: nonce() }, undefined)
      .catch((e: Error) => e);
    expect(res).toMatchObject({ message: '缺少签名' });
    const n = nonce();
    const err = await slow
      .config('10.0.0.1', { uri: 'https://a.example/', nonce: n }, signed('https://a.example/', n))
      .catch((e: Error & { code: number }) => e);
    expect(err).toMatchObject({
      code: ErrorCode.UPSTREAM_FAILED,
      message: '微信服务暂时无法连接，请稍后再试',
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('without an official account: 未配置公众号', async () => {
    const res = await ask('https://app.lingxi.example/', { prefix: '/no-oa' });
    expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
    expect(res.body.msg).toContain('未配置公众号');
  });
});

describe('refused requests', () => {
  const uri = 'https://app.lingxi.example/post/7';
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;

  it.each([
    ['a missing header', null, '缺少签名'],
    ['an empty header', '', '缺少签名'],
    ['garbage base64', '!!!not-base64!!!', '签名无效'],
    [
      'base64 of nothing like a signature',
      Buffer.from('hello world, a long enough text').toString('base64'),
      '签名无效',
    ],
    ['a non-ASCII byte in the header', `AAAA\u00e9${'A'.repeat(30)}`, '签名无效'],
    ['an overlong header', 'A'.repeat(5000), '签名无效'],
  ])('%s', async (_what, s, msg) => {
    const res = await ask(uri, { sign: s });
    expect(res.status).toBe(200);
    expect(res.body.code).not.toBe(0);
    expect(res.body.msg).toBe(msg);
    expect(res.body.data).toBeNull();
  });

  it('a NUL byte in the header is refused by the HTTP parser with the envelope', async () => {
    const n = nonce();
    const { port } = new URL(t.base);
    const raw = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(port), '127.0.0.1', () =>
        s.write(
          `GET ${CONFIG}?uri=${encodeURIComponent(uri)}&nonce=${n} HTTP/1.1\r\nHost: x\r\n` +
            `sign: ${signed(uri, n).slice(0, 10)}\u0000${signed(uri, n).slice(10)}\r\n\r\n`,
        ),
      );
      let text = '';
      s.on('data', (d) => (text += d.toString()));
      s.on('end', () => resolve(text));
      s.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: ErrorCode.BAD_REQUEST });
  });

  it('a signature by another key, over another uri, or over another nonce', async () => {
    const n = nonce();
    for (const s of [
      signed(uri, n, other),
      signed(`${uri}?x=1`, n),
      signed(uri, nonce()),
      // RSA-PSS by the right key: only PKCS#1 v1.5 is the contract.
      sign('sha256', Buffer.from(uri + n), {
        key: privateKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
      }).toString('base64'),
    ]) {
      const res = await ask(uri, { nonce: n, sign: s });
      expect(res.body).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '签名无效' });
    }
    // The same nonce, now signed right, is still fresh: refusals do not use a nonce up.
    expect((await ask(uri, { nonce: n })).body.code).toBe(0);
  });

  it('a nonce seen in the last 10 minutes is refused, in any process order and under concurrency', async () => {
    const n = nonce();
    const all = await Promise.all(Array.from({ length: 10 }, () => ask(uri, { nonce: n, ip: randomIp() })));
    expect(all.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const r of all.filter((x) => x.body.code !== 0)) {
      expect(r.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: '请求已被使用，请刷新页面重试' });
    }
    clock.advance(9 * 60_000);
    expect((await ask('https://elsewhere.example/', { nonce: n })).body.code).toBe(ErrorCode.CONFLICT);
    clock.advance(61_000);
    expect((await ask(uri, { nonce: n })).body.code).toBe(0);
  });

  it.each([
    ['a javascript: uri', { uri: 'javascript:alert(1)' }],
    ['an ftp uri', { uri: 'ftp://app.lingxi.example/' }],
    ['a relative uri', { uri: '/bot/1' }],
    ['an overlong uri', { uri: `https://a.example/${'x'.repeat(2048)}` }],
    ['a NUL in the uri', { uri: 'https://a.example/\u0000' }],
    ['a space in the uri', { uri: 'https://a.example/a b' }],
    ['no uri', { uri: undefined }],
    ['a short nonce', { nonce: 'abc' }],
    ['a nonce with other characters', { nonce: 'abcdefgh-ijklmnop' }],
    ['a nonce with a NUL', { nonce: 'abcdefghijklmnop\u0000' }],
    ['an overlong nonce', { nonce: 'a'.repeat(65) }],
    ['no nonce', { nonce: undefined }],
    ['a repeated parameter', { uri: ['https://a.example/', 'https://b.example/'] }],
  ])('a bad query: %s', async (_what, q: { uri?: string | string[]; nonce?: string }) => {
    const params = new URLSearchParams();
    const u = 'uri' in q ? q.uri : 'https://a.example/';
    const n = 'nonce' in q ? q.nonce : nonce();
    for (const v of [u].flat()) if (v !== undefined) params.append('uri', v);
    if (n !== undefined) params.append('nonce', n);
    const s = signed(String([u].flat()[0] ?? ''), n ?? '');
    const res = await t.call('GET', `${CONFIG}?${params}`, { headers: { sign: s } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a client past its rate limit is refused, other clients are not', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < CONFIG_PER_MINUTE + 2; i++) codes.push((await ask(uri, { ip })).body.code);
    expect(codes.slice(0, CONFIG_PER_MINUTE)).toEqual(Array(CONFIG_PER_MINUTE).fill(0));
    expect(codes.slice(CONFIG_PER_MINUTE)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
    // Unsigned requests count too: the limit comes before the signature.
    expect((await ask(uri, { ip, sign: null })).body.code).toBe(ErrorCode.RATE_LIMITED);
    expect((await ask(uri, { ip: randomIp() })).body.code).toBe(0);
    clock.advance(60_000);
    expect((await ask(uri, { ip })).body.code).toBe(0);
  });
});
