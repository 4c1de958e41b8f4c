import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminUserRow } from '@lingxi/contract';
import {
  Avatar,
  Button,
  Card,
  Input,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatCount, formatTime, formatYuan } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { roleTag, StatusTag, vipTag } from './user-tags';
import { USERS_AREA, USERS_URL } from './users-api';

dayjs.extend(relativeTime);

const STATUS_OPTIONS = [
  { value: 'active', label: '正常' },
  { value: 'disabled', label: '已禁用' },
  { value: 'deleted', label: '已注销' },
];
const ROLE_OPTIONS = [
  { value: 'user', label: '普通用户' },
  { value: 'admin', label: '运营' },
];
const VIP_OPTIONS = [
  { value: 'yes', label: '会员' },
  { value: 'no', label: '非会员' },
];

/** "3 分钟前" for the last few days, the date after that. */
function lastActive(iso: string | null) {
  if (!iso) return <Typography.Text type="secondary">—</Typography.Text>;
  const at = dayjs(iso);
  const text = dayjs().diff(at, 'day') < 7 ? at.fromNow() : at.format('YYYY-MM-DD');
  return <Tooltip title={formatTime(iso)}>{text}</Tooltip>;
}

/** Users (docs/admin.md, Users): search by phone, nickname or id; filters; each row opens the user's page. */
export default function UsersPage() {
  const table = useAdminTable<AdminUserRow>(USERS_AREA, USERS_URL);
  const { filters, setFilter, sortOrder } = table;
  const [exporting, setExporting] = useState(false);

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: '用户',
      key: 'user',
      width: 260,
      render: (_, u) => (
        <Space size={10}>
          <Avatar src={imageUrl(u.avatar, 40)} size={40} />
          <div style={{ lineHeight: 1.4, minWidth: 0 }}>
            <Link to={`/admin/users/${u.id}`}>{u.nickname}</Link>
            <div style={{ color: '#8a8f99', fontSize: 12 }}>ID {u.id}</div>
          </div>
        </Space>
      ),
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      width: 130,
      render: (phone: string | null) => phone ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '状态',
      key: 'tags',
      width: 200,
      render: (_, u) => (
        <Space size={[0, 4]} wrap>
          <StatusTag status={u.status} />
          {roleTag(u.role)}
          {vipTag(u)}
        </Space>
      ),
    },
    {
      title: '芯片',
      dataIndex: 'chips',
      key: 'chips',
      align: 'right',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('chips'),
      render: (n: number) => formatCount(n),
    },
    {
      title: '可提现收益',
      dataIndex: 'earnings_fen',
      align: 'right',
      width: 120,
      render: (fen: number) => formatYuan(fen),
    },
    {
      title: '注册时间',
      dataIndex: 'created_at',
      key: 'created_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (iso: string) => formatTime(iso),
    },
    { title: '最近活跃', dataIndex: 'last_active_at', width: 110, render: lastActive },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, u) => <Link to={`/admin/users/${u.id}`}>详情</Link>,
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(`${USERS_URL}/export.csv`, `用户-${dayjs().format('YYYYMMDD-HHmm')}.csv`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHead
        title="用户"
        description="按手机号（可只输前几位）、昵称或用户ID查找；点开用户可禁用、调整芯片与会员、设置运营权限。"
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            导出 CSV
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            placeholder="手机号 / 昵称 / 用户ID"
            style={{ width: 280 }}
            // Uncontrolled, re-mounted when the address's q changes (a reset, a link).
            key={filters.q ?? ''}
            defaultValue={filters.q}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            placeholder="账号状态"
            style={{ width: 130 }}
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(v?: string) => setFilter({ status: v })}
          />
          <Select
            allowClear
            placeholder="角色"
            style={{ width: 130 }}
            options={ROLE_OPTIONS}
            value={filters.role}
            onChange={(v?: string) => setFilter({ role: v })}
          />
          <Select
            allowClear
            placeholder="会员"
            style={{ width: 120 }}
            options={VIP_OPTIONS}
            value={filters.vip}
            onChange={(v?: string) => setFilter({ vip: v })}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() =>
              setFilter({ q: null, status: null, role: null, vip: null, sort: null, order: null })
            }
          >
            重置
          </Button>
        </div>
        <Table<AdminUserRow>
          {...table.tableProps}
          rowKey="id"
          columns={columns}
          scroll={{ x: 1160 }}
          size="middle"
          locale={{ emptyText: filters.q ? `没有找到与“${filters.q}”匹配的用户` : '暂无用户' }}
        />
      </Card>
    </>
  );
}
