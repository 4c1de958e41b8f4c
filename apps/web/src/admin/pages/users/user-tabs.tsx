import type {
  AdminChipEntry,
  AdminUserBot,
  AdminUserDetail,
  AdminUserOrder,
  AdminUserPost,
  AdminUserSession,
} from '@lingxi/contract';
import { Avatar, Card, Descriptions, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatCount, formatTime, formatYuan } from '../../lib/format';
import { chipReason } from './user-tags';
import { useTranslation } from 'react-i18next';

const ORDER_STATUS: Record<AdminUserOrder['status'], [string, string]> = {
  pending: ['processing', 'users.tabs.orderStatus.pending'],
  paid: ['blue', 'users.tabs.orderStatus.paid'],
  fulfilled: ['success', 'users.tabs.orderStatus.fulfilled'],
  closed: ['default', 'users.tabs.orderStatus.closed'],
  refunded: ['warning', 'users.tabs.orderStatus.refunded'],
};
const BOT_STATUS: Record<AdminUserBot['status'], [string, string]> = {
  draft: ['default', 'users.tabs.botStatus.draft'],
  pending_review: ['processing', 'users.tabs.botStatus.pending_review'],
  published: ['success', 'users.tabs.botStatus.published'],
  rejected: ['error', 'users.tabs.botStatus.rejected'],
};
const POST_STATUS: Record<AdminUserPost['status'], [string, string]> = {
  published: ['success', 'users.tabs.botStatus.published'],
  pending_review: ['processing', 'users.tabs.postStatus.pending_review'],
  rejected: ['error', 'users.tabs.botStatus.rejected'],
  deleted: ['default', 'users.tabs.postStatus.deleted'],
};
/** A status tag from its map's entry: the colour and the text's key. */
const tag = (t: TFunction, [color, key]: [string, string]) => <Tag color={color}>{t(key)}</Tag>;
const muted = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

const orderColumns = (t: TFunction): TableColumnsType<AdminUserOrder> => [
  {
    title: t('users.tabs.orderNo'),
    dataIndex: 'order_no',
    width: 200,
    render: (no: string) => <Typography.Text copyable>{no}</Typography.Text>,
  },
  { title: t('users.tabs.product'), dataIndex: 'title' },
  { title: t('users.tabs.amount'), dataIndex: 'amount_fen', align: 'right', width: 110, render: formatYuan },
  {
    title: t('users.tabs.status'),
    dataIndex: 'status',
    width: 90,
    render: (s: AdminUserOrder['status']) => tag(t, ORDER_STATUS[s]),
  },
  { title: t('users.tabs.orderedAt'), dataIndex: 'created_at', width: 150, render: formatTime },
  { title: t('users.tabs.paidAt'), dataIndex: 'paid_at', width: 150, render: formatTime },
];

const botColumns = (t: TFunction): TableColumnsType<AdminUserBot> => [
  {
    title: t('users.tabs.bot'),
    key: 'bot',
    render: (_, b) => (
      <Space>
        <Avatar shape="square" src={imageUrl(b.avatar, 32)} size={32} />
        <span>{b.name}</span>
        <Typography.Text type="secondary">#{b.id}</Typography.Text>
      </Space>
    ),
  },
  {
    title: t('users.tabs.status'),
    dataIndex: 'status',
    width: 90,
    render: (s: AdminUserBot['status']) => tag(t, BOT_STATUS[s]),
  },
  {
    title: t('users.tabs.visibility'),
    dataIndex: 'visibility',
    width: 90,
    render: (v: AdminUserBot['visibility']) =>
      v === 'public' ? t('users.tabs.public') : t('users.tabs.private'),
  },
  { title: t('users.tabs.chats'), dataIndex: 'chat_count', align: 'right', width: 100, render: formatCount },
  { title: t('users.tabs.createdAt'), dataIndex: 'created_at', width: 150, render: formatTime },
];

const postColumns = (t: TFunction): TableColumnsType<AdminUserPost> => [
  {
    title: t('users.tabs.content'),
    dataIndex: 'excerpt',
    ellipsis: true,
    render: (text: string, p) => text || muted(t('users.tabs.postNoText', { id: p.id })),
  },
  {
    title: t('users.tabs.status'),
    dataIndex: 'status',
    width: 90,
    render: (s: AdminUserPost['status']) => tag(t, POST_STATUS[s]),
  },
  { title: t('users.tabs.likes'), dataIndex: 'like_count', align: 'right', width: 80, render: formatCount },
  {
    title: t('users.tabs.comments'),
    dataIndex: 'comment_count',
    align: 'right',
    width: 80,
    render: formatCount,
  },
  { title: t('users.tabs.postedAt'), dataIndex: 'created_at', width: 150, render: formatTime },
];

