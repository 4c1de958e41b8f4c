import type { AdminUserBrief } from '@lingxi/contract';
import { Typography } from 'antd';
import { Link } from 'react-router';

/** A row's user: nickname (to their detail page), phone and id underneath. */
export function UserCell({ user }: { user: AdminUserBrief | null }) {
  if (!user) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div style={{ lineHeight: 1.4 }}>
      <Link to={`/admin/users/${user.id}`}>{user.nickname}</Link>
      <div style={{ color: '#8a8f99', fontSize: 12 }}>
        {user.phone ?? '—'} · ID {user.id}
      </div>
    </div>
  );
}
