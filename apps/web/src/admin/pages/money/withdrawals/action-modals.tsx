import { paidWithdrawalBody, rejectWithdrawalBody, type AdminWithdrawal } from '@lingxi/contract';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { contractRule, quietly } from '../forms';
import { useWithdrawalAction } from './api';

function Payee({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('common.user')}>
        {t('withdrawals.payee.user', { name: w.user.nickname, contact: w.user.phone ?? `ID ${w.user.id}` })}
      </Descriptions.Item>
      <Descriptions.Item label={t('withdrawals.col.amount')}>
        {t('withdrawals.payee.amount', { amount: formatYuan(w.amount_fen), fee: formatYuan(w.fee_fen) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('withdrawals.col.net')}>
        <strong>{formatYuan(w.net_fen)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('withdrawals.col.account')}>
        {t(`withdrawals.channel.${w.channel}`)} · {w.account} · {w.real_name}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Rejects with a reason the user will read; the frozen amount returns to their earnings. */
export function RejectModal({ target, onClose }: { target: AdminWithdrawal | null; onClose: () => void }) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const act = useWithdrawalAction();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await act.mutateAsync({ action: 'reject', id: target!.id, reason });
    message.success(t('withdrawals.rejectModal.done'));
    onClose();
  };
  return (
    <Modal
      title={t('withdrawals.rejectModal.title', { id: target?.id ?? '' })}
      open={Boolean(target)}
      okText={t('withdrawals.rejectModal.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: act.isPending }}
      onOk={quietly(submit)}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? <Payee w={target} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item
          name="reason"
          label={t('withdrawals.rejectModal.reason')}
          rules={[contractRule(rejectWithdrawalBody.shape.reason)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={t('withdrawals.rejectModal.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Marks an approved request paid with the payout's transaction number (docs/money.md, Withdrawals). */
export function PaidModal({ target, onClose }: { target: AdminWithdrawal | null; onClose: () => void }) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reference: string }>();
  const act = useWithdrawalAction();
  const submit = async () => {
    const { reference } = await form.validateFields();
    await act.mutateAsync({ action: 'paid', id: target!.id, reference });
    message.success(t('withdrawals.paidModal.done'));
    onClose();
  };
  return (
    <Modal
      title={t('withdrawals.paidModal.title', { id: target?.id ?? '' })}
      open={Boolean(target)}
      okText={t('withdrawals.paidModal.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: act.isPending }}
      onOk={quietly(submit)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('withdrawals.paidModal.note')} />
      {target ? <Payee w={target} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item
          name="reference"
          label={t('withdrawals.col.reference')}
          rules={[contractRule(paidWithdrawalBody.shape.reference)]}
        >
          <Input maxLength={64} placeholder={t('withdrawals.paidModal.placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
