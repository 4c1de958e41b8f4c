/**
 * The hosts the web build runs in (docs/product.md, Client contract): a plain mobile browser, the messenger's
 * in-app browser, a mini-program web view and the Android wrapper. Only what the app needs from each is
 * exposed here.
 */

interface MiniProgramApi {
  reLaunch?: (options: { url: string }) => void;
  navigateTo?: (options: { url: string }) => void;
}

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
  }
}

export type HostPlatform = 'miniprogram' | 'android' | 'wechat' | 'browser';

/**
 * The host mini program's own login page (docs/product.md, Client contract: host paths are prefixed with
 * /pages/).
 */
export const MINI_PROGRAM_LOGIN_PAGE = '/pages/login/index';

export function detectPlatform(win: Window | undefined = globalThis.window): HostPlatform {
  if (!win) return 'browser';
  if (win.__wxjs_environment === 'miniprogram') return 'miniprogram';
  if (win.LingxiBridge) return 'android';
  if (/MicroMessenger/i.test(win.navigator?.userAgent ?? '')) return 'wechat';
  return 'browser';
}

/**
 * Hands the relogin to the host when there is one. Returns true when the host took it, false when the web app
 * must show its own login page.
 */
export function reloginViaHost(redirect: string, win: Window | undefined = globalThis.window): boolean {
  if (!win) return false;
  const platform = detectPlatform(win);
  if (platform === 'miniprogram') {
    const mini = win.wx?.miniProgram;
    const url = `${MINI_PROGRAM_LOGIN_PAGE}?redirect=${encodeURIComponent(redirect)}`;
    if (mini?.reLaunch) {
      mini.reLaunch({ url });
      return true;
    }
    if (mini?.navigateTo) {
      mini.navigateTo({ url });
      return true;
    }
    return false;
  }
  if (platform === 'android' && typeof win.LingxiBridge?.relogin === 'function') {
    win.LingxiBridge.relogin();
    return true;
  }
  return false;
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
