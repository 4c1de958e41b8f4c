import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  detectPlatform,
  navigateInMiniProgram,
  reloginViaHost,
  relaunchHomeViaHost,
  wechatPayChannel,
} from './platform';
import { createRelogin } from './relogin';
import { resetWeixinSdkForTests } from './wechat/sdk';

/** The SDK package as the app gets it: a stand-in whose miniProgram the tests watch. */
const sdk = vi.hoisted(() => ({
  miniProgram: {
    reLaunch: vi.fn(),
    navigateTo: vi.fn(),
    postMessage: vi.fn(),
  } as Record<string, ReturnType<typeof vi.fn> | undefined>,
  config: vi.fn(),
  broken: false,
}));
vi.mock('weixin-js-sdk', () => ({
  get default() {
    // As when the SDK's chunk failed to load.
    if (sdk.broken) throw new Error('chunk failed');
    return sdk;
  },
}));

const UA = {
  plain:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; PGT-AN10) AppleWebKit/537.36 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  miniProgram:
    'Mozilla/5.0 (Linux; Android 13; PGT-AN10) AppleWebKit/537.36 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram/wx1234567890abcdef',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 LingxiApp/1.0.0',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0.0.0 Safari/537.36',
};

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

beforeEach(() => {
  resetWeixinSdkForTests();
  sdk.broken = false;
  sdk.miniProgram = { reLaunch: vi.fn(), navigateTo: vi.fn(), postMessage: vi.fn() };
});

