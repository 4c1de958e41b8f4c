import { ErrorCode, type MiniProgramPayParams } from '@lingxi/contract';
import type { Config } from '../../../config.js';
import type { Executor } from '../../../db/client.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import type { AuthUser } from '../../../platform/http/auth.js';
import type { ProviderPayment, ProviderRefund } from '../provider.js';
import { WechatPayKeys } from './crypto.js';
import { WechatPayNotifications } from './notify.js';
import { wechatOrdersRepository } from './orders.repository.js';
import { WechatPayProvider } from './provider.js';
import { WechatAuth } from './wechat-auth.js';

/**
 * What the notification routes hand a verified notification to: the payments service (its `fulfil` and
 * `completeRefund`, both idempotent; they throw on a mismatch such as the amount or an unknown order).
 */
export type PaymentCallbacks = {
  fulfil(p: ProviderPayment): Promise<{ fulfilled: boolean }>;
  completeRefund(r: ProviderRefund): Promise<void>;
};

const CLOSED_MESSAGES: Record<string, string> = {
  paid: '该订单已支付',
  fulfilled: '该订单已支付',
  closed: '该订单已关闭，请重新下单',
  refunded: '该订单已退款',
};

/**
 * Everything WeChat (docs/money.md, WeChat Pay): the pay provider and its notifications when WECHATPAY_MCH_ID is
 * set (else both undefined), the openid authorisations, and the host mini-program's payment of an order.
 */
export class Wechat {
  readonly pay?: WechatPayProvider;
  readonly notifications?: WechatPayNotifications;
  readonly auth: WechatAuth;

  constructor(private readonly ctx: { config: Config; db: Executor; clock: Clock }) {
    const cfg = ctx.config.wechat;
    if (cfg.pay) {
      this.pay = new WechatPayProvider(cfg.pay, ctx.clock);
      this.notifications = new WechatPayNotifications(cfg.pay, ctx.clock, new WechatPayKeys(cfg.pay.keys));
    }
    this.auth = new WechatAuth(cfg, ctx.db, ctx.clock);
  }

  /** The user's OA openid for a JSAPI order, or null (the client then starts the OA authorisation). */
  oaOpenIdOf(userId: number) {
    return this.auth.oaOpenIdOf(userId);
  }

  /**
   * The host mini-program's pay page: the order (the user's own, pending, channel `wechat_miniprogram`) is
   * prepaid as JSAPI for the mini-program's app with the openid of its `wx.login` code.
   */
  async miniProgramPay(user: AuthUser, orderNo: string, code: string): Promise<MiniProgramPayParams> {
    const mp = this.ctx.config.wechat.mp;
    if (!this.pay || !mp) throw AppError.badRequest('暂不支持在小程序内支付');
    const order = await wechatOrdersRepository.findOwn(this.ctx.db, user.id, orderNo);
    if (!order) throw AppError.notFound('订单不存在');
    if (order.channel !== 'wechat_miniprogram') throw AppError.badRequest('该订单不是小程序支付订单');
    const closed = CLOSED_MESSAGES[order.status];
    if (closed) throw new AppError(ErrorCode.CONFLICT, closed);
    if (order.expiresAt.getTime() <= this.ctx.clock.now().getTime()) {
      throw new AppError(ErrorCode.CONFLICT, '订单已超时，请重新下单');
    }
    const openid = await this.auth.miniProgramOpenId(code);
    const { appId: _appId, ...params } = await this.pay.jsapi(
      {
        orderNo: order.orderNo,
        amountFen: order.amountFen,
        description: order.title,
        channel: 'wechat_miniprogram',
        expiresAt: order.expiresAt,
        openid,
        clientIp: '',
      },
      mp.appId,
    );
    return params;
  }
}
