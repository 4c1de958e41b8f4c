import type { AdminUserRow } from '@lingxi/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';

const STATUS: Record<AdminUserRow['status'], { color: string; text: string }> = {
  active: { color: 'success', text: '正常' },
  disabled: { color: 'error', text: '已禁用' },
  deleted: { color: 'default', text: '已注销' },
};

export function StatusTag({ status }: { status: AdminUserRow['status'] }) {
  const s = STATUS[status];
  return <Tag color={s.color}>{s.text}</Tag>;
}

/** A function, not a component: a list of tags (antd Space) must see the null to leave no gap. */
export const roleTag = (role: AdminUserRow['role']) =>
  role === 'admin' ? <Tag color="purple">运营</Tag> : null;

/** VIP until a day, or nothing for a non-member. */
export function vipTag(user: Pick<AdminUserRow, 'is_vip' | 'vip_expires_at'>) {
  if (!user.is_vip || !user.vip_expires_at) return null;
  return <Tag color="gold">VIP 至 {dayjs(user.vip_expires_at).format('YYYY-MM-DD')}</Tag>;
}

/** The chip ledger's reasons, as the operators read them. */
export const CHIP_REASONS: Record<string, string> = {
  signup_bonus: '注册奖励',
  chat: '对话消耗',
  invite_reward: '邀请奖励',
  top_up: '充值',
  vip_grant: '会员赠送',
  redeem: '兑换码',
  refund: '退款扣回',
  admin: '运营调整',
};
