import type {
  AdminOrder,
  CreatedOrder,
  MemberPlans,
  Order,
  OrderKind,
  PayAction,
  PayChannel,
  SandboxPayment,
} from '@lingxi/contract';
import type { SettingsService } from '../settings/settings.service.js';
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

export const presentAdminOrder =
  (users: Map<number, UserBrief>) =>
  (o: OrderRow): AdminOrder => ({
    ...presentOrder(o),
    user: users.get(o.userId) ?? { id: o.userId, nickname: '已注销用户', phone: null },
    transaction_id: o.transactionId,
    refund_note: o.refundNote,
  });

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
