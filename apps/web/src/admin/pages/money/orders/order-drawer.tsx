import type { AdminOrderDetail, OrderEvent } from '@lingxi/contract';
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Descriptions, Divider, Drawer, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSeconds, formatYuan } from '../../../lib/format';
import { UserCell } from '../../../ui/user-cell';
import { useOrderDetail } from './api';
import { OrderKindTag, OrderStatusTag, payChannel } from './order-labels';
import { PayloadPanels } from './payload-panels';
import { RefundModal } from './refund-modal';

/** The timeline's colours; the names are `orders.event.<state>`. */
const EVENT_COLOR: Record<OrderEvent['state'], string> = {
  created: 'gray',
  closed: 'gray',
  paid: 'blue',
  fulfilled: 'green',
  refund_requested: 'orange',
  refunded: 'red',
};

/** The refund's colours; the names are `orders.refund.<status>`. */
const REFUND_COLOR = { processing: 'processing', succeeded: 'success', failed: 'error' } as const;

/** One order, everything about it (docs/admin.md, Money): fields, timeline, refund, commission, payloads. */
export function OrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(orderNo);
  const [refunding, setRefunding] = useState(false);
  const o = detail.data;
  return (
    <Drawer
      title={orderNo ? t('orders.drawer.title', { no: orderNo }) : t('orders.title')}
      width={640}
      open={Boolean(orderNo)}
      onClose={onClose}
      extra={
        o?.refundable ? (
          <Button danger icon={<RollbackOutlined />} onClick={() => setRefunding(true)}>
            {o.refund?.status === 'failed' ? t('orders.drawer.refundAgain') : t('orders.drawer.refund')}
          </Button>
        ) : null
      }
    >
      {!o ? (
        detail.isError ? (
          <Empty description={t('orders.drawer.loadFailed')} />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )
      ) : (
        <OrderBody order={o} />
      )}
      {o ? <RefundModal order={o} open={refunding} onClose={() => setRefunding(false)} /> : null}
    </Drawer>
  );
}

function OrderBody({ order: o }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('orders.col.orderNo')} span={2}>
          <Typography.Text copyable code>
            {o.order_no}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <OrderStatusTag status={o.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('common.amount')}>
          <strong>{formatYuan(o.amount_fen)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.user')} span={2}>
          <UserCell user={o.user} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.col.item')} span={2}>
          <OrderKindTag kind={o.kind} />
          {o.title}
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {o.kind === 'vip'
              ? o.chips
                ? t('orders.drawer.vipWithChips', {
                    days: o.vip_days,
                    tier: o.vip_tier ?? o.item_id,
                    chips: o.chips,
                  })
                : t('orders.drawer.vip', { days: o.vip_days, tier: o.vip_tier ?? o.item_id })
              : t('orders.drawer.package', { id: o.item_id })}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.col.channel')}>{payChannel(t, o.channel)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.drawer.provider')}>
          {o.provider === 'wechatpay' ? t('orders.drawer.wechatpay') : t('orders.drawer.sandbox')}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.drawer.transaction')} span={2}>
          {o.transaction_id ? (
            <Typography.Text copyable>{o.transaction_id}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.drawer.createdAt')}>
          {formatSeconds(o.created_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.drawer.paidAt')}>{formatSeconds(o.paid_at)}</Descriptions.Item>
      </Descriptions>

      <Divider orientation="left" plain>
        {t('orders.drawer.timeline')}
      </Divider>
      <Timeline
        style={{ marginTop: 8, marginBottom: -24 }}
        items={o.events.map((e) => ({
          color: EVENT_COLOR[e.state],
          children: (
            <span>
              {t(`orders.event.${e.state}`)}
              <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
                {formatSeconds(e.at)}
              </Typography.Text>
            </span>
          ),
        }))}
      />
      {o.status === 'pending' ? (
        <Typography.Text type="secondary">
          {t('orders.drawer.closesAt', { time: formatSeconds(o.expires_at) })}
        </Typography.Text>
      ) : null}

      {o.refund ? (
        <>
          <Divider orientation="left" plain>
            {t('orders.drawer.refund')}
          </Divider>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('orders.drawer.refundStatus')}>
              <Tag color={REFUND_COLOR[o.refund.status]}>{t(`orders.refund.${o.refund.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.drawer.refundNo')}>
              {o.refund.refund_no ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.drawer.refundReason')} span={2}>
              {o.refund.reason ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.drawer.clawback')} span={2}>
              {o.refund_note ?? '—'}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}

      <Divider orientation="left" plain>
        {t('orders.drawer.commission')}
      </Divider>
      {o.commission ? (
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={t('orders.drawer.inviter')} span={2}>
            <UserCell user={o.commission.inviter} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.drawer.commissionAmount')}>
            {formatYuan(o.commission.amount_fen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.drawer.reversed')}>
            {o.commission.reversed_fen ? formatYuan(o.commission.reversed_fen) : '—'}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t('orders.drawer.noCommission')}</Typography.Text>
      )}

      <Divider orientation="left" plain>
        {t('orders.drawer.payloads')}
      </Divider>
      <PayloadPanels order={o} />
    </>
  );
}
