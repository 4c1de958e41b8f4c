import type { IncomingHttpHeaders } from 'node:http';
import type { WechatPayConfig } from '../../../config.wechat.js';
import type { Clock } from '../../../platform/clock.js';
import type { ProviderPayment, ProviderRefund } from '../provider.js';
import { decryptResource, type EncryptedResource, signedMessage, type WechatPayKeys } from './crypto.js';
import { paymentOf, refundOf, type WechatRefund, type WechatTransaction } from './provider.js';

/** A notification that is not WeChat Pay's (or not for this merchant): answered 4xx, nothing done. */
export class NotifyRefused extends Error {}

/** How far a notification's timestamp may be from our clock (docs/money.md, WeChat Pay). */
export const NOTIFY_SKEW_SECONDS = 300;

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * WeChat Pay's notifications (payment and refund), checked in this order before anything is believed: the
 * signature over `Wechatpay-Timestamp\nWechatpay-Nonce\n<raw body>\n` with the key of `Wechatpay-Serial`
 * (WeChat's `WECHATPAY/SIGNTEST/` probe is refused like any bad signature), the timestamp within 300 s, then
 * the JSON, then the resource decrypted with the APIv3 key, then the merchant and app.
 */
export class WechatPayNotifications {
  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly clock: Clock,
    private readonly keys: WechatPayKeys,
  ) {}

  /** The decrypted resource, or NotifyRefused. */
  open(headers: IncomingHttpHeaders, raw: Buffer): { eventType: string; resource: unknown } {
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    if (!signature || !serial || !timestamp || !nonce) throw new NotifyRefused('缺少微信支付签名');
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) throw new NotifyRefused('签名探测，验签失败');
    const verdict = this.keys.verify(serial, signedMessage(timestamp, nonce, raw), signature);
    if (verdict === 'unknown') throw new NotifyRefused('未知的微信支付证书序列号');
    if (verdict !== 'ok') throw new NotifyRefused('验签失败');
    // After the signature, so the time cannot be moved; checked at all so an old notification cannot be replayed.
    const now = this.clock.now().getTime() / 1000;
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > NOTIFY_SKEW_SECONDS) {
      throw new NotifyRefused('通知时间戳已过期');
    }
    let body: { event_type?: unknown; resource?: Partial<EncryptedResource> };
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new NotifyRefused('通知内容不是有效的JSON');
    }
    const r = body?.resource;
    if (!r || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') {
      throw new NotifyRefused('通知缺少加密资源');
    }
    let plaintext: string;
    try {
      plaintext = decryptResource(this.cfg.apiV3Key, {
        algorithm: String(r.algorithm),
        ciphertext: r.ciphertext,
        nonce: r.nonce,
        associated_data: typeof r.associated_data === 'string' ? r.associated_data : '',
      });
    } catch {
      throw new NotifyRefused('通知资源解密失败');
    }
    let resource: unknown;
    try {
      resource = JSON.parse(plaintext);
    } catch {
      throw new NotifyRefused('通知资源不是有效的JSON');
    }
    if (!resource || typeof resource !== 'object') throw new NotifyRefused('通知资源有误');
    return { eventType: typeof body.event_type === 'string' ? body.event_type : '', resource };
  }

  /** A payment notification: the payment it reports, for this merchant and app only. */
  payment(headers: IncomingHttpHeaders, raw: Buffer): ProviderPayment {
    const t = this.open(headers, raw).resource as Partial<WechatTransaction>;
    if (t.mchid !== this.cfg.mchId) throw new NotifyRefused('商户号不匹配');
    const apps = [this.cfg.appId, this.cfg.mpAppId].filter(Boolean);
    if (typeof t.appid !== 'string' || !apps.includes(t.appid)) throw new NotifyRefused('应用ID不匹配');
    if (typeof t.out_trade_no !== 'string' || !t.out_trade_no) throw new NotifyRefused('通知缺少商户订单号');
    return { ...paymentOf(t as WechatTransaction), raw: { source: 'notification', body: t } };
  }

  /** A refund notification: the refund it reports, for this merchant only (it names no app). */
  refund(headers: IncomingHttpHeaders, raw: Buffer): ProviderRefund {
    const r = this.open(headers, raw).resource as Partial<WechatRefund> & { mchid?: string };
    if (r.mchid !== this.cfg.mchId) throw new NotifyRefused('商户号不匹配');
    if (typeof r.out_refund_no !== 'string' || typeof r.out_trade_no !== 'string') {
      throw new NotifyRefused('通知缺少退款单号');
    }
    return { ...refundOf(r as WechatRefund), raw: { source: 'notification', body: r } };
  }
}
