import { refundOrderBody, type AdminOrderDetail } from '@lingxi/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { contractRule, quietly } from '../forms';
import { useRefundOrder } from './api';

/**
 * The refund's confirmation (docs/money.md, Refunds): in full, the unspent chips and VIP days taken back, the
 * invite commission reversed; a reason is required and goes to the audit log.
 */
export function RefundModal({
  order,
  open,
  onClose,
}: {
  order: AdminOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const refund = useRefundOrder();

  const submit = async () => {
    const { reason } = await form.validateFields();
    const done = await refund.mutateAsync({ orderNo: order.order_no, reason });
    message.success(
      done.status === 'refunded' ? t('orders.refund.succeeded') : t('orders.refundModal.submitted'),
    );
    form.resetFields();
    onClose();
  };

  const takes =
    order.kind === 'vip'
      ? t('orders.refundModal.takesVip')
      : t('orders.refundModal.takesChips', { chips: order.chips });
  return (
    <Modal
      title={t('orders.refundModal.title', { no: order.order_no })}
      open={open}
      okText={t('orders.refundModal.ok')}
      okButtonProps={{ danger: true, loading: refund.isPending }}
      cancelText={t('common.cancel')}
      onOk={quietly(submit)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('orders.refundModal.message', { amount: formatYuan(order.amount_fen) })}
        description={t('orders.refundModal.description', { takes })}
      />
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('orders.drawer.refundReason')}
          rules={[contractRule(refundOrderBody.shape.reason)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={t('orders.refundModal.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
