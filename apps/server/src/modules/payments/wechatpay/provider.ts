import type { PayAction, PayChannel } from '@lingxi/contract';
import type { WechatPayConfig } from '../../../config.wechat.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import type { PaymentProvider, ProviderOrder, ProviderPayment, ProviderRefund } from '../provider.js';
import { WechatPayClient, WechatPayError } from './client.js';
import { nonceStr } from './crypto.js';

/** The parameters of `getBrandWCPayRequest` (OA web pages) and, without appId, of `wx.requestPayment`. */
/** The parameters of getBrandWCPayRequest / wx.requestPayment, as the contract gives them to the client. */
export type JsapiParams = Extract<PayAction, { channel: 'wechat_jsapi' }>['params'];

/** WeChat Pay's transaction, as query and the payment notification give it. */
export type WechatTransaction = {
  appid?: string;
  mchid?: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number };
};

export type WechatRefund = {
  refund_id?: string;
  out_refund_no: string;
  out_trade_no: string;
  status?: string;
  refund_status?: string;
};

/** RFC 3339 in China time, seconds precision: the form WeChat Pay documents for `time_expire`. */
export function rfc3339China(d: Date) {
  const local = new Date(Math.floor(d.getTime() / 1000) * 1000 + 8 * 3_600_000);
  return local.toISOString().replace(/\.\d{3}Z$/, '+08:00');
}

/** trade_state → ours. REFUND: it was paid (a refund followed), which is what fulfilment must know. */
export function paymentOf(t: WechatTransaction): ProviderPayment {
  const s = t.trade_state;
  const state =
    s === 'SUCCESS' || s === 'REFUND' ? 'paid' : s === 'NOTPAY' || s === 'USERPAYING' ? 'pending' : 'closed';
  return {
    orderNo: t.out_trade_no,
    state,
    transactionId: t.transaction_id || undefined,
    amountFen: t.amount?.total,
    mchId: t.mchid,
    appId: t.appid,
    paidAt: t.success_time ? new Date(t.success_time) : undefined,
  };
}

/** A refund's status (`status` in answers, `refund_status` in notifications) → ours. */
export function refundOf(r: WechatRefund): ProviderRefund {
  const s = r.status ?? r.refund_status;
  return {
    refundNo: r.out_refund_no,
    orderNo: r.out_trade_no,
    state: s === 'SUCCESS' ? 'succeeded' : s === 'PROCESSING' ? 'processing' : 'failed',
    refundId: r.refund_id || undefined,
  };
}

const MP_PAGE = '/pages/pay/pay';

/**
 * WeChat Pay API v3 (docs/money.md, WeChat Pay): JSAPI inside WeChat, H5 in other mobile browsers, Native QR on
 * desktop; inside the mini-program web view the host mini-program's pay page takes over.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechatpay' as const;
  readonly channels: readonly PayChannel[] = [
    'wechat_jsapi',
    'wechat_h5',
    'wechat_native',
    'wechat_miniprogram',
  ];
  readonly client: WechatPayClient;

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly clock: Clock,
    client?: WechatPayClient,
  ) {
    this.client = client ?? new WechatPayClient(cfg, clock);
  }

  async create(order: ProviderOrder): Promise<PayAction> {
    switch (order.channel) {
      case 'wechat_miniprogram':
        // The web view cannot pay: the host mini-program's page asks us for JSAPI parameters with its own openid.
        return { channel: 'wechat_miniprogram', path: `${MP_PAGE}?order_no=${order.orderNo}` };
      case 'wechat_jsapi':
        return { channel: 'wechat_jsapi', params: await this.jsapi(order, this.cfg.appId) };
      case 'wechat_h5': {
        const { data } = await this.client.request<{ h5_url: string }>(
          'POST',
          '/v3/pay/transactions/h5',
          this.body(order, this.cfg.appId, {
            scene_info: { payer_client_ip: order.clientIp, h5_info: { type: 'Wap' } },
          }),
        );
        return { channel: 'wechat_h5', h5_url: data.h5_url };
      }
      case 'wechat_native': {
        const { data } = await this.client.request<{ code_url: string }>(
          'POST',
          '/v3/pay/transactions/native',
          this.body(order, this.cfg.appId, {}),
        );
        return { channel: 'wechat_native', code_url: data.code_url };
      }
      default:
        throw AppError.badRequest('微信支付不支持该支付方式');
    }
  }

  /**
   * A JSAPI prepay for `appId` (the OA's, or the host mini-program's, which must be bound to the merchant) and
   * its signed parameters. Asked again with the same order, WeChat Pay answers the same prepay.
   */
  async jsapi(order: ProviderOrder, appId: string): Promise<JsapiParams> {
    if (!order.openid) throw AppError.badRequest('请在微信内打开并授权后再支付');
    const { data } = await this.client.request<{ prepay_id: string }>(
      'POST',
      '/v3/pay/transactions/jsapi',
      this.body(order, appId, { payer: { openid: order.openid } }),
    );
    const timeStamp = String(Math.floor(this.clock.now().getTime() / 1000));
    const nonce = nonceStr();
    const pkg = `prepay_id=${data.prepay_id}`;
    return {
      appId,
      timeStamp,
      nonceStr: nonce,
      package: pkg,
      signType: 'RSA',
      paySign: this.client.sign(`${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`),
    };
  }

  private body(order: ProviderOrder, appId: string, extra: object) {
    return {
      appid: appId,
      mchid: this.cfg.mchId,
      // WeChat Pay takes at most 127 bytes; titles are short, this only guards.
      description: Buffer.from(order.description)
        .subarray(0, 127)
        .toString('utf8')
        .replace(/\uFFFD+$/, ''),
      out_trade_no: order.orderNo,
      time_expire: rfc3339China(order.expiresAt),
      notify_url: this.cfg.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
      ...extra,
    };
  }

  async query(orderNo: string): Promise<ProviderPayment> {
    try {
      const { data } = await this.client.request<WechatTransaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${this.cfg.mchId}`,
      );
      return { ...paymentOf(data), raw: { source: 'query', body: data } };
    } catch (err) {
      // Never created at WeChat Pay (a mini-program order whose page was not opened): nothing paid yet.
      if (err instanceof WechatPayError && /^ORDER_?NOT_?EXIST$/.test(err.wechatCode)) {
        return { orderNo, state: 'pending' };
      }
      throw err;
    }
  }

  /** Throws WechatPayError `ORDERPAID` (code 10009) when it was paid meanwhile: query it and fulfil instead. */
  async close(orderNo: string): Promise<void> {
    try {
      await this.client.request(
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`,
        {
          mchid: this.cfg.mchId,
        },
      );
    } catch (err) {
      if (err instanceof WechatPayError && /^ORDER_?NOT_?EXIST$/.test(err.wechatCode)) return;
      throw err;
    }
  }

  async refund(r: {
    orderNo: string;
    refundNo: string;
    amountFen: number;
    totalFen: number;
    reason: string;
  }): Promise<ProviderRefund> {
    const { data } = await this.client.request<WechatRefund>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: r.orderNo,
      out_refund_no: r.refundNo,
      reason: r.reason ? [...r.reason].slice(0, 80).join('') : undefined,
      notify_url: this.cfg.refundNotifyUrl,
      amount: { refund: r.amountFen, total: r.totalFen, currency: 'CNY' },
    });
    return { ...refundOf(data), raw: { source: 'answer', body: data } };
  }
}
