import type { AdminBroadcast } from '@lingxi/contract';
import { Card, Input, Table, Typography, type TableColumnsType } from 'antd';
import { useAdminTable } from '../../lib/use-admin-table';
import { formatTime } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { BroadcastCompose } from './broadcast-compose';
import { AREAS } from './content-api';
import { DayRangeFilter } from './day-range-filter';

const columns: TableColumnsType<AdminBroadcast> = [
  {
    title: '消息',
    key: 'title',
    render: (_, n) => (
      <div style={{ maxWidth: 560 }}>
        <Typography.Text strong>{n.title}</Typography.Text>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '2px 0 0' }}>
          {n.body}
        </Typography.Paragraph>
      </div>
    ),
  },
  {
    title: '跳转链接',
    dataIndex: 'link',
    width: 200,
    ellipsis: true,
    render: (link: string | null) =>
      link ? (
        <Typography.Text code>{link}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  { title: '发送人', key: 'sender', width: 180, render: (_, n) => <UserCell user={n.sender} /> },
];

/** 系统广播: write one (with the app's card as preview), and every one sent, newest first. */
export default function BroadcastsPage() {
  const table = useAdminTable<AdminBroadcast>(AREAS.broadcasts, '/api/v1/admin/notice/broadcast');
  const { filters, setFilter, sortOrder } = table;
  return (
    <>
      <PageHead
        title="系统广播"
        description="发布到所有用户「消息 → 系统消息」的通知；已发送的消息不能撤回。"
      />
      <BroadcastCompose />
      <Card title="发送记录">
        <div className="console-toolbar">
          <Input.Search
            placeholder="搜索标题或内容"
            allowClear
            defaultValue={filters.q}
            onSearch={(q) => setFilter({ q })}
            style={{ width: 280 }}
          />
          <DayRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
        </div>
        <Table<AdminBroadcast>
          rowKey="id"
          {...table.tableProps}
          columns={[
            ...columns,
            {
              title: '发送时间',
              dataIndex: 'created_at',
              key: 'created_at',
              width: 170,
              sorter: true,
              sortOrder: sortOrder('created_at') ?? (filters.sort ? null : 'descend'),
              sortDirections: ['descend', 'ascend', 'descend'],
              render: formatTime,
            },
          ]}
          expandable={{
            expandedRowRender: (n) => (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, maxWidth: 760 }}>
                {n.body}
              </Typography.Paragraph>
            ),
          }}
          locale={{ emptyText: filters.q || filters.from ? '没有符合条件的消息' : '还没有发送过系统消息' }}
        />
      </Card>
    </>
  );
}