const sessionColumns = (t: TFunction): TableColumnsType<AdminUserSession> => [
  { title: t('users.tabs.loginAt'), dataIndex: 'created_at', width: 150, render: formatTime },
  { title: t('users.tabs.lastUsed'), dataIndex: 'last_used_at', width: 150, render: formatTime },
  { title: 'IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? muted('—') },
  {
    title: t('users.tabs.device'),
    dataIndex: 'user_agent',
    ellipsis: true,
    render: (ua: string | null) => ua ?? muted('—'),
  },
  {
    title: t('users.tabs.status'),
    dataIndex: 'revoked',
    width: 90,
    render: (revoked: boolean) =>
      revoked ? <Tag>{t('users.tabs.revoked')}</Tag> : <Tag color="success">{t('users.tabs.valid')}</Tag>,
  },
];

const chipColumns = (t: TFunction): TableColumnsType<AdminChipEntry> => [
  { title: t('users.tabs.time'), dataIndex: 'created_at', width: 150, render: formatTime },
  { title: t('users.tabs.type'), dataIndex: 'reason', width: 110, render: (r: string) => chipReason(r) },
  {
    title: t('users.tabs.delta'),
    dataIndex: 'delta',
    align: 'right',
    width: 110,
    render: (d: number) => (
      <Typography.Text type={d < 0 ? 'danger' : 'success'}>
        {d > 0 ? '+' : ''}
        {formatCount(d)}
      </Typography.Text>
    ),
  },
  {
    title: t('users.tabs.balance'),
    dataIndex: 'balance_after',
    align: 'right',
    width: 110,
    render: formatCount,
  },
  {
    title: t('users.tabs.note'),
    dataIndex: 'note',
    ellipsis: true,
    render: (n: string | null) => n ?? muted('—'),
  },
];

function WalletPane({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation();
  const { wallet } = detail;
  return (
    <Descriptions bordered column={{ xs: 1, lg: 3 }} size="middle">
      <Descriptions.Item label={t('users.tabs.chipBalance')}>{formatCount(wallet.chips)}</Descriptions.Item>
      <Descriptions.Item label={t('users.tabs.chipsHeld')}>
        {formatCount(wallet.chips_held)}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.tabs.chipsAvailable')}>
        {formatCount(wallet.chips - wallet.chips_held)}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.tabs.earnings')}>
        {formatYuan(wallet.earnings_fen)}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.tabs.earningsFrozen')}>
        {formatYuan(wallet.earnings_frozen_fen)}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.tabs.earningsDebt')}>
        {formatYuan(wallet.earnings_debt_fen)}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.tabs.vip')}>
        {wallet.vip.active ? (
          <Tag color="gold">{wallet.vip.tier_name ?? t('users.tabs.vipName')}</Tag>
        ) : (
          t('users.tabs.notVip')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.tabs.vipExpires')} span={2}>
        {wallet.vip.expires_at ? formatTime(wallet.vip.expires_at) : '—'}
        {wallet.vip.expires_at && !wallet.vip.active ? muted(t('users.tabs.expired')) : null}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** "Latest n of total": what a short list shows, and where the rest is. */
function Latest({ shown, total, more }: { shown: number; total: number; more?: ReactNode }) {
  const { t } = useTranslation();
  if (total <= shown) return null;
  return (
    <div style={{ marginTop: 12, color: '#8a8f99' }}>
      {t('users.tabs.latest', { shown, total: formatCount(total) })}
      {more ? <> · {more}</> : null}
    </div>
  );
}

function small<T extends object>(
  rows: T[],
  columns: TableColumnsType<T>,
  rowKey: keyof T & string,
  empty: string,
) {
  return (
    <Table<T>
      rowKey={rowKey}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 760 }}
      locale={{ emptyText: empty }}
    />
  );
}

/** The user's wallet and the latest of their orders, bots, posts, logins and chip records. */
export function UserTabs({ detail }: { detail: AdminUserDetail }) {
  const { counts, user } = detail;
  const { t } = useTranslation();
  const items = [
    { key: 'wallet', label: t('users.tabs.wallet'), children: <WalletPane detail={detail} /> },
    {
      key: 'orders',
      label: t('users.tabs.orders', { count: counts.orders }),
      children: (
        <>
          {small(detail.orders, orderColumns(t), 'order_no', t('users.tabs.noOrders'))}
          <Latest
            shown={detail.orders.length}
            total={counts.orders}
            more={<Link to={`/admin/money/orders?user_id=${user.id}`}>{t('users.tabs.allOrders')}</Link>}
          />
        </>
      ),
    },
    {
      key: 'bots',
      label: t('users.tabs.bots', { count: counts.bots }),
      children: (
        <>
          {small(detail.bots, botColumns(t), 'id', t('users.tabs.noBots'))}
          <Latest shown={detail.bots.length} total={counts.bots} />
        </>
      ),
    },
    {
      key: 'posts',
      label: t('users.tabs.posts', { count: counts.posts }),
      children: (
        <>
          {small(detail.posts, postColumns(t), 'id', t('users.tabs.noPosts'))}
          <Latest shown={detail.posts.length} total={counts.posts} />
        </>
      ),
    },
    {
      key: 'sessions',
      label: t('users.tabs.sessions'),
      children: small(detail.sessions, sessionColumns(t), 'id', t('users.tabs.noSessions')),
    },
    {
      key: 'chips',
      label: t('users.tabs.chipRecords'),
      children: small(detail.chip_records, chipColumns(t), 'id', t('users.tabs.noChipRecords')),
    },
  ];
  return (
    <Card styles={{ body: { paddingTop: 4 } }}>
      <Tabs items={items} />
    </Card>
  );
}
