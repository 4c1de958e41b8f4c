import {
  CommentOutlined,
  FileTextOutlined,
  RightOutlined,
  RobotOutlined,
  WalletOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { AdminDashboard } from '@lingxi/contract';
import { Badge, Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format';
import { useTranslation } from 'react-i18next';

type Pending = AdminDashboard['pending'];

/** `label`: a key in the console texts. */
const QUEUES: { key: keyof Pending; label: string; icon: ReactNode; to: string }[] = [
  { key: 'bots', label: 'dashboard.pending.bots', icon: <RobotOutlined />, to: '/admin/review?tab=bots' },
  {
    key: 'posts',
    label: 'dashboard.pending.posts',
    icon: <FileTextOutlined />,
    to: '/admin/review?tab=posts',
  },
  {
    key: 'comments',
    label: 'dashboard.pending.comments',
    icon: <CommentOutlined />,
    to: '/admin/review?tab=comments',
  },
  {
    key: 'reports',
    label: 'dashboard.pending.reports',
    icon: <WarningOutlined />,
    to: '/admin/review?tab=reports',
  },
  {
    key: 'withdrawals',
    label: 'dashboard.pending.withdrawals',
    icon: <WalletOutlined />,
    to: '/admin/money/withdrawals?status=pending',
  },
];

/** What waits for an operator now, each queue a link to where it is handled. */
export function PendingCard({ pending }: { pending: Pending | undefined }) {
  const total = pending ? QUEUES.reduce((n, q) => n + pending[q.key], 0) : 0;
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={
        <span>
          {t('dashboard.pending.title')} <Badge count={total} overflowCount={999} style={{ marginLeft: 4 }} />
        </span>
      }
      className="dashboard-pending"
      loading={!pending}
    >
      {QUEUES.map((q) => {
        const n = pending?.[q.key] ?? 0;
        return (
          <Link key={q.key} to={q.to} className="dashboard-pending-row">
            <span className={`dashboard-pending-icon ${n ? 'busy' : ''}`}>{q.icon}</span>
            <span className="dashboard-pending-label">{t(q.label)}</span>
            <span className={`dashboard-pending-count ${n ? 'busy' : ''}`}>{formatCount(n)}</span>
            <RightOutlined className="dashboard-pending-arrow" />
          </Link>
        );
      })}
    </Card>
  );
}
