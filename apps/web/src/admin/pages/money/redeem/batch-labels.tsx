import type { AdminRedeemBatch, RedeemBatchStatus } from '@lingxi/contract';
import { Tag } from 'antd';

export const BATCH_STATUS: Record<RedeemBatchStatus, { label: string; color: string }> = {
  active: { label: '生效中', color: 'green' },
  expired: { label: '已过期', color: 'default' },
  disabled: { label: '已停用', color: 'red' },
};

export function BatchStatusTag({ status }: { status: RedeemBatchStatus }) {
  const s = BATCH_STATUS[status];
  return (
    <Tag color={s.color} bordered={false}>
      {s.label}
    </Tag>
  );
}

/** What one code of the batch gives: 100 芯片, 30 天会员. */
export const faceValue = (b: Pick<AdminRedeemBatch, 'kind' | 'value'>) =>
  b.kind === 'chips' ? `${b.value.toLocaleString('zh-CN')} 芯片` : `${b.value} 天会员`;
