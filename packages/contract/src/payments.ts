import { z } from 'zod';

/** A VIP tier from the settings (docs/product.md, Money). */
export const vipTier = z.object({
  id: z.string(),
  name: z.string(),
  price_fen: z.number().int(),
  /** A struck-through price, when the operator shows one. */
  original_price_fen: z.number().int().nullable(),
  days: z.number().int(),
  monthly_chips: z.number().int(),
  benefits: z.array(z.string()),
});
export type VipTier = z.infer<typeof vipTier>;

export const chipPackage = z.object({
  id: z.string(),
  price_fen: z.number().int(),
  chips: z.number().int(),
  /** A label such as 超值 (empty: none). */
  tag: z.string(),
});
export type ChipPackage = z.infer<typeof chipPackage>;

export const payChannel = z.enum([
  'sandbox',
  'wechat_jsapi',
  'wechat_h5',
  'wechat_native',
  /** Inside the mini-program web view: the host mini-program pays (docs/product.md, Money). */
  'wechat_miniprogram',
]);
export type PayChannel = z.infer<typeof payChannel>;

export const memberPlans = z.object({
  tiers: z.array(vipTier),
  packages: z.array(chipPackage),
  /** Percent off chip prices for members (20 = 20 % off); prices round up to a whole chip. */
  vip_discount_percent: z.number().int(),
  /** The channels this server can take now; the client picks one of them from where it runs. */
  channels: z.array(payChannel),
  /**
   * The WeChat official account's app id, for the OA web authorisation the JSAPI channel needs (the openid); absent
   * or null when WeChat Pay is not configured.
   */
  wechat_oa_app_id: z.string().nullable().optional(),
});
export type MemberPlans = z.infer<typeof memberPlans>;

export const orderKind = z.enum(['vip', 'chips']);
export type OrderKind = z.infer<typeof orderKind>;

export const orderStatus = z.enum(['pending', 'paid', 'fulfilled', 'closed', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const createOrderBody = z.object({
  kind: orderKind,
  item_id: z.string().min(1).max(64),
  channel: payChannel,
  agree_terms: z.literal(true, { message: '请先阅读并同意《芯片充值协议》' }),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

/** What the client needs to pay, by channel. */
export const payAction = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('sandbox'), confirm_url: z.string() }),
  z.object({
    channel: z.literal('wechat_jsapi'),
    /** The parameters of WeixinJSBridge's getBrandWCPayRequest, signed. */
    params: z.object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    }),
  }),
  z.object({ channel: z.literal('wechat_h5'), h5_url: z.string() }),
  z.object({ channel: z.literal('wechat_native'), code_url: z.string() }),
  /** The host mini-program's pay page (wx.miniProgram.navigateTo). */
  z.object({ channel: z.literal('wechat_miniprogram'), path: z.string() }),
]);
export type PayAction = z.infer<typeof payAction>;

export const order = z.object({
  order_no: z.string(),
  kind: orderKind,
  item_id: z.string(),
  title: z.string(),
  amount_fen: z.number().int(),
  /** Chips the order gives (a chip package), or 0. */
  chips: z.number().int(),
  /** VIP days the order gives, or 0. */
  vip_days: z.number().int(),
  channel: payChannel,
  status: orderStatus,
  created_at: z.string(),
  /** A pending order closes then. */
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const createdOrder = z.object({
  order_no: z.string(),
  amount_fen: z.number().int(),
  status: orderStatus,
  pay: payAction,
});
export type CreatedOrder = z.infer<typeof createdOrder>;

export const orderNoParams = z.object({ order_no: z.string().regex(/^[A-Za-z0-9]{8,32}$/, '订单号有误') });

/** The sandbox's confirm page (`/pay/sandbox?order_no=`): what is being paid. No real money moves. */
export const sandboxPayment = z.object({
  order_no: z.string(),
  title: z.string(),
  amount_fen: z.number().int(),
  status: orderStatus,
});
export type SandboxPayment = z.infer<typeof sandboxPayment>;

/** `GET /wechat/oa/openid?code=`: the OA web authorisation's code, exchanged and bound to the user. */
export const oaOpenIdQuery = z.object({ code: z.string().min(1).max(128) });
export const oaOpenId = z.object({ openid: z.string() });
export type OaOpenId = z.infer<typeof oaOpenId>;

/**
 * `POST /order/{order_no}/miniprogram-pay`: the host mini-program's pay page sends its `wx.login` code and gets
 * the parameters of `wx.requestPayment` for the order (docs/money.md, WeChat Pay).
 */
export const miniProgramPayBody = z.object({ code: z.string().min(1).max(128) });
export const miniProgramPayParams = z.object({
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type MiniProgramPayParams = z.infer<typeof miniProgramPayParams>;
