import type {
  AdminChipEntry,
  AdminUserBot,
  AdminUserDetail,
  AdminUserOrder,
  AdminUserPost,
  AdminUserSession,
} from '@lingxi/contract';
import { Avatar, Card, Descriptions, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatCount, formatTime, formatYuan } from '../../lib/format';
import { CHIP_REASONS } from './user-tags';

const ORDER_STATUS: Record<AdminUserOrder['status'], [string, string]> = {
  pending: ['processing', '待支付'],
  paid: ['blue', '已支付'],
  fulfilled: ['success', '已完成'],
  closed: ['default', '已关闭'],
  refunded: ['warning', '已退款'],
};
const BOT_STATUS: Record<AdminUserBot['status'], [string, string]> = {
  draft: ['default', '草稿'],
  pending_review: ['processing', '审核中'],
  published: ['success', '已发布'],
  rejected: ['error', '未通过'],
};
const POST_STATUS: Record<AdminUserPost['status'], [string, string]> = {
  published: ['success', '已发布'],
  pending_review: ['processing', '待审核'],
  rejected: ['error', '未通过'],
  deleted: ['default', '已删除'],
};
const tag = ([color, text]: [string, string]) => <Tag color={color}>{text}</Tag>;
const muted = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

const orderColumns: TableColumnsType<AdminUserOrder> = [
  {
    title: '订单号',
    dataIndex: 'order_no',
    width: 200,
    render: (no: string) => <Typography.Text copyable>{no}</Typography.Text>,
  },
  { title: '商品', dataIndex: 'title' },
  { title: '金额', dataIndex: 'amount_fen', align: 'right', width: 110, render: formatYuan },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: AdminUserOrder['status']) => tag(ORDER_STATUS[s]),
  },
  { title: '下单时间', dataIndex: 'created_at', width: 150, render: formatTime },
  { title: '支付时间', dataIndex: 'paid_at', width: 150, render: formatTime },
];

const botColumns: TableColumnsType<AdminUserBot> = [
  {
    title: '智能体',
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
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: AdminUserBot['status']) => tag(BOT_STATUS[s]),
  },
  {
    title: '可见性',
    dataIndex: 'visibility',
    width: 90,
    render: (v: AdminUserBot['visibility']) => (v === 'public' ? '公开' : '私有'),
  },
  { title: '对话数', dataIndex: 'chat_count', align: 'right', width: 100, render: formatCount },
  { title: '创建时间', dataIndex: 'created_at', width: 150, render: formatTime },
];

const postColumns: TableColumnsType<AdminUserPost> = [
  {
    title: '内容',
    dataIndex: 'excerpt',
    ellipsis: true,
    render: (text: string, p) => text || muted(`帖子 #${p.id}（无文字）`),
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: AdminUserPost['status']) => tag(POST_STATUS[s]),
  },
  { title: '点赞', dataIndex: 'like_count', align: 'right', width: 80, render: formatCount },
  { title: '评论', dataIndex: 'comment_count', align: 'right', width: 80, render: formatCount },
  { title: '发布时间', dataIndex: 'created_at', width: 150, render: formatTime },
];

const sessionColumns: TableColumnsType<AdminUserSession> = [
  { title: '登录时间', dataIndex: 'created_at', width: 150, render: formatTime },
  { title: '最近使用', dataIndex: 'last_used_at', width: 150, render: formatTime },
  { title: 'IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? muted('—') },
  {
    title: '设备（User-Agent）',
    dataIndex: 'user_agent',
    ellipsis: true,
    render: (ua: string | null) => ua ?? muted('—'),
  },
  {
    title: '状态',
    dataIndex: 'revoked',
    width: 90,
    render: (revoked: boolean) => (revoked ? <Tag>已退出</Tag> : <Tag color="success">有效</Tag>),
  },
];

const chipColumns: TableColumnsType<AdminChipEntry> = [
  { title: '时间', dataIndex: 'created_at', width: 150, render: formatTime },
  { title: '类型', dataIndex: 'reason', width: 110, render: (r: string) => CHIP_REASONS[r] ?? r },
  {
    title: '变动',
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
  { title: '余额', dataIndex: 'balance_after', align: 'right', width: 110, render: formatCount },
  { title: '备注', dataIndex: 'note', ellipsis: true, render: (n: string | null) => n ?? muted('—') },
];

function WalletPane({ detail }: { detail: AdminUserDetail }) {
  const { wallet } = detail;
  return (
    <Descriptions bordered column={{ xs: 1, lg: 3 }} size="middle">
      <Descriptions.Item label="芯片余额">{formatCount(wallet.chips)}</Descriptions.Item>
      <Descriptions.Item label="对话冻结中">{formatCount(wallet.chips_held)}</Descriptions.Item>
      <Descriptions.Item label="可用芯片">{formatCount(wallet.chips - wallet.chips_held)}</Descriptions.Item>
      <Descriptions.Item label="可提现收益">{formatYuan(wallet.earnings_fen)}</Descriptions.Item>
      <Descriptions.Item label="提现冻结">{formatYuan(wallet.earnings_frozen_fen)}</Descriptions.Item>
      <Descriptions.Item label="待抵扣欠款">{formatYuan(wallet.earnings_debt_fen)}</Descriptions.Item>
      <Descriptions.Item label="会员">
        {wallet.vip.active ? <Tag color="gold">{wallet.vip.tier_name ?? '会员'}</Tag> : '非会员'}
      </Descriptions.Item>
      <Descriptions.Item label="会员到期" span={2}>
        {wallet.vip.expires_at ? formatTime(wallet.vip.expires_at) : '—'}
        {wallet.vip.expires_at && !wallet.vip.active ? muted('（已过期）') : null}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** "Latest n of total": what a short list shows, and where the rest is. */
function Latest({ shown, total, more }: { shown: number; total: number; more?: ReactNode }) {
  if (total <= shown) return null;
  return (
    <div style={{ marginTop: 12, color: '#8a8f99' }}>
      显示最近 {shown} 条，共 {formatCount(total)} 条{more ? <> · {more}</> : null}
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
  const items = [
    { key: 'wallet', label: '钱包', children: <WalletPane detail={detail} /> },
    {
      key: 'orders',
      label: `订单 ${counts.orders}`,
      children: (
        <>
          {small(detail.orders, orderColumns, 'order_no', '没有订单')}
          <Latest
            shown={detail.orders.length}
            total={counts.orders}
            more={<Link to={`/admin/money/orders?user_id=${user.id}`}>在订单页查看全部</Link>}
          />
        </>
      ),
    },
    {
      key: 'bots',
      label: `智能体 ${counts.bots}`,
      children: (
        <>
          {small(detail.bots, botColumns, 'id', '没有创建智能体')}
          <Latest shown={detail.bots.length} total={counts.bots} />
        </>
      ),
    },
    {
      key: 'posts',
      label: `帖子 ${counts.posts}`,
      children: (
        <>
          {small(detail.posts, postColumns, 'id', '没有发布帖子')}
          <Latest shown={detail.posts.length} total={counts.posts} />
        </>
      ),
    },
    {
      key: 'sessions',
      label: '登录记录',
      children: small(detail.sessions, sessionColumns, 'id', '没有登录记录'),
    },
    {
      key: 'chips',
      label: '芯片明细',
      children: small(detail.chip_records, chipColumns, 'id', '没有芯片记录'),
    },
  ];
  return (
    <Card styles={{ body: { paddingTop: 4 } }}>
      <Tabs items={items} />
    </Card>
  );
}
