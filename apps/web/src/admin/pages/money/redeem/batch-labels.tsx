import type { AdminRedeemBatch, RedeemBatchStatus } from '@lingxi/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';

/** A batch's state: its colour; its name is `redeem.status.<state>`. */
export const BATCH_STATUS: Record<RedeemBatchStatus, { color: string }> = {
  active: { color: 'green' },
  expired: { color: 'default' },
  disabled: { color: 'red' },
};

export function BatchStatusTag({ status }: { status: RedeemBatchStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={BATCH_STATUS[status].color} bordered={false}>
      {t(`redeem.status.${status}`)}
    </Tag>
  );
}

/** What one code of the batch gives: 100 芯片, 30 天会员. */
export const faceValue = (t: TFunction, b: Pick<AdminRedeemBatch, 'kind' | 'value'>) =>
  b.kind === 'chips'
    ? t('redeem.face.chips', { count: b.value, value: formatCount(b.value) })
    : t('redeem.face.vipDays', { count: b.value, value: formatCount(b.value) });
