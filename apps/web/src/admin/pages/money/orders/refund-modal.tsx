import { refundOrderBody, type AdminOrderDetail } from '@lingxi/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
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
  const [form] = Form.useForm<{ reason: string }>();
  const refund = useRefundOrder();

  const submit = async () => {
    const { reason } = await form.validateFields();
    const done = await refund.mutateAsync({ orderNo: order.order_no, reason });
    message.success(done.status === 'refunded' ? '已退款' : '退款已提交，等待支付平台处理');
    form.resetFields();
    onClose();
  };

  const takes =
    order.kind === 'vip'
      ? '会员天数（未使用部分）与本单赠送的芯片（未使用部分）'
      : `${order.chips} 芯片中尚未使用的部分`;
  return (
    <Modal
      title={`退款 ${order.order_no}`}
      open={open}
      okText="确认退款"
      okButtonProps={{ danger: true, loading: refund.isPending }}
      cancelText="取消"
      onOk={quietly(submit)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`将向用户全额退款 ${formatYuan(order.amount_fen)}，原路退回`}
        description={`同时扣回${takes}；若产生过邀请佣金，将一并扣回。此操作不可撤销。`}
      />
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="reason" label="退款原因" rules={[contractRule(refundOrderBody.shape.reason)]}>
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder="例如：用户误购，经客服核实同意退款"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
