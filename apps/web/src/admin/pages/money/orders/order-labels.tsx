import type { OrderKind, OrderStatus, PayChannel } from '@lingxi/contract';
import { Tag } from 'antd';

/** An order's state as the desk shows it (docs/money.md, Orders and payments). */
export const ORDER_STATUS: Record<OrderStatus, { label: string; color: string }> = {
  pending: { label: '待支付', color: 'gold' },
  paid: { label: '已支付', color: 'blue' },
  fulfilled: { label: '已完成', color: 'green' },
  closed: { label: '已关闭', color: 'default' },
  refunded: { label: '已退款', color: 'red' },
};

export const PAY_CHANNEL: Record<PayChannel, string> = {
  sandbox: '沙箱支付',
  wechat_jsapi: '微信 · 公众号',
  wechat_h5: '微信 · H5',
  wechat_native: '微信 · 扫码',
  wechat_miniprogram: '微信 · 小程序',
};

export const ORDER_KIND: Record<OrderKind, { label: string; color: string }> = {
  vip: { label: '会员', color: 'purple' },
  chips: { label: '芯片', color: 'cyan' },
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const s = ORDER_STATUS[status];
  return (
    <Tag color={s.color} bordered={false}>
      {s.label}
    </Tag>
  );
}

export function OrderKindTag({ kind }: { kind: OrderKind }) {
  const k = ORDER_KIND[kind];
  return (
    <Tag color={k.color} bordered={false} style={{ marginInlineEnd: 6 }}>
      {k.label}
    </Tag>
  );
}
