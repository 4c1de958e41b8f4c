import { DownloadOutlined, PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { AdminRedeemBatch, RedeemBatchStatus } from '@lingxi/contract';
import {
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatTime } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { BATCHES_URL, downloadCodes, REDEEM, useDisableBatch } from './redeem/api';
import { BATCH_STATUS, BatchStatusTag, faceValue } from './redeem/batch-labels';
import { CreateBatchModal } from './redeem/create-batch-modal';

const STATUS_OPTIONS = (Object.keys(BATCH_STATUS) as RedeemBatchStatus[]).map((value) => ({
  value,
  label: <BatchStatusTag status={value} />,
}));

/** 兑换码 (docs/admin.md, Money): batches with their use, the codes' CSV, disabling, and making new ones. */
export default function RedeemPage() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const table = useAdminTable<AdminRedeemBatch>(REDEEM, BATCHES_URL);
  const { filters, setFilter, sortOrder } = table;
  const disable = useDisableBatch();
  const [creating, setCreating] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (b: AdminRedeemBatch) => {
    setDownloading(b.id);
    try {
      await downloadCodes(b);
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumnsType<AdminRedeemBatch> = [
    { title: t('redeem.col.batch'), dataIndex: 'id', width: 80, render: (id: number) => `#${id}` },
    {
      title: t('redeem.col.note'),
      dataIndex: 'note',
      ellipsis: true,
      render: (note: string) =>
        note || <Typography.Text type="secondary">{t('plans.table.unnamed')}</Typography.Text>,
    },
    {
      title: t('redeem.col.value'),
      key: 'value',
      width: 170,
      render: (_, b) => (
        <span>
          <Tag color={b.kind === 'chips' ? 'cyan' : 'purple'} bordered={false}>
            {b.kind === 'chips' ? t('orders.kind.chips') : t('orders.kind.vip')}
          </Tag>
          {faceValue(t, b)}
        </span>
      ),
    },
    {
      title: t('redeem.col.used'),
      key: 'used',
      width: 180,
      render: (_, b) => (
        <div>
          <Progress
            percent={Math.round((b.used_count / b.quantity) * 100)}
            size="small"
            showInfo={false}
            strokeColor={b.used_count === b.quantity ? '#52c41a' : undefined}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatCount(b.used_count)} / {formatCount(b.quantity)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 96,
      render: (s: RedeemBatchStatus) => <BatchStatusTag status={s} />,
    },
    {
      title: t('redeem.col.expires'),
      dataIndex: 'expires_at',
      key: 'expires_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('expires_at'),
      render: formatTime,
    },
    {
      title: t('redeem.col.created'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 160,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (_, b) => (
        <div style={{ lineHeight: 1.4 }}>
          {formatTime(b.created_at)}
          <div style={{ color: '#8a8f99', fontSize: 12 }}>{b.created_by?.nickname ?? '—'}</div>
        </div>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_, b) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading === b.id}
            onClick={() => void download(b)}
          >
            {t('redeem.export')}
          </Button>
          {b.status === 'disabled' ? null : (
            <Popconfirm
              title={t('redeem.disableTitle', { id: b.id })}
              description={t('redeem.disableText', {
                count: b.quantity - b.used_count,
                value: formatCount(b.quantity - b.used_count),
              })}
              okText={t('redeem.disable')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                disable.mutateAsync(b.id).then(
                  () => void message.success(t('redeem.disabled', { id: b.id })),
                  () => undefined, // the request client showed why
                )
              }
            >
              <Button type="link" size="small" danger icon={<StopOutlined />}>
                {t('redeem.disable')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const filtered = ['q', 'status', 'kind'].some((k) => filters[k]);

  return (
    <>
      <PageHead
        title={t('redeem.title')}
        description={t('redeem.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('redeem.create')}
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            style={{ width: 280 }}
            placeholder={t('redeem.searchPlaceholder')}
            defaultValue={filters.q}
            key={filters.q ?? ''}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('common.status')}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => setFilter({ status })}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('orders.kindPlaceholder')}
            value={filters.kind}
            options={[
              { value: 'chips', label: t('orders.kind.chips') },
              { value: 'vip_days', label: t('redeem.vipDays') },
            ]}
            onChange={(kind) => setFilter({ kind })}
          />
          <Space style={{ marginInlineStart: 'auto' }}>
            {filtered ? (
              <Button onClick={() => setFilter({ q: null, status: null, kind: null })}>
                {t('withdrawals.clearFilters')}
              </Button>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={() => void table.query.refetch()}>
              {t('common.refresh')}
            </Button>
          </Space>
        </div>
        <Table<AdminRedeemBatch>
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1100 }}
          locale={{ emptyText: filtered ? t('redeem.emptyFiltered') : t('redeem.empty') }}
          {...table.tableProps}
        />
      </Card>
      <CreateBatchModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
