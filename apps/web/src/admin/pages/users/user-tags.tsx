import type { AdminUserRow } from '@lingxi/contract';
import { Tag } from 'antd';
import { t } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';

/** `text`: a key in the console texts. */
const STATUS: Record<AdminUserRow['status'], { color: string; text: string }> = {
  active: { color: 'success', text: 'users.status.active' },
  disabled: { color: 'error', text: 'users.status.disabled' },
  deleted: { color: 'default', text: 'users.status.deleted' },
};

export function StatusTag({ status }: { status: AdminUserRow['status'] }) {
  const { t } = useTranslation();
  const s = STATUS[status];
  return <Tag color={s.color}>{t(s.text)}</Tag>;
}

/**
 * A function, not a component: a list of tags (antd Space) must see the null to leave no gap. It reads the texts
 * from i18next's instance at render, so it follows the language as the component that calls it re-renders.
 */
export const roleTag = (role: AdminUserRow['role']) =>
  role === 'admin' ? <Tag color="purple">{t('users.role.admin')}</Tag> : null;

/** VIP until a day, or nothing for a non-member. */
export function vipTag(user: Pick<AdminUserRow, 'is_vip' | 'vip_expires_at'>) {
  if (!user.is_vip || !user.vip_expires_at) return null;
  return <Tag color="gold">{t('users.vipUntil', { date: formatDate(user.vip_expires_at) })}</Tag>;
}

const CHIP_REASONS = [
  'signup_bonus',
  'chat',
  'invite_reward',
  'top_up',
  'vip_grant',
  'redeem',
  'refund',
  'admin',
];

/** The chip ledger's reasons, as the operators read them; an unknown code as it is. */
export const chipReason = (reason: string) =>
  CHIP_REASONS.includes(reason) ? t(`users.chipReasons.${reason}`) : reason;
