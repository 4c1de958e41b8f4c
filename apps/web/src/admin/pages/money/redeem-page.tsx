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
    { title: '批次', dataIndex: 'id', width: 70, render: (id: number) => `#${id}` },
    {
      title: '名称 / 用途',
      dataIndex: 'note',
      ellipsis: true,
      render: (note: string) => note || <Typography.Text type="secondary">未命名</Typography.Text>,
    },
    {
      title: '面值',
      key: 'value',
      width: 140,
      render: (_, b) => (
        <span>
          <Tag color={b.kind === 'chips' ? 'cyan' : 'purple'} bordered={false}>
            {b.kind === 'chips' ? '芯片' : '会员'}
          </Tag>
          {faceValue(b)}
        </span>
      ),
    },
    {
      title: '已使用 / 总数',
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
      title: '状态',
      dataIndex: 'status',
      width: 84,
      render: (s: RedeemBatchStatus) => <BatchStatusTag status={s} />,
    },
    {
      title: '过期时间',
      dataIndex: 'expires_at',
      key: 'expires_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('expires_at'),
      render: formatTime,
    },
    {
      title: '创建',
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
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, b) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading === b.id}
            onClick={() => void download(b)}
          >
            导出
          </Button>
          {b.status === 'disabled' ? null : (
            <Popconfirm
              title={`停用批次 #${b.id}？`}
              description={`未使用的 ${formatCount(b.quantity - b.used_count)} 个兑换码将立即失效，不可恢复。`}
              okText="停用"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                disable.mutateAsync(b.id).then(
                  () => void message.success(`批次 #${b.id} 已停用`),
                  () => undefined, // the request client showed why
                )
              }
            >
              <Button type="link" size="small" danger icon={<StopOutlined />}>
                停用
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
        title="兑换码"
        description="按批次生成芯片或会员兑换码，导出发放，查看使用情况。"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            生成兑换码
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            style={{ width: 280 }}
            placeholder="名称 / 批次ID"
            defaultValue={filters.q}
            key={filters.q ?? ''}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="状态"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => setFilter({ status })}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="类型"
            value={filters.kind}
            options={[
              { value: 'chips', label: '芯片' },
              { value: 'vip_days', label: '会员天数' },
            ]}
            onChange={(kind) => setFilter({ kind })}
          />
          <Space style={{ marginInlineStart: 'auto' }}>
            {filtered ? (
              <Button onClick={() => setFilter({ q: null, status: null, kind: null })}>清除筛选</Button>
            ) : null}
            <Button icon={<ReloadOutlined />} onClick={() => void table.query.refetch()}>
              刷新
            </Button>
          </Space>
        </div>
        <Table<AdminRedeemBatch>
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1100 }}
          locale={{ emptyText: filtered ? '没有符合条件的批次' : '还没有兑换码批次，点击右上角“生成兑换码”' }}
          {...table.tableProps}
        />
      </Card>
      <CreateBatchModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
