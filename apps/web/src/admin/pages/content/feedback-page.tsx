import { DownloadOutlined } from '@ant-design/icons';
import { FEEDBACK_TYPE_LABELS, type AdminFeedback, type FeedbackType } from '@lingxi/contract';
import {
  Badge,
  Button,
  Card,
  Input,
  Select,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { formatTime } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { AREAS, useOpenFeedbackCount } from './content-api';
import { DayRangeFilter } from './day-range-filter';
import { FeedbackDrawer, STATUS_TAGS } from './feedback-drawer';
import './content.css';

const TYPE_OPTIONS = (Object.entries(FEEDBACK_TYPE_LABELS) as [FeedbackType, string][]).map(
  ([value, label]) => ({
    value,
    label,
  }),
);

/** 意见反馈: the inbox, by status tab, with filters, the CSV, and a drawer to read and close one. */
export default function FeedbackPage() {
  const table = useAdminTable<AdminFeedback>(AREAS.feedback, '/api/v1/admin/feedback', { status: 'open' });
  const { filters, setFilter, sortOrder } = table;
  const openCount = useOpenFeedbackCount();
  const [reading, setReading] = useState<AdminFeedback | null>(null);
  const [exporting, setExporting] = useState(false);

  const columns: TableColumnsType<AdminFeedback> = [
    {
      title: '类型',
      dataIndex: 'type',
      width: 100,
      render: (type: FeedbackType) => <Tag color="blue">{FEEDBACK_TYPE_LABELS[type]}</Tag>,
    },
    {
      title: '内容',
      dataIndex: 'content',
      width: 300,
      render: (content: string, f) => (
        <Typography.Link onClick={() => setReading(f)} style={{ color: 'inherit' }}>
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {content}
          </Typography.Paragraph>
        </Typography.Link>
      ),
    },
    {
      title: '联系方式',
      dataIndex: 'contact',
      width: 150,
      ellipsis: true,
      render: (c: string | null) => c ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '用户',
      dataIndex: 'user',
      width: 170,
      render: (u: AdminFeedback['user']) =>
        u ? <UserCell user={u} /> : <Typography.Text type="secondary">未登录</Typography.Text>,
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: AdminFeedback['status']) => STATUS_TAGS[s] },
    {
      title: '提交时间',
      dataIndex: 'created_at',
      key: 'created_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('created_at') ?? (filters.sort ? null : 'descend'),
      render: formatTime,
    },
    ...(filters.status === 'open'
      ? []
      : [
          {
            title: '处理时间',
            dataIndex: 'handled_at',
            key: 'handled_at',
            width: 150,
            sorter: true,
            sortOrder: sortOrder('handled_at'),
            render: formatTime,
          },
        ]),
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => setReading(f)}>
          {f.status === 'open' ? '处理' : '查看'}
        </Button>
      ),
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv('/api/v1/admin/feedback/export.csv', '意见反馈.csv');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHead
        title="意见反馈"
        description="用户在「我的 → 意见反馈」提交的内容；处理时可回复，回复以系统消息发送给用户。"
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            导出 CSV
          </Button>
        }
      />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={filters.status}
          onChange={(status) => setFilter({ status })}
          items={[
            {
              key: 'open',
              label: (
                <span>
                  待处理 <Badge count={openCount.data ?? 0} overflowCount={999} size="small" />
                </span>
              ),
            },
            { key: 'handled', label: '已处理' },
            { key: 'all', label: '全部' },
          ]}
        />
        <div className="console-toolbar">
          <Input.Search
            placeholder="搜索内容或联系方式"
            allowClear
            defaultValue={filters.q}
            onSearch={(q) => setFilter({ q })}
            style={{ width: 280 }}
          />
          <Select
            placeholder="全部类型"
            allowClear
            options={TYPE_OPTIONS}
            value={filters.type}
            onChange={(type?: string) => setFilter({ type })}
            style={{ width: 140 }}
          />
          <DayRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
        </div>
        <Table<AdminFeedback>
          rowKey="id"
          {...table.tableProps}
          columns={columns}
          scroll={{ x: 1040 }}
          onRow={(f) => ({ onDoubleClick: () => setReading(f) })}
          locale={{
            emptyText: filters.status === 'open' && !filters.q ? '没有待处理的反馈' : '没有符合条件的反馈',
          }}
        />
      </Card>
      <FeedbackDrawer feedback={reading} onClose={() => setReading(null)} />
    </>
  );
}
