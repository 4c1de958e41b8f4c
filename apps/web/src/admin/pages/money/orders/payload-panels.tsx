import type { AdminOrderDetail, ProviderPayload } from '@lingxi/contract';
import { Collapse, Empty, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatSeconds } from '../../../lib/format';

const PRE = {
  margin: 0,
  maxHeight: 320,
  overflow: 'auto',
  padding: '10px 12px',
  background: '#f7f8fa',
  borderRadius: 6,
  fontSize: 12,
  lineHeight: 1.5,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

function Json({ value }: { value: unknown }) {
  return <pre style={PRE}>{JSON.stringify(value, null, 2)}</pre>;
}

/** Where a payload came from: `orders.payload.source.<source>`. */
function labelOf(t: TFunction, title: string, p: ProviderPayload) {
  return (
    <span>
      {title}
      <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
        {t(`orders.payload.source.${p.source}`)} · {formatSeconds(p.received_at)}
      </Typography.Text>
    </span>
  );
}

/**
 * What the payment provider said about the order, folded away (docs/admin.md, Money): the verified payment
 * (notification or query), the refund's answer or notification, and the payment parameters made at creation.
 */
export function PayloadPanels({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const items = [
    order.payment_payload && {
      key: 'payment',
      label: labelOf(t, t('orders.payload.payment'), order.payment_payload),
      children: <Json value={order.payment_payload.body} />,
    },
    order.refund_payload && {
      key: 'refund',
      label: labelOf(t, t('orders.payload.refund'), order.refund_payload),
      children: <Json value={order.refund_payload.body} />,
    },
    order.pay && {
      key: 'pay',
      label: <span>{t('orders.payload.pay')}</span>,
      children: <Json value={order.pay} />,
    },
  ].filter((x): x is NonNullable<typeof x> => Boolean(x));
  if (!items.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.payload.none')} />;
  return <Collapse size="small" items={items} />;
}