afterEach(() => {
  delete window.__wxjs_environment;
  delete window.wx;
  delete window.LingxiBridge;
  setUserAgent('jsdom');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('host detection', () => {
  it.each([
    ['a plain mobile browser', UA.plain, 'browser'],
    ['a desktop browser', UA.desktop, 'browser'],
    ["WeChat's in-app browser", UA.wechat, 'wechat'],
    ['the mini-program web view (by its user agent)', UA.miniProgram, 'miniprogram'],
    ['the Android wrapper (by its user-agent mark)', UA.android, 'android'],
  ])('%s', (_name, ua, expected) => {
    setUserAgent(ua);
    expect(detectPlatform()).toBe(expected);
  });

  it('the mini program by __wxjs_environment, even when the user agent says only WeChat', () => {
    setUserAgent(UA.wechat);
    window.__wxjs_environment = 'miniprogram';
    expect(detectPlatform()).toBe('miniprogram');
  });

  it('the Android wrapper by its bridge object, whatever the user agent', () => {
    setUserAgent(UA.plain);
    window.LingxiBridge = {};
    expect(detectPlatform()).toBe('android');
  });

  it('a look-alike mark does not count: "NotLingxiApp/1" or "miniProgramme" in a user agent', () => {
    setUserAgent(`${UA.plain} NotLingxiApp/1.0`);
    expect(detectPlatform()).toBe('browser');
    setUserAgent(`${UA.plain} miniProgrammer`);
    expect(detectPlatform()).toBe('browser');
  });

  it('no window: a plain browser', () => {
    expect(detectPlatform(undefined)).toBe('browser');
  });

  it('the pay channel follows the host', () => {
    setUserAgent(UA.miniProgram);
    expect(wechatPayChannel()).toBe('wechat_miniprogram');
    setUserAgent(UA.wechat);
    expect(wechatPayChannel()).toBe('wechat_jsapi');
    setUserAgent(UA.android);
    expect(wechatPayChannel()).toBe('wechat_h5');
    setUserAgent(UA.desktop);
    expect(wechatPayChannel()).toBe('wechat_native');
  });
});

describe('relogin per host', () => {
  it('is a plain browser by default and hands nothing to a host', () => {
    expect(reloginViaHost('/user')).toBe(false);
  });

  it('in WeChat (not the mini program) the web login page is used', () => {
    setUserAgent(UA.wechat);
    expect(reloginViaHost('/user')).toBe(false);
  });

  it('in the mini-program web view, relogin relaunches the host login page with the redirect', () => {
    const reLaunch = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { reLaunch } };
    expect(reloginViaHost('/user/info?a=1')).toBe(true);
    expect(reLaunch).toHaveBeenCalledWith({
      url: `/pages/login/index?redirect=${encodeURIComponent('/user/info?a=1')}`,
    });
  });

  it('asks the host once when a relogin and the login page it leads to both hand over the same page', () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      const reLaunch = vi.fn();
      window.__wxjs_environment = 'miniprogram';
      window.wx = { miniProgram: { reLaunch } };
      reloginViaHost('/user/orders');
      reloginViaHost('/user/orders');
      expect(reLaunch).toHaveBeenCalledTimes(1);
      reloginViaHost('/user/info');
      expect(reLaunch).toHaveBeenCalledTimes(2);
      vi.setSystemTime(3_000);
      reloginViaHost('/user/info');
      expect(reLaunch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('in the mini program without reLaunch, it navigates to the host login page', () => {
    const navigateTo = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { navigateTo } };
    expect(reloginViaHost('/')).toBe(true);
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/login/index?redirect=%2F' });
  });

  it("in the mini program with nothing injected, the SDK package's wx.miniProgram relaunches the login page", async () => {
    setUserAgent(UA.miniProgram);
    const fallback = vi.fn();
    expect(reloginViaHost('/bot/7?conversation=new', fallback)).toBe(true);
    await vi.waitFor(() =>
      expect(sdk.miniProgram.reLaunch).toHaveBeenCalledWith({
        url: `/pages/login/index?redirect=${encodeURIComponent('/bot/7?conversation=new')}`,
      }),
    );
    expect(fallback).not.toHaveBeenCalled();
  });

  it('in the mini program, when the SDK cannot load, the web login page is the fallback (and it is logged)', async () => {
    setUserAgent(UA.miniProgram);
    sdk.broken = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fallback = vi.fn();
    expect(reloginViaHost('/user', fallback)).toBe(true);
    await vi.waitFor(() => expect(fallback).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalled();
  });

  it("in the Android wrapper, relogin calls the wrapper's hook", () => {
    const relogin = vi.fn();
    window.LingxiBridge = { relogin };
    expect(reloginViaHost('/user')).toBe(true);
    expect(relogin).toHaveBeenCalledTimes(1);
  });

  it('in the Android wrapper without a relogin hook (by its user agent only), the web login page is used', () => {
    setUserAgent(UA.android);
    expect(reloginViaHost('/user')).toBe(false);
  });

  it('relogin clears the login state and lets the host take over instead of the web login page', () => {
    vi.useFakeTimers();
    const relogin = vi.fn();
    window.LingxiBridge = { relogin };
    const navigate = vi.fn();
    const clearLogin = vi.fn();
    const trigger = createRelogin({ getCurrentPath: () => '/user', clearLogin, navigate });
    trigger();
    trigger();
    vi.advanceTimersByTime(499);
    expect(relogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clearLogin).toHaveBeenCalledTimes(1);
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('relogin in the mini program whose SDK never loads ends on the web login page with the redirect', async () => {
    setUserAgent(UA.miniProgram);
    sdk.broken = true;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const navigate = vi.fn();
    const trigger = createRelogin({
      getCurrentPath: () => '/user/info',
      clearLogin: vi.fn(),
      navigate,
      debounceMs: 0,
    });
    trigger();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fuser%2Finfo'));
  });
});

describe('home and payment in the mini program', () => {
  it("relaunching home relaunches the host's /pages/index/index", () => {
    const reLaunch = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { reLaunch } };
    const web = vi.fn();
    expect(relaunchHomeViaHost(web)).toBe(true);
    expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' });
    expect(web).not.toHaveBeenCalled();
  });

  it('elsewhere home is the web home', () => {
    setUserAgent(UA.wechat);
    expect(relaunchHomeViaHost(vi.fn())).toBe(false);
    window.LingxiBridge = { relogin: vi.fn() };
    expect(relaunchHomeViaHost(vi.fn())).toBe(false);
  });

  it("payment opens the host's pay page, through the SDK when nothing was injected", async () => {
    setUserAgent(UA.miniProgram);
    navigateInMiniProgram('/pages/pay/pay?order_no=LX1');
    await vi.waitFor(() =>
      expect(sdk.miniProgram.navigateTo).toHaveBeenCalledWith({ url: '/pages/pay/pay?order_no=LX1' }),
    );
  });
});

describe('the landing address (signed by WeChat on iOS)', () => {
  it('is the address the app was entered by, without a launch token', async () => {
    window.history.replaceState(null, '', '/bot/5?token=SECRET&invite_code=AB#top');
    vi.resetModules();
    const { LANDING_URL } = await import('./platform');
    window.history.replaceState(null, '', '/');
    const url = new URL(LANDING_URL);
    expect(url.pathname).toBe('/bot/5');
    expect(url.searchParams.get('invite_code')).toBe('AB');
    expect(url.searchParams.has('token')).toBe(false);
    expect(LANDING_URL).not.toContain('SECRET');
  });
});
