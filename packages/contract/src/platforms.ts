import { z } from 'zod';

/**
 * GET /api/v1/sys/settings/wechat/jssdk/config (docs/platforms.md, WeChat JS-SDK): the page's URL and a fresh
 * nonce, signed by the web app in the `sign` header (RSA-SHA256 over `uri + nonce`, base64).
 */
export const jssdkConfigQuery = z.object({
  uri: z
    .string({ error: '缺少页面地址' })
    .max(2048, { error: '页面地址过长' })
    // location.href is percent-encoded: printable ASCII only, no spaces or control characters.
    .regex(/^https?:\/\/[!-~]+$/, { error: '页面地址不正确' }),
  nonce: z.string({ error: '缺少随机串' }).regex(/^[A-Za-z0-9]{16,64}$/, { error: '随机串不正确' }),
});
export type JssdkConfigQuery = z.infer<typeof jssdkConfigQuery>;

/** What `wx.config` needs: `signature` is the SHA-1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`. */
export const jssdkConfig = z.object({
  app_id: z.string(),
  timestamp: z.number().int(),
  nonce_str: z.string(),
  signature: z.string(),
});
export type JssdkConfig = z.infer<typeof jssdkConfig>;

/**
 * GET /api/v1/sys/settings/wechat/jssdk/key: the key the web app signs config requests with (PKCS#8 PEM). Public by
 * nature, like anything a browser holds: docs/platforms.md says what the signature does and does not protect.
 */
export const jssdkSignKey = z.object({ private_key: z.string() });
export type JssdkSignKey = z.infer<typeof jssdkSignKey>;

/** The header the signed config request carries (client contract). */
export const JSSDK_SIGN_HEADER = 'sign';
/** A nonce seen within this window is refused (replay). */
export const JSSDK_NONCE_TTL_SECONDS = 600;
