/**
 * WeChat's JS-SDK, from the maintained `weixin-js-sdk` npm package (docs/platforms.md, WeChat JS-SDK): loaded on
 * demand, only inside WeChat or a mini-program web view, so the first load of the app elsewhere does not carry it.
 * Only the parts the app uses are typed here.
 */

export interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

export interface MiniProgramApi {
  reLaunch?: (options: { url: string }) => void;
  navigateTo?: (options: { url: string }) => void;
  postMessage?: (options: { data: unknown }) => void;
}

export interface WxConfig {
  debug?: boolean;
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

export interface WxSdk {
  config: (config: WxConfig) => void;
  ready: (callback: () => void) => void;
  error: (callback: (result: unknown) => void) => void;
  updateAppMessageShareData: (data: ShareData & { success?: () => void }) => void;
  updateTimelineShareData: (data: Omit<ShareData, 'desc'> & { success?: () => void }) => void;
  miniProgram?: MiniProgramApi;
}

declare global {
  interface Window {
    /** The SDK's own global, when the host page already loaded it (the package then exports nothing). */
    jWeixin?: WxSdk;
  }
}

let loading: Promise<WxSdk | null> | null = null;

/**
 * The SDK, loaded once. Resolves null (and logs) when it cannot be loaded: SDK trouble is only logged (docs/
 * platforms.md), the caller goes on without it.
 */
export function loadWeixinSdk(win: Window = globalThis.window): Promise<WxSdk | null> {
  loading ??= import('weixin-js-sdk')
    .then((mod) => {
      const sdk = (mod as unknown as { default?: WxSdk }).default;
      return (sdk && typeof sdk.config === 'function' ? sdk : null) ?? win.jWeixin ?? null;
    })
    .catch((error: unknown) => {
      console.warn('weixin-js-sdk failed to load', error);
      loading = null;
      return null;
    });
  return loading;
}

/** Tests start each case with a fresh load. */
export function resetWeixinSdkForTests(): void {
  loading = null;
}

/**
 * Runs `act` with the mini program's API: the one the host injected (`window.wx.miniProgram`) at once, else the
 * SDK's once it is loaded. `fallback` runs when neither is there.
 */
export function withMiniProgram(
  act: (api: MiniProgramApi) => boolean,
  fallback: () => void,
  win: Window = globalThis.window,
): void {
  const injected = win.wx?.miniProgram;
  if (injected && act(injected)) return;
  void loadWeixinSdk(win).then((sdk) => {
    if (!sdk?.miniProgram || !act(sdk.miniProgram)) fallback();
  });
}
