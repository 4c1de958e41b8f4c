import { createHash, verify } from 'node:crypto';
import {
  ErrorCode,
  JSSDK_NONCE_TTL_SECONDS,
  type JssdkConfig,
  type JssdkConfigQuery,
  type JssdkSignKey,
} from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { JssdkKeys } from './jssdk-keys.js';
import { MemoryNonceStore, type NonceStore, RedisNonceStore } from './nonces.js';
import { RefreshBusyError, SharedTokens } from './shared-tokens.js';
import { TokenInvalidError, WechatApi, wechatError } from './wechat-api.js';

/** Config requests per client address per minute (the signing key is public: limits do the rest). */
export const CONFIG_PER_MINUTE = 30;
/** Key requests per client address per minute (a page load asks once). */
export const KEY_PER_MINUTE = 20;

/** A base64 RSA-2048 signature: 344 characters; anything far longer is not one. */
const BASE64 = /^[A-Za-z0-9+/]{16,1024}={0,2}$/;

/** The `signature` of `wx.config`: SHA-1 hex of the four fields in this order, the URL without its fragment. */
export function jssdkSignature(ticket: string, nonce: string, timestamp: number, url: string): string {
  const page = url.split('#')[0]!;
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonce}&timestamp=${timestamp}&url=${page}`)
    .digest('hex');
}

/**
 * The WeChat JS-SDK's `wx.config` for a page (docs/platforms.md, WeChat JS-SDK): a request signed by the web app
 * with a fresh nonce gets the official account's app id and a signature made with the cached jsapi ticket.
 */
export class JssdkService {
  readonly keys: JssdkKeys;
  private readonly nonces: NonceStore;
  private readonly tokens: SharedTokens;
  private readonly api?: WechatApi;
  private readonly appId?: string;

  constructor(
    private readonly ctx: Pick<AppContext, 'config' | 'clock' | 'limiter' | 'redis'>,
    opts: { timeoutMs?: number } = {},
  ) {
    const { config, clock, redis } = ctx;
    const wx = config.wechat;
    this.keys = new JssdkKeys(wx.jssdk, config.dataDir);
    this.nonces = redis ? new RedisNonceStore(redis, clock) : new MemoryNonceStore(clock);
    // Keyed by the app and the API address, so two deployments (or two tests) sharing a Redis never mix.
    const scope = createHash('sha256')
      .update(`${wx.oa?.appId ?? ''}|${wx.apiBase}`)
      .digest('hex')
      .slice(0, 16);
    this.tokens = new SharedTokens(clock, redis, `lingxi:wechat:${scope}:`);
    if (wx.oa) {
      this.appId = wx.oa.appId;
      this.api = new WechatApi({ ...wx.oa, apiBase: wx.apiBase, tokenEndpoint: wx.tokenEndpoint, ...opts });
    }
  }

  /** The signing key for the web app, when the server knows it. */
  async signKey(ip: string): Promise<JssdkSignKey> {
    await this.limit(`jssdk-key:${ip}`, KEY_PER_MINUTE);
    const { privateKeyPem } = await this.keys.get();
    if (!privateKeyPem) throw AppError.badRequest('服务器未配置 JS-SDK 签名私钥');
    return { private_key: privateKeyPem };
  }

  async config(ip: string, q: JssdkConfigQuery, sign: string | undefined): Promise<JssdkConfig> {
    await this.limit(`jssdk-config:${ip}`, CONFIG_PER_MINUTE);
    if (!sign) throw AppError.badRequest('缺少签名');
    if (!(await this.verified(q, sign))) throw AppError.forbidden('签名无效');
    if (!this.api || !this.appId) throw AppError.badRequest('未配置公众号，暂不能使用微信分享');
    if (!(await this.nonces.claim(q.nonce, JSSDK_NONCE_TTL_SECONDS * 1000))) {
      throw new AppError(ErrorCode.CONFLICT, '请求已被使用，请刷新页面重试');
    }
    const ticket = await this.ticket();
    const timestamp = Math.floor(this.ctx.clock.now().getTime() / 1000);
    return {
      app_id: this.appId,
      timestamp,
      nonce_str: q.nonce,
      signature: jssdkSignature(ticket, q.nonce, timestamp, q.uri),
    };
  }

  private async limit(key: string, perMinute: number) {
    const v = await this.ctx.limiter.hit(key, perMinute, 60_000);
    if (!v.allowed) throw AppError.rateLimited(Math.ceil(v.retryAfterMs / 1000), '请求');
  }

  /** RSA-SHA256 (PKCS#1 v1.5) over `uri + nonce`, base64. */
  private async verified(q: JssdkConfigQuery, sign: string): Promise<boolean> {
    if (!BASE64.test(sign)) return false;
    const { publicKey } = await this.keys.get();
    try {
      return verify('sha256', Buffer.from(q.uri + q.nonce, 'utf8'), publicKey, Buffer.from(sign, 'base64'));
    } catch {
      return false;
    }
  }

  /** The cached jsapi ticket; a token WeChat refuses is dropped and the ticket fetched once more. */
  private async ticket(): Promise<string> {
    try {
      return await this.fetchTicket(false);
    } catch (err) {
      if (!(err instanceof TokenInvalidError)) throw this.answerable(err);
      await this.tokens.drop('access_token', err.token);
      try {
        return await this.fetchTicket(true);
      } catch (again) {
        if (again instanceof TokenInvalidError) throw wechatError(again.errcode, again.errmsg);
        throw this.answerable(again);
      }
    }
  }

  private fetchTicket(forceRefresh: boolean) {
    const api = this.api!;
    return this.tokens.get('jsapi_ticket', async () => {
      const token = await this.tokens.get('access_token', () => api.accessToken(forceRefresh));
      return api.jsapiTicket(token);
    });
  }

  private answerable(err: unknown) {
    if (err instanceof RefreshBusyError) {
      return new AppError(ErrorCode.UPSTREAM_FAILED, '微信服务暂时无法连接，请稍后再试');
    }
    return err;
  }
}
