import {
  ADMIN_CHIPS_DELTA_MAX,
  ADMIN_VIP_DAYS_MAX,
  type AdjustChipsBody,
  type AdjustedChips,
  type AdjustedVip,
  type AdjustVipBody,
  type AdminUserDetail,
  type AdminUserRow,
  type DisableUserBody,
} from '@lingxi/contract';
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { formatCount, formatTime } from '../../lib/format';
import { useUserAction } from './users-api';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

type Detail = AdminUserDetail;
type ModalProps = { detail: Detail; open: boolean; onClose: () => void };

const reasonRules = (t: TFunction, kind: 'disable' | 'adjust') => [
  { required: true, whitespace: true, message: t(`users.modals.reasonRequired.${kind}`) },
  { max: 200, message: t(`users.modals.reasonMax.${kind}`) },
];

/** Disable: a reason, and what it will do. */
export function DisableModal({ detail, open, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { user } = detail;
  const [form] = Form.useForm<DisableUserBody>();
  const action = useUserAction<DisableUserBody, AdminUserRow>(user.id, 'disable', t('users.modals.disabled'));
  const submit = async () => {
    const body = await form.validateFields();
    await action.mutateAsync({ body });
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title={t('users.modals.disableTitle', { name: user.nickname })}
      open={open}
      okText={t('users.modals.disable')}
      okButtonProps={{ danger: true, loading: action.isPending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('users.modals.disableNote')} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('users.modals.disableReason')} rules={reasonRules(t, 'disable')}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('users.modals.disableExample')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ChipsForm = { direction: 'add' | 'deduct'; amount: number | null; reason: string };

/** Adjust chips: add or deduct, with the balance it leaves; one idempotency key per attempt. */
export function ChipsModal({ detail, open, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { user, wallet } = detail;
  const [form] = Form.useForm<ChipsForm>();
  const direction = Form.useWatch('direction', form) ?? 'add';
  const amount = Form.useWatch('amount', form) ?? 0;
  const attempt = useAttemptKey();
  const action = useUserAction<AdjustChipsBody, AdjustedChips>(user.id, 'chips', (r) =>
    r.applied
      ? t('users.modals.chipsDone', { balance: formatCount(r.chips) })
      : t('users.modals.chipsRepeat', { balance: formatCount(r.chips) }),
  );
  const available = wallet.chips - wallet.chips_held;
  const delta = direction === 'add' ? amount : -amount;
  const after = wallet.chips + delta;
  const tooMuch = direction === 'deduct' && amount > available;

  const submit = async () => {
    const v = await form.validateFields();
    const body = { delta: v.direction === 'add' ? v.amount! : -v.amount!, reason: v.reason.trim() };
    const key = attempt.keyFor(`${body.delta}:${body.reason}`);
    try {
      await action.mutateAsync({ body, headers: { 'Idempotency-Key': key } });
      attempt.settle();
    } catch (err) {
      attempt.settle(err);
      throw err;
    }
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title={t('users.modals.chipsTitle', { name: user.nickname })}
      open={open}
      okText={t('users.modals.chipsOk')}
      okButtonProps={{ loading: action.isPending, disabled: tooMuch || !amount }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ direction: 'add', amount: null, reason: '' }}
      >
        <Form.Item name="direction" label={t('users.modals.direction')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'add', label: t('users.modals.add') },
              { value: 'deduct', label: t('users.modals.deduct') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('users.modals.amount')}
          rules={[{ required: true, message: t('users.modals.amountRequired') }]}
          extra={
            wallet.chips_held > 0
              ? t('users.modals.heldNote', { held: formatCount(wallet.chips_held) })
              : null
          }
        >
          <InputNumber
            min={1}
            max={ADMIN_CHIPS_DELTA_MAX}
            precision={0}
            style={{ width: '100%' }}
            addonAfter={t('users.modals.chipsUnit')}
            placeholder={`1 – ${formatCount(ADMIN_CHIPS_DELTA_MAX)}`}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('users.modals.adjustReason')} rules={reasonRules(t, 'adjust')}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('users.modals.chipsExample')} />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('users.modals.balanceNow')}>
          {formatCount(wallet.chips)}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.modals.after')}>
          <Typography.Text type={tooMuch ? 'danger' : undefined} strong>
            {formatCount(after)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {tooMuch ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={t('users.modals.maxDeduct', { max: formatCount(Math.max(0, available)) })}
        />
      ) : null}
    </Modal>
  );
}

type VipForm = { direction: 'grant' | 'revoke'; days: number | null; reason: string };

/** Membership days: extends from the later of now and the expiry, or shortens (not before now). */
export function VipModal({ detail, open, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { user, wallet } = detail;
  const [form] = Form.useForm<VipForm>();
  const direction = Form.useWatch('direction', form) ?? 'grant';
  const days = Form.useWatch('days', form) ?? 0;
  const action = useUserAction<AdjustVipBody, AdjustedVip>(user.id, 'vip', (r) =>
    r.is_vip ? t('users.modals.vipDone', { date: formatTime(r.vip_expires_at) }) : t('users.modals.vipEnded'),
  );
  const now = dayjs();
  const expiry = wallet.vip.active && wallet.vip.expires_at ? dayjs(wallet.vip.expires_at) : null;
  const after =
    direction === 'grant'
      ? (expiry ?? now).add(days, 'day')
      : expiry && expiry.subtract(days, 'day').isAfter(now)
        ? expiry.subtract(days, 'day')
        : null;

  const submit = async () => {
    const v = await form.validateFields();
    const body = { days: v.direction === 'grant' ? v.days! : -v.days!, reason: v.reason.trim() };
    await action.mutateAsync({ body });
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title={t('users.modals.vipTitle', { name: user.nickname })}
      open={open}
      okText={t('users.modals.ok')}
      okButtonProps={{ loading: action.isPending, disabled: direction === 'revoke' && !expiry }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ direction: 'grant', days: null, reason: '' }}
      >
        <Form.Item name="direction" label={t('users.modals.direction')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'grant', label: t('users.modals.extend') },
              { value: 'revoke', label: t('users.modals.shorten'), disabled: !expiry },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="days"
          label={t('users.modals.days')}
          rules={[{ required: true, message: t('users.modals.daysRequired') }]}
        >
          <InputNumber
            min={1}
            max={ADMIN_VIP_DAYS_MAX}
            precision={0}
            style={{ width: '100%' }}
            addonAfter={t('users.modals.daysUnit')}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('users.modals.adjustReason')} rules={reasonRules(t, 'adjust')}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('users.modals.vipExample')} />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('users.modals.current')}>
          {expiry
            ? t('users.modals.vipUntil', { date: formatTime(expiry.toISOString()) })
            : t('users.modals.notVip')}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.modals.after')}>
          {days
            ? after
              ? t('users.modals.vipUntil', { date: formatTime(after.toISOString()) })
              : t('users.modals.endsNow')
            : '—'}
        </Descriptions.Item>
      </Descriptions>
      {direction === 'grant' && !expiry ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('users.modals.grantNote')}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
