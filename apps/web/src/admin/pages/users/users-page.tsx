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
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatCount, formatDate, formatTime, formatYuan } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { roleTag, StatusTag, vipTag } from './user-tags';
import { USERS_AREA, USERS_URL } from './users-api';
import { useTranslation } from 'react-i18next';

dayjs.extend(relativeTime);

const statusOptions = (t: TFunction) => [
  { value: 'active', label: t('users.status.active') },
  { value: 'disabled', label: t('users.status.disabled') },
  { value: 'deleted', label: t('users.status.deleted') },
];
const roleOptions = (t: TFunction) => [
  { value: 'user', label: t('users.role.user') },
  { value: 'admin', label: t('users.role.admin') },
];
const vipOptions = (t: TFunction) => [
  { value: 'yes', label: t('users.list.vip') },
  { value: 'no', label: t('users.list.notVip') },
];

/** "3 minutes ago" for the last few days, the date after that. */
function lastActive(iso: string | null) {
  if (!iso) return <Typography.Text type="secondary">—</Typography.Text>;
  const at = dayjs(iso);
  const text = dayjs().diff(at, 'day') < 7 ? at.fromNow() : formatDate(iso);
  return <Tooltip title={formatTime(iso)}>{text}</Tooltip>;
}

/** Users (docs/admin.md, Users): search by phone, nickname or id; filters; each row opens the user's page. */
export default function UsersPage() {
  const table = useAdminTable<AdminUserRow>(USERS_AREA, USERS_URL);
  const { t } = useTranslation();
  const { filters, setFilter, sortOrder } = table;
  const [exporting, setExporting] = useState(false);

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('users.list.user'),
      key: 'user',
      width: 230,
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
      title: t('users.list.phone'),
      dataIndex: 'phone',
      width: 130,
      render: (phone: string | null) => phone ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('common.status'),
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
      title: t('users.list.chips'),
      dataIndex: 'chips',
      key: 'chips',
      align: 'right',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('chips'),
      render: (n: number) => formatCount(n),
    },
    {
      title: t('users.list.earnings'),
      dataIndex: 'earnings_fen',
      align: 'right',
      width: 120,
      render: (fen: number) => formatYuan(fen),
    },
    {
      title: t('users.list.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (iso: string) => formatTime(iso),
    },
    { title: t('users.list.lastActive'), dataIndex: 'last_active_at', width: 150, render: lastActive },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, u) => <Link to={`/admin/users/${u.id}`}>{t('users.list.details')}</Link>,
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(
        `${USERS_URL}/export.csv`,
        `${t('users.list.fileName')}-${dayjs().format('YYYYMMDD-HHmm')}.csv`,
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHead
        title={t('routes.pages.users')}
        description={t('users.list.lead')}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t('common.exportCsv')}
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            placeholder={t('users.list.searchPlaceholder')}
            style={{ width: 280 }}
            // Uncontrolled, re-mounted when the address's q changes (a reset, a link).
            key={filters.q ?? ''}
            defaultValue={filters.q}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            placeholder={t('users.list.statusFilter')}
            style={{ width: 160 }}
            options={statusOptions(t)}
            value={filters.status}
            onChange={(v?: string) => setFilter({ status: v })}
          />
          <Select
            allowClear
            placeholder={t('users.list.roleFilter')}
            style={{ width: 130 }}
            options={roleOptions(t)}
            value={filters.role}
            onChange={(v?: string) => setFilter({ role: v })}
          />
          <Select
            allowClear
            placeholder={t('users.list.vipFilter')}
            style={{ width: 140 }}
            options={vipOptions(t)}
            value={filters.vip}
            onChange={(v?: string) => setFilter({ vip: v })}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() =>
              setFilter({ q: null, status: null, role: null, vip: null, sort: null, order: null })
            }
          >
            {t('common.reset')}
          </Button>
        </div>
        <Table<AdminUserRow>
          {...table.tableProps}
          rowKey="id"
          columns={columns}
          scroll={{ x: 1200 }}
          size="middle"
          locale={{
            emptyText: filters.q ? t('users.list.emptySearch', { q: filters.q }) : t('users.list.empty'),
          }}
        />
      </Card>
    </>
  );
}
