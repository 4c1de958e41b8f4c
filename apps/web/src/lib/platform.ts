/**
 * The hosts the web build runs in (docs/product.md, Client contract): a plain mobile browser, the messenger's
 * in-app browser, a mini-program web view and the Android wrapper. Only what the app needs from each is
 * exposed here.
 */

import { withMiniProgram, type MiniProgramApi } from './wechat/sdk';

/** What the Android wrapper injects (docs/platforms.md, Android wrapper): the page calls these. */
interface AndroidBridge {
  relogin?: () => void;
  exitApp?: () => void;
}

/** WeChat's in-page bridge (the in-app browser): JSAPI payments. */
interface WeixinJSBridgeApi {
  invoke: (name: string, params: unknown, callback: (result: { err_msg?: string }) => void) => void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridgeApi;
    __wxjs_environment?: string;
    wx?: { miniProgram?: MiniProgramApi };
    LingxiBridge?: AndroidBridge;
    /** The page's back handler, called by the Android wrapper on the hardware back button: true when handled. */
    lingxiOnBack?: () => boolean;
  }
}

export type HostPlatform = 'miniprogram' | 'android' | 'wechat' | 'browser';

/**
 * The host mini program's own pages (docs/platforms.md, Mini-program web view: host paths are prefixed with
 * /pages/): its login page and its home.
 */
export const MINI_PROGRAM_LOGIN_PAGE = '/pages/login/index';
export const MINI_PROGRAM_HOME_PAGE = '/pages/index/index';

/**
 * The address the app was entered by, captured when the app's code first runs (before the router moves), for
 * WeChat on iOS, which checks a JS-SDK signature against it (docs/platforms.md, Share cards). A launch `?token=` is
 * left out: it never travels in a config request (the app removes it from the address bar as well).
 */
export const LANDING_URL = (() => {
  const href = globalThis.window?.location?.href;
  if (!href) return '';
  const url = new URL(href);
  url.searchParams.delete('token');
  return url.href;
})();

/** The Android wrapper's user-agent mark (docs/platforms.md, Android wrapper), e.g. `LingxiApp/1.0.0`. */
export const ANDROID_UA_MARK = /\bLingxiApp\//;

/**
 * docs/platforms.md, Host detection: the mini-program web view says so in `__wxjs_environment` (or its user agent
 * carries `miniProgram`, before WeChat sets the global); the Android wrapper by its bridge object or its user-agent
 * mark; WeChat's in-app browser by `MicroMessenger`.
 */
export function detectPlatform(win: Window | undefined = globalThis.window): HostPlatform {
  if (!win) return 'browser';
  const ua = win.navigator?.userAgent ?? '';
  if (win.__wxjs_environment === 'miniprogram' || /\bminiProgram\b/i.test(ua)) return 'miniprogram';
  if (win.LingxiBridge || ANDROID_UA_MARK.test(ua)) return 'android';
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  return 'browser';
}

/**
 * Hands the relogin to the host when there is one. Returns true when the host takes it, false when the web app
 * must show its own login page. In the mini program the host's API may only arrive with the SDK: should it never
 * come, `fallback` (the web login page) runs then.
 */
export function reloginViaHost(
  redirect: string,
  fallback: () => void = () => undefined,
  win: Window | undefined = globalThis.window,
): boolean {
  if (!win) return false;
  const platform = detectPlatform(win);
  if (platform === 'miniprogram') {
    const url = `${MINI_PROGRAM_LOGIN_PAGE}?redirect=${encodeURIComponent(redirect)}`;
    withMiniProgram((api) => open(api, ['reLaunch', 'navigateTo'], url), fallback, win);
    return true;
  }
  if (platform === 'android' && typeof win.LingxiBridge?.relogin === 'function') {
    win.LingxiBridge.relogin();
    return true;
  }
  return false;
}

/**
 * "Relaunch home" in the mini program relaunches the host's home page (docs/platforms.md, Mini-program web view).
 * True when the host takes it; `fallback` (the web home) runs should the host's API never come.
 */
export function relaunchHomeViaHost(
  fallback: () => void,
  win: Window | undefined = globalThis.window,
): boolean {
  if (!win || detectPlatform(win) !== 'miniprogram') return false;
  withMiniProgram((api) => open(api, ['reLaunch'], MINI_PROGRAM_HOME_PAGE), fallback, win);
  return true;
}

/** Opens a page of the host mini program (its pay page: docs/money.md, Orders and payments). */
export function navigateInMiniProgram(url: string, win: Window = globalThis.window): void {
  withMiniProgram(
    (api) => open(api, ['navigateTo'], url),
    () => console.warn('mini program API unavailable', url),
    win,
  );
}

/** Calls the first of `names` the API has (on the API: a host's methods may need their `this`). */
/** What each host API last opened, and when: the same page asked for twice at once is opened once. */
const lastOpened = new WeakMap<MiniProgramApi, { url: string; at: number }>();
const REOPEN_AFTER_MS = 3000;

/**
 * Opens a host page. A relogin and the web login page it leads to both hand the login to the host; the host is
 * asked once (a second reLaunch of the same page would stack a second login page in some hosts).
 */
function open(api: MiniProgramApi, names: ('reLaunch' | 'navigateTo')[], url: string): boolean {
  const name = names.find((n) => typeof api[n] === 'function');
  if (!name) return false;
  const last = lastOpened.get(api);
  const now = Date.now();
  if (last && last.url === url && now - last.at < REOPEN_AFTER_MS) return true;
  lastOpened.set(api, { url, at: now });
  api[name]!.call(api, { url });
  return true;
}

/** The WeChat Pay channel that fits where the app runs (docs/money.md, Orders and payments). */
export type WechatPayChannel = 'wechat_jsapi' | 'wechat_miniprogram' | 'wechat_h5' | 'wechat_native';

export function wechatPayChannel(win: Window | undefined = globalThis.window): WechatPayChannel {
  const platform = detectPlatform(win);
  if (platform === 'miniprogram') return 'wechat_miniprogram';
  if (platform === 'wechat') return 'wechat_jsapi';
  const ua = win?.navigator?.userAgent ?? '';
  return platform === 'android' || /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(ua)
    ? 'wechat_h5'
    : 'wechat_native';
}

/**
 * Asks WeChat's bridge to pay (JSAPI): resolves 'ok', 'cancel' or 'fail'. Waits for the bridge when the page is
 * still loading it.
 */
export function invokeWechatPay(
  params: unknown,
  win: Window = globalThis.window,
): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const run = () => {
      const bridge = win.WeixinJSBridge;
      if (!bridge) return resolve('fail');
      bridge.invoke('getBrandWCPayRequest', params, (result) => {
        const msg = result?.err_msg ?? '';
        resolve(msg.endsWith(':ok') ? 'ok' : msg.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    };
    if (win.WeixinJSBridge) return run();
    // The bridge never arriving (not really inside WeChat) counts as a failure, not a page that waits forever.
    const timer = setTimeout(() => resolve('fail'), 5000);
    win.document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        run();
      },
      { once: true },
    );
  });
}
