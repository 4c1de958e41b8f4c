import type { OrderKind, OrderStatus, PayChannel } from '@lingxi/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/*
 * An order's state, kind and channel as the desk shows them (docs/money.md, Orders and payments): the colours here,
 * the names in the `orders` section (`orders.status.<state>`, `orders.kind.<kind>`, `orders.channel.<channel>`).
 */

export const ORDER_STATUS: Record<OrderStatus, { color: string }> = {
  pending: { color: 'gold' },
  paid: { color: 'blue' },
  fulfilled: { color: 'green' },
  closed: { color: 'default' },
  refunded: { color: 'red' },
};

export const PAY_CHANNELS: PayChannel[] = [
  'sandbox',
  'wechat_jsapi',
  'wechat_h5',
  'wechat_native',
  'wechat_miniprogram',
];

/** A channel's name; one this console does not know yet shows as the server sent it. */
export const payChannel = (t: TFunction, c: string) => t(`orders.channel.${c}`, { defaultValue: c });

export const ORDER_KIND: Record<OrderKind, { color: string }> = {
  vip: { color: 'purple' },
  chips: { color: 'cyan' },
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_STATUS[status].color} bordered={false}>
      {t(`orders.status.${status}`)}
    </Tag>
  );
}

export function OrderKindTag({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_KIND[kind].color} bordered={false} style={{ marginInlineEnd: 6 }}>
      {t(`orders.kind.${kind}`)}
    </Tag>
  );
}
