import { JSSDK_SIGN_HEADER, type JssdkConfig, type JssdkSignKey } from '@lingxi/contract';
import { LANDING_URL } from '../platform';
import { request } from '../request';
import { loadWeixinSdk, type WxSdk } from './sdk';

/**
 * wx.config for the page (docs/platforms.md, WeChat JS-SDK): the config request is signed by the app (RSA-SHA256
 * over `uri + nonce` with the key from the server; what that does and does not protect is written there), the
 * answer goes to `wx.config`. Failures are only logged (the messenger SDK's errors never reach the user).
 */

export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData'];

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const NONCE_LENGTH = 32;
/** wx.ready or wx.error should come at once; a config that never answers is given up after this. */
const READY_TIMEOUT_MS = 10_000;

/** 32 random alphanumerics from the browser's CSPRNG, without modulo bias. */
export function randomNonce(length = NONCE_LENGTH, cryptoApi: Crypto = globalThis.crypto): string {
  const out: string[] = [];
  // 248 = 4 × 62: bytes at or above it are dropped, so every character is equally likely.
  const limit = 256 - (256 % NONCE_ALPHABET.length);
  while (out.length < length) {
    for (const byte of cryptoApi.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(NONCE_ALPHABET[byte % NONCE_ALPHABET.length]!);
    }
  }
  return out.join('');
}

/** The page address WeChat checks the signature against: the URL without its `#` part. */
export function pageUri(href: string): string {
  return href.split('#')[0]!;
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
}

export function importSignKey(
  pem: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<CryptoKey> {
  return subtle.importKey('pkcs8', pemToDer(pem), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

/** RSASSA-PKCS1-v1_5 with SHA-256 over `uri + nonce`, base64. */
export async function signConfigRequest(
  key: CryptoKey,
  uri: string,
  nonce: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<string> {
  const signature = await subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(uri + nonce));
  let binary = '';
  for (const byte of new Uint8Array(signature)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

let signKey: Promise<CryptoKey> | null = null;

/** The signing key, fetched and imported once per visit (again after a failure). */
function getSignKey(): Promise<CryptoKey> {
  signKey ??= request
    .get<JssdkSignKey>('/api/v1/sys/settings/wechat/jssdk/key', { hideErrorToast: true, noLoginDialog: true })
    .then((answer) => importSignKey(answer.private_key))
    .catch((error: unknown) => {
      signKey = null;
      throw error;
    });
  return signKey;
}

export async function fetchJssdkConfig(uri: string): Promise<JssdkConfig> {
  const nonce = randomNonce();
  const sign = await signConfigRequest(await getSignKey(), uri, nonce);
  return request.get<JssdkConfig>('/api/v1/sys/settings/wechat/jssdk/config', {
    params: { uri, nonce },
    headers: { [JSSDK_SIGN_HEADER]: sign },
    hideErrorToast: true,
    noLoginDialog: true,
  });
}

/**
 * The address to sign. WeChat on iOS checks a single-page app's signature against the address the page was
 * entered by, on Android against the current one (docs/platforms.md, WeChat JS-SDK).
 */
export function signedUri(win: Window, landing: string): string {
  return pageUri(/iPhone|iPad|iPod/i.test(win.navigator.userAgent) ? landing : win.location.href);
}

let configured: { uri: string; ready: Promise<WxSdk | null> } | null = null;

/**
 * The SDK, configured for the current page and ready; null when anything failed (logged). One config per
 * address: pages that share on the same address reuse it.
 */
export function readyJssdk(win: Window = globalThis.window, landing = LANDING_URL || win.location.href) {
  const uri = signedUri(win, landing);
  if (configured?.uri === uri) return configured.ready;
  const ready = (async () => {
    try {
      const [wx, config] = await Promise.all([loadWeixinSdk(win), fetchJssdkConfig(uri)]);
      if (!wx) return null;
      return await configure(wx, config);
    } catch (error) {
      console.warn('WeChat JS-SDK config failed', error);
      if (configured?.uri === uri) configured = null;
      return null;
    }
  })();
  configured = { uri, ready };
  return ready;
}

function configure(wx: WxSdk, config: JssdkConfig): Promise<WxSdk | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.warn('WeChat JS-SDK: no answer to wx.config');
      resolve(null);
    }, READY_TIMEOUT_MS);
    wx.error((result) => {
      clearTimeout(timer);
      console.warn('WeChat JS-SDK error', result);
      resolve(null);
    });
    wx.ready(() => {
      clearTimeout(timer);
      resolve(wx);
    });
    wx.config({
      appId: config.app_id,
      timestamp: config.timestamp,
      nonceStr: config.nonce_str,
      signature: config.signature,
      jsApiList: JS_API_LIST,
    });
  });
}

/** Tests start each case without a cached key or config. */
export function resetJssdkForTests(): void {
  signKey = null;
  configured = null;
}
