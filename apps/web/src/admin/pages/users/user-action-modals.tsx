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

type Detail = AdminUserDetail;
type ModalProps = { detail: Detail; open: boolean; onClose: () => void };

const reasonRules = (what: string) => [
  { required: true, whitespace: true, message: `请填写${what}原因` },
  { max: 200, message: `${what}原因最多200个字` },
];

/** 禁用: a reason, and what it will do. */
export function DisableModal({ detail, open, onClose }: ModalProps) {
  const { user } = detail;
  const [form] = Form.useForm<DisableUserBody>();
  const action = useUserAction<DisableUserBody, AdminUserRow>(user.id, 'disable', '已禁用该用户');
  const submit = async () => {
    const body = await form.validateFields();
    await action.mutateAsync({ body });
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title={`禁用用户 ${user.nickname}`}
      open={open}
      okText="禁用"
      okButtonProps={{ danger: true, loading: action.isPending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      cancelText="取消"
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="禁用后，该用户的所有登录立即失效，也无法再次登录，直到被重新启用。"
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="禁用原因" rules={reasonRules('禁用')}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：发布违规内容、批量注册" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ChipsForm = { direction: 'add' | 'deduct'; amount: number | null; reason: string };

/** 调整芯片: add or deduct, with the balance it leaves; one idempotency key per attempt. */
export function ChipsModal({ detail, open, onClose }: ModalProps) {
  const { user, wallet } = detail;
  const [form] = Form.useForm<ChipsForm>();
  const direction = Form.useWatch('direction', form) ?? 'add';
  const amount = Form.useWatch('amount', form) ?? 0;
  const attempt = useAttemptKey();
  const action = useUserAction<AdjustChipsBody, AdjustedChips>(user.id, 'chips', (r) =>
    r.applied
      ? `芯片已调整，当前余额 ${formatCount(r.chips)}`
      : `该调整已处理过，当前余额 ${formatCount(r.chips)}`,
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
      title={`调整芯片 · ${user.nickname}`}
      open={open}
      okText="确认调整"
      okButtonProps={{ loading: action.isPending, disabled: tooMuch || !amount }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      cancelText="取消"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ direction: 'add', amount: null, reason: '' }}
      >
        <Form.Item name="direction" label="方式">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'add', label: '增加' },
              { value: 'deduct', label: '扣减' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="数量"
          rules={[{ required: true, message: '请填写调整数量' }]}
          extra={
            wallet.chips_held > 0
              ? `其中 ${formatCount(wallet.chips_held)} 芯片冻结于进行中的对话，不能扣减`
              : null
          }
        >
          <InputNumber
            min={1}
            max={ADMIN_CHIPS_DELTA_MAX}
            precision={0}
            style={{ width: '100%' }}
            addonAfter="芯片"
            placeholder={`1 – ${formatCount(ADMIN_CHIPS_DELTA_MAX)}`}
          />
        </Form.Item>
        <Form.Item name="reason" label="调整原因（记入操作日志）" rules={reasonRules('调整')}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：活动补偿、误充值扣回" />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="当前余额">{formatCount(wallet.chips)}</Descriptions.Item>
        <Descriptions.Item label="调整后">
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
          message={`最多可扣减 ${formatCount(Math.max(0, available))} 芯片，余额不能为负`}
        />
      ) : null}
    </Modal>
  );
}

type VipForm = { direction: 'grant' | 'revoke'; days: number | null; reason: string };

/** 会员天数: extends from the later of now and the expiry, or shortens (not before now). */
export function VipModal({ detail, open, onClose }: ModalProps) {
  const { user, wallet } = detail;
  const [form] = Form.useForm<VipForm>();
  const direction = Form.useWatch('direction', form) ?? 'grant';
  const days = Form.useWatch('days', form) ?? 0;
  const action = useUserAction<AdjustVipBody, AdjustedVip>(user.id, 'vip', (r) =>
    r.is_vip ? `会员有效期至 ${formatTime(r.vip_expires_at)}` : '会员已结束',
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
      title={`会员天数 · ${user.nickname}`}
      open={open}
      okText="确认"
      okButtonProps={{ loading: action.isPending, disabled: direction === 'revoke' && !expiry }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      cancelText="取消"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ direction: 'grant', days: null, reason: '' }}
      >
        <Form.Item name="direction" label="方式">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'grant', label: '延长' },
              { value: 'revoke', label: '缩短', disabled: !expiry },
            ]}
          />
        </Form.Item>
        <Form.Item name="days" label="天数" rules={[{ required: true, message: '请填写天数' }]}>
          <InputNumber
            min={1}
            max={ADMIN_VIP_DAYS_MAX}
            precision={0}
            style={{ width: '100%' }}
            addonAfter="天"
          />
        </Form.Item>
        <Form.Item name="reason" label="调整原因（记入操作日志）" rules={reasonRules('调整')}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：活动奖励、客诉补偿" />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="当前">
          {expiry ? `会员，至 ${expiry.format('YYYY-MM-DD HH:mm')}` : '非会员'}
        </Descriptions.Item>
        <Descriptions.Item label="调整后">
          {days ? (after ? `会员，至 ${after.format('YYYY-MM-DD HH:mm')}` : '会员立即结束') : '—'}
        </Descriptions.Item>
      </Descriptions>
      {direction === 'grant' && !expiry ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          开通会员时按会员档位发放当月芯片，与兑换会员码相同。
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
