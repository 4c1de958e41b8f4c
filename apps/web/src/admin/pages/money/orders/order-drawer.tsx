import type { AdminOrderDetail, OrderEvent } from '@lingxi/contract';
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Descriptions, Divider, Drawer, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { formatSeconds, formatYuan } from '../../../lib/format';
import { UserCell } from '../../../ui/user-cell';
import { useOrderDetail } from './api';
import { OrderKindTag, OrderStatusTag, PAY_CHANNEL } from './order-labels';
import { PayloadPanels } from './payload-panels';
import { RefundModal } from './refund-modal';

const EVENT: Record<OrderEvent['state'], { label: string; color: string }> = {
  created: { label: '创建订单', color: 'gray' },
  closed: { label: '超时关闭', color: 'gray' },
  paid: { label: '支付成功', color: 'blue' },
  fulfilled: { label: '发放完成', color: 'green' },
  refund_requested: { label: '发起退款', color: 'orange' },
  refunded: { label: '退款成功', color: 'red' },
};

const REFUND_STATUS = {
  processing: <Tag color="processing">退款中</Tag>,
  succeeded: <Tag color="success">已退款</Tag>,
  failed: <Tag color="error">退款失败，可重试</Tag>,
};

/** One order, everything about it (docs/admin.md, Money): fields, timeline, refund, commission, payloads. */
export function OrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const detail = useOrderDetail(orderNo);
  const [refunding, setRefunding] = useState(false);
  const o = detail.data;
  return (
    <Drawer
      title={orderNo ? `订单 ${orderNo}` : '订单'}
      width={640}
      open={Boolean(orderNo)}
      onClose={onClose}
      extra={
        o?.refundable ? (
          <Button danger icon={<RollbackOutlined />} onClick={() => setRefunding(true)}>
            {o.refund?.status === 'failed' ? '重新退款' : '退款'}
          </Button>
        ) : null
      }
    >
      {!o ? (
        detail.isError ? (
          <Empty description="订单加载失败" />
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
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="订单号" span={2}>
          <Typography.Text copyable code>
            {o.order_no}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <OrderStatusTag status={o.status} />
        </Descriptions.Item>
        <Descriptions.Item label="金额">
          <strong>{formatYuan(o.amount_fen)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="用户" span={2}>
          <UserCell user={o.user} />
        </Descriptions.Item>
        <Descriptions.Item label="商品" span={2}>
          <OrderKindTag kind={o.kind} />
          {o.title}
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {o.kind === 'vip'
              ? `${o.vip_days} 天会员（档位 ${o.vip_tier ?? o.item_id}）${o.chips ? `，赠送 ${o.chips} 芯片` : ''}`
              : `套餐 ${o.item_id}`}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="支付渠道">{PAY_CHANNEL[o.channel] ?? o.channel}</Descriptions.Item>
        <Descriptions.Item label="支付平台">
          {o.provider === 'wechatpay' ? '微信支付' : '沙箱'}
        </Descriptions.Item>
        <Descriptions.Item label="交易号" span={2}>
          {o.transaction_id ? (
            <Typography.Text copyable>{o.transaction_id}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="下单时间">{formatSeconds(o.created_at)}</Descriptions.Item>
        <Descriptions.Item label="支付时间">{formatSeconds(o.paid_at)}</Descriptions.Item>
      </Descriptions>

      <Divider orientation="left" plain>
        状态记录
      </Divider>
      <Timeline
        style={{ marginTop: 8, marginBottom: -24 }}
        items={o.events.map((e) => ({
          color: EVENT[e.state].color,
          children: (
            <span>
              {EVENT[e.state].label}
              <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
                {formatSeconds(e.at)}
              </Typography.Text>
            </span>
          ),
        }))}
      />
      {o.status === 'pending' ? (
        <Typography.Text type="secondary">
          未支付，将于 {formatSeconds(o.expires_at)} 超时关闭
        </Typography.Text>
      ) : null}

      {o.refund ? (
        <>
          <Divider orientation="left" plain>
            退款
          </Divider>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="退款状态">{REFUND_STATUS[o.refund.status]}</Descriptions.Item>
            <Descriptions.Item label="退款单号">{o.refund.refund_no ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="退款原因" span={2}>
              {o.refund.reason ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="扣回情况" span={2}>
              {o.refund_note ?? '—'}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}

      <Divider orientation="left" plain>
        邀请佣金
      </Divider>
      {o.commission ? (
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label="邀请人" span={2}>
            <UserCell user={o.commission.inviter} />
          </Descriptions.Item>
          <Descriptions.Item label="佣金">{formatYuan(o.commission.amount_fen)}</Descriptions.Item>
          <Descriptions.Item label="已扣回">
            {o.commission.reversed_fen ? formatYuan(o.commission.reversed_fen) : '—'}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">本单未产生邀请佣金</Typography.Text>
      )}

      <Divider orientation="left" plain>
        支付平台报文
      </Divider>
      <PayloadPanels order={o} />
    </>
  );
}
