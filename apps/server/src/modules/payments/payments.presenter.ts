import type {
  AdminOrder,
  AdminOrderDetail,
  CreatedOrder,
  MemberPlans,
  Order,
  OrderKind,
  PayAction,
  PayChannel,
  SandboxPayment,
} from '@lingxi/contract';
import type { ProviderPayload } from '../../db/schema/payments.js';
import { yuan } from '../../platform/clock.js';
import { csvTime } from '../../platform/http/csv.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AdminOrderDetailRow } from './orders-admin.service.js';
import type { OrderRow } from './orders.repository.js';

type MoneySettings = Awaited<ReturnType<SettingsService['money']>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentOrder = (o: OrderRow): Order => ({
  order_no: o.orderNo,
  kind: o.kind as OrderKind,
  item_id: o.itemId,
  title: o.title,
  amount_fen: o.amountFen,
  chips: o.chips,
  vip_days: o.vipDays,
  channel: o.channel as PayChannel,
  status: o.status,
  created_at: o.createdAt.toISOString(),
  expires_at: o.expiresAt.toISOString(),
  paid_at: iso(o.paidAt),
  refunded_at: iso(o.refundedAt),
});

export const presentCreatedOrder = (o: OrderRow & { pay: PayAction }): CreatedOrder => ({
  order_no: o.orderNo,
  amount_fen: o.amountFen,
  status: o.status,
  pay: o.pay,
});

export type UserBrief = { id: number; nickname: string; phone: string | null };

export const presentAdminOrder = (o: OrderRow & { user: UserBrief }): AdminOrder => ({
  ...presentOrder(o),
  user: { id: o.user.id, nickname: o.user.nickname, phone: o.user.phone },
  transaction_id: o.transactionId,
  refund_note: o.refundNote,
});

const payload = (p: ProviderPayload | null): AdminOrderDetail['payment_payload'] =>
  p ? { source: p.source, received_at: p.received_at, body: p.body } : null;

export const presentAdminOrderDetail = (o: AdminOrderDetailRow): AdminOrderDetail => ({
  ...presentAdminOrder(o),
  provider: o.provider,
  vip_tier: o.vipTier,
  fulfilled_at: iso(o.fulfilledAt),
  closed_at: iso(o.closedAt),
  events: o.events,
  refund: o.refundStatus
    ? {
        refund_no: o.refundNo,
        status: o.refundStatus,
        reason: o.refundReason,
        requested_at: iso(o.refundRequestedAt),
      }
    : null,
  refundable: o.status === 'fulfilled' && o.refundStatus !== 'processing',
  pay: (o.pay as PayAction | null) ?? null,
  payment_payload: payload(o.paymentPayload),
  refund_payload: payload(o.refundPayload),
  commission: o.commission && {
    inviter: o.commission.inviter,
    amount_fen: o.commission.amountFen,
    reversed_fen: o.commission.reversedFen,
    at: o.commission.at.toISOString(),
  },
});

const STATUS: Record<OrderRow['status'], string> = {
  pending: '待支付',
  paid: '已支付',
  fulfilled: '已完成',
  closed: '已关闭',
  refunded: '已退款',
};
const CHANNEL: Record<PayChannel, string> = {
  sandbox: '沙箱支付',
  wechat_jsapi: '微信支付（公众号）',
  wechat_h5: '微信支付（H5）',
  wechat_native: '微信支付（扫码）',
  wechat_miniprogram: '微信支付（小程序）',
};

/** The order list as a spreadsheet (docs/admin.md, Tables and exports): a header row, then one row per order. */
export const orderCsvRows = (rows: (OrderRow & { user: UserBrief })[]): unknown[][] => [
  [
    '订单号',
    '用户ID',
    '昵称',
    '手机号',
    '类型',
    '商品',
    '金额（元）',
    '状态',
    '支付渠道',
    '交易号',
    '下单时间',
    '支付时间',
    '退款时间',
    '退款说明',
  ],
  ...rows.map((o) => [
    o.orderNo,
    o.userId,
    o.user.nickname,
    o.user.phone ?? '',
    o.kind === 'vip' ? '会员' : '芯片',
    o.title,
    yuan(o.amountFen),
    STATUS[o.status],
    CHANNEL[o.channel as PayChannel] ?? o.channel,
    o.transactionId ?? '',
    csvTime(o.createdAt),
    csvTime(o.paidAt),
    csvTime(o.refundedAt),
    o.refundNote ?? '',
  ]),
];

export const presentPlans = (
  money: MoneySettings,
  channels: PayChannel[],
  oaAppId: string | null,
): MemberPlans => ({
  tiers: money.vip_tiers.map((t) => ({
    id: t.id,
    name: t.name,
    price_fen: t.price_fen,
    original_price_fen: t.original_price_fen,
    days: t.days,
    monthly_chips: t.monthly_chips,
    benefits: t.benefits,
  })),
  packages: money.chip_packages.map((p) => ({
    id: p.id,
    price_fen: p.price_fen,
    chips: p.chips,
    tag: p.tag,
  })),
  vip_discount_percent: money.vip_discount_percent,
  channels,
  wechat_oa_app_id: oaAppId,
});

export const presentSandboxPayment = (o: OrderRow): SandboxPayment => ({
  order_no: o.orderNo,
  title: o.title,
  amount_fen: o.amountFen,
  status: o.status,
});
