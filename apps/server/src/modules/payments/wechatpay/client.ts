import { ErrorCode } from '@lingxi/contract';
import type { KeyObject } from 'node:crypto';
import type { WechatPayConfig } from '../../../config.wechat.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import { nonceStr, privateKeyOf, rsaSign, signedMessage, WechatPayKeys } from './crypto.js';

/** WeChat Pay's error codes, as our users read them (docs/money.md, WeChat Pay). */
const MESSAGES: Record<string, [number, string]> = {
  ORDERPAID: [ErrorCode.CONFLICT, '该订单已支付'],
  ORDER_CLOSED: [ErrorCode.CONFLICT, '该订单已关闭，请重新下单'],
  ORDERCLOSED: [ErrorCode.CONFLICT, '该订单已关闭，请重新下单'],
  ORDER_NOT_EXIST: [ErrorCode.NOT_FOUND, '微信支付订单不存在'],
  ORDERNOTEXIST: [ErrorCode.NOT_FOUND, '微信支付订单不存在'],
  RESOURCE_NOT_EXISTS: [ErrorCode.NOT_FOUND, '微信支付订单不存在'],
  NOT_ENOUGH: [ErrorCode.CONFLICT, '商户账户余额不足，暂时无法退款'],
  USER_ACCOUNT_ABNORMAL: [ErrorCode.CONFLICT, '付款用户的微信账户异常，无法原路退款'],
  FREQUENCY_LIMITED: [ErrorCode.RATE_LIMITED, '微信支付请求过于频繁，请稍后再试'],
  RULE_LIMIT: [ErrorCode.CONFLICT, '微信支付拒绝了该请求（业务规则限制）'],
  NO_AUTH: [ErrorCode.INTERNAL, '商户暂无此支付权限，请联系客服'],
  SIGN_ERROR: [ErrorCode.INTERNAL, '微信支付签名校验失败，请联系客服'],
  APPID_MCHID_NOT_MATCH: [ErrorCode.INTERNAL, '微信支付商户配置有误，请联系客服'],
  MCH_NOT_EXISTS: [ErrorCode.INTERNAL, '微信支付商户配置有误，请联系客服'],
  PARAM_ERROR: [ErrorCode.BAD_REQUEST, '微信支付请求参数有误'],
  INVALID_REQUEST: [ErrorCode.BAD_REQUEST, '微信支付请求有误'],
};

const UNAVAILABLE = '微信支付暂时不可用，请稍后再试';

/** A failure of a WeChat Pay call: an AppError users read, and WeChat's own code for the caller's logic. */
export class WechatPayError extends AppError {
  constructor(
    readonly wechatCode: string,
    readonly httpStatus: number,
    /** WeChat's own message, for the log. */
    readonly detail?: string,
  ) {
    const [code, msg] = MESSAGES[wechatCode] ?? [ErrorCode.INTERNAL, UNAVAILABLE];
    super(code, msg);
  }
}

export type WechatPayResponse<T> = { status: number; data: T };

/**
 * API v3 requests: each signed `WECHATPAY2-SHA256-RSA2048` with the merchant's key over
 * `METHOD\nURL\ntimestamp\nnonce\nbody\n`, each answer verified against WeChat Pay's key of its
 * `Wechatpay-Serial` before it is read.
 */
export class WechatPayClient {
  private readonly key: KeyObject;
  readonly keys: WechatPayKeys;

  constructor(
    readonly cfg: WechatPayConfig,
    private readonly clock: Clock,
    private readonly timeoutMs = 15_000,
  ) {
    this.key = privateKeyOf(cfg.mchPrivateKey);
    this.keys = new WechatPayKeys(cfg.keys);
  }

  /** The merchant's signature of a message (JSAPI's paySign too). */
  sign(message: string) {
    return rsaSign(this.key, message);
  }

  authorization(method: string, url: string, body: string) {
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    const nonce = nonceStr();
    const signature = this.sign(`${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`);
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.cfg.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${this.cfg.mchSerial}"`
    );
  }

  /** Throws WechatPayError for WeChat's refusals and for answers that fail verification or never come. */
  async request<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<WechatPayResponse<T>> {
    const url = new URL(this.cfg.baseUrl + path);
    const payload = body === undefined ? '' : JSON.stringify(body);
    let res: Response;
    let raw: Buffer;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: this.authorization(method, url.pathname + url.search, payload),
          accept: 'application/json',
          'user-agent': 'lingxi-wechatpay/1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      raw = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new WechatPayError('NETWORK', 0, (err as Error).message);
    }
    const signature = res.headers.get('wechatpay-signature');
    const signed = signature
      ? this.keys.verify(
          res.headers.get('wechatpay-serial') ?? '',
          signedMessage(
            res.headers.get('wechatpay-timestamp') ?? '',
            res.headers.get('wechatpay-nonce') ?? '',
            raw,
          ),
          signature,
        )
      : 'missing';
    // A success is believed only when signed; a refusal is a refusal either way (its text is only logged).
    if (res.ok && signed !== 'ok') throw new WechatPayError('BAD_RESPONSE_SIGNATURE', res.status, signed);
    const text = raw.toString('utf8');
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        throw new WechatPayError('BAD_RESPONSE', res.status, text.slice(0, 200));
      }
    }
    if (!res.ok) {
      const e = (data ?? {}) as { code?: string; message?: string };
      throw new WechatPayError(e.code ?? `HTTP_${res.status}`, res.status, e.message);
    }
    return { status: res.status, data: data as T };
  }
}
