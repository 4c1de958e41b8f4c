import { paidWithdrawalBody, rejectWithdrawalBody, type AdminWithdrawal } from '@lingxi/contract';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { formatYuan } from '../../../lib/format';
import { contractRule, quietly } from '../forms';
import { useWithdrawalAction } from './api';
import { PAYOUT_CHANNEL } from './withdrawal-labels';

function Payee({ w }: { w: AdminWithdrawal }) {
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label="用户">
        {w.user.nickname}（{w.user.phone ?? `ID ${w.user.id}`}）
      </Descriptions.Item>
      <Descriptions.Item label="提现金额">
        {formatYuan(w.amount_fen)}（手续费 {formatYuan(w.fee_fen)}）
      </Descriptions.Item>
      <Descriptions.Item label="应打款">
        <strong>{formatYuan(w.net_fen)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label="收款账户">
        {PAYOUT_CHANNEL[w.channel]} · {w.account} · {w.real_name}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Rejects with a reason the user will read; the frozen amount returns to their earnings. */
export function RejectModal({ target, onClose }: { target: AdminWithdrawal | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const act = useWithdrawalAction();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await act.mutateAsync({ action: 'reject', id: target!.id, reason });
    message.success('已驳回，金额已退回用户收益');
    onClose();
  };
  return (
    <Modal
      title={`驳回提现申请 #${target?.id ?? ''}`}
      open={Boolean(target)}
      okText="确认驳回"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: act.isPending }}
      onOk={quietly(submit)}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? <Payee w={target} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item
          name="reason"
          label="驳回原因（用户可见）"
          rules={[contractRule(rejectWithdrawalBody.shape.reason)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder="例如：收款账号与实名不符，请修改后重新申请"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Marks an approved request paid with the payout's transaction number (docs/money.md, Withdrawals). */
export function PaidModal({ target, onClose }: { target: AdminWithdrawal | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reference: string }>();
  const act = useWithdrawalAction();
  const submit = async () => {
    const { reference } = await form.validateFields();
    await act.mutateAsync({ action: 'paid', id: target!.id, reference });
    message.success('已标记为已打款');
    onClose();
  };
  return (
    <Modal
      title={`标记已打款 #${target?.id ?? ''}`}
      open={Boolean(target)}
      okText="确认已打款"
      cancelText="取消"
      okButtonProps={{ loading: act.isPending }}
      onOk={quietly(submit)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="请先在支付宝/微信完成转账，再填写转账流水号。标记后不可撤销，用户会收到到账通知。"
      />
      {target ? <Payee w={target} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item
          name="reference"
          label="打款流水号"
          rules={[contractRule(paidWithdrawalBody.shape.reference)]}
        >
          <Input maxLength={64} placeholder="转账凭证上的订单号或流水号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
