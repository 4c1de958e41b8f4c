import { generateKeyPairSync, verify } from 'node:crypto';
import { JSSDK_SIGN_HEADER } from '@lingxi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { request } from '../request';
import {
  fetchJssdkConfig,
  importSignKey,
  pageUri,
  randomNonce,
  readyJssdk,
  resetJssdkForTests,
  signConfigRequest,
  signedUri,
} from './jssdk';
import { resetWeixinSdkForTests } from './sdk';

const wx = vi.hoisted(() => ({
  config: vi.fn(),
  ready: vi.fn(),
  error: vi.fn(),
  updateAppMessageShareData: vi.fn(),
  updateTimelineShareData: vi.fn(),
}));
vi.mock('weixin-js-sdk', () => ({ default: wx }));

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const CONFIG = { app_id: 'wxoa123', timestamp: 1_700_000_000, nonce_str: 'N', signature: 'abc' };

const verifies = (data: string, signature: string) =>
  verify('sha256', Buffer.from(data), publicKey, Buffer.from(signature, 'base64'));

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

beforeEach(() => {
  resetJssdkForTests();
  resetWeixinSdkForTests();
  wx.config.mockReset();
  wx.ready.mockReset().mockImplementation((done: () => void) => done());
  wx.error.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  setUserAgent('jsdom');
  window.history.replaceState(null, '', '/');
});

describe('the signed config request', () => {
  it('signs uri + nonce with RSASSA-PKCS1-v1_5 / SHA-256, which node:crypto verifies with the public key', async () => {
    const key = await importSignKey(PEM);
    const uri = 'https://app.example.com/bot/7?x=1';
    const nonce = randomNonce();
    const signature = await signConfigRequest(key, uri, nonce);
    expect(verifies(uri + nonce, signature)).toBe(true);
    expect(verifies(`${uri}#frag${nonce}`, signature)).toBe(false);
    expect(verifies(uri + randomNonce(), signature)).toBe(false);
  });

  it('nonces are 32 alphanumerics, and do not repeat', () => {
    const nonces = Array.from({ length: 500 }, () => randomNonce());
    nonces.forEach((n) => expect(n).toMatch(/^[A-Za-z0-9]{32}$/));
    expect(new Set(nonces).size).toBe(500);
    // Every character of the alphabet turns up: no character is left out by the bias guard.
    expect(new Set(nonces.join('')).size).toBe(62);
  });

  it('the page address loses its # part; on iOS the address the app was entered by is signed', () => {
    expect(pageUri('https://a.example/post/detail?id=3#comments')).toBe('https://a.example/post/detail?id=3');
    window.history.replaceState(null, '', '/bot/9?c=1#top');
    setUserAgent('Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.47');
    expect(signedUri(window, 'http://localhost:3000/?invite_code=AB')).toBe(
      `${window.location.origin}/bot/9?c=1`,
    );
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.47');
    expect(signedUri(window, 'http://localhost:3000/?invite_code=AB#x')).toBe(
      'http://localhost:3000/?invite_code=AB',
    );
  });

  it('asks the key once, then the config with uri, nonce and the sign header, quietly', async () => {
    const toast = vi.fn();
    const { calls } = mockApi({
      'GET /api/v1/sys/settings/wechat/jssdk/key': { data: { private_key: PEM } },
      'GET /api/v1/sys/settings/wechat/jssdk/config': { data: CONFIG },
    });
    request.configure({ toast });
    const uri = 'https://app.example.com/invite';
    expect(await fetchJssdkConfig(uri)).toEqual(CONFIG);
    await fetchJssdkConfig(uri);
    expect(calls.filter((c) => c.path.endsWith('/jssdk/key'))).toHaveLength(1);
    const configCalls = calls.filter((c) => c.path.endsWith('/jssdk/config'));
    expect(configCalls).toHaveLength(2);
    for (const call of configCalls) {
      expect(call.query.get('uri')).toBe(uri);
      const nonce = call.query.get('nonce')!;
      expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(verifies(uri + nonce, call.headers[JSSDK_SIGN_HEADER]!)).toBe(true);
    }
    expect(configCalls[0]!.query.get('nonce')).not.toBe(configCalls[1]!.query.get('nonce'));
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('wx.config', () => {
  it("is called with the server's answer and the two share APIs, and the SDK is ready", async () => {
    mockApi({
      'GET /api/v1/sys/settings/wechat/jssdk/key': { data: { private_key: PEM } },
      'GET /api/v1/sys/settings/wechat/jssdk/config': { data: CONFIG },
    });
    const ready = await readyJssdk(window, window.location.href);
    expect(ready).toBe(wx);
    expect(wx.config).toHaveBeenCalledWith({
      appId: 'wxoa123',
      timestamp: 1_700_000_000,
      nonceStr: 'N',
      signature: 'abc',
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    // The same address again: no second config.
    expect(await readyJssdk(window, window.location.href)).toBe(wx);
    expect(wx.config).toHaveBeenCalledTimes(1);
  });

  it('a refused config request is only logged: no toast, no login dialog, and the next try asks again', async () => {
    const toast = vi.fn();
    const confirm = vi.fn(() => Promise.resolve(false));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = mockApi({
      'GET /api/v1/sys/settings/wechat/jssdk/key': { data: { private_key: PEM } },
      'GET /api/v1/sys/settings/wechat/jssdk/config': { code: 10001, msg: '签名不正确', data: null },
    });
    request.configure({ toast, confirm });
    expect(await readyJssdk(window, window.location.href)).toBeNull();
    expect(wx.config).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    await readyJssdk(window, window.location.href);
    expect(calls.filter((c) => c.path.endsWith('/jssdk/config'))).toHaveLength(2);
  });

  it('a bad key from the server is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/v1/sys/settings/wechat/jssdk/key': { data: { private_key: 'not a key' } },
    });
    expect(await readyJssdk(window, window.location.href)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it("WeChat's wx.error is only logged; a config that never answers is given up", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/v1/sys/settings/wechat/jssdk/key': { data: { private_key: PEM } },
      'GET /api/v1/sys/settings/wechat/jssdk/config': { data: CONFIG },
    });
    wx.ready.mockImplementation(() => undefined);
    wx.error.mockImplementation((fail: (r: unknown) => void) => fail({ errMsg: 'config:invalid signature' }));
    expect(await readyJssdk(window, window.location.href)).toBeNull();
    expect(warn).toHaveBeenCalledWith('WeChat JS-SDK error', { errMsg: 'config:invalid signature' });

    resetJssdkForTests();
    wx.error.mockReset();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = readyJssdk(window, window.location.href);
    await vi.waitFor(() => expect(wx.config).toHaveBeenCalledTimes(2));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(await Promise.race([pending, 'waiting'])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toBeNull();
  });
});
