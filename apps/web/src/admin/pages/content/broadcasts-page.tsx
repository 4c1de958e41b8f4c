import type { AdminBroadcast } from '@lingxi/contract';
import { Card, Input, Table, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useAdminTable } from '../../lib/use-admin-table';
import { formatTime } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { BroadcastCompose } from './broadcast-compose';
import { AREAS } from './content-api';
import { DayRangeFilter } from './day-range-filter';
import { useTranslation } from 'react-i18next';

const columns = (t: TFunction): TableColumnsType<AdminBroadcast> => [
  {
    title: t('content.broadcasts.message'),
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
    title: t('content.broadcasts.link'),
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
  {
    title: t('content.broadcasts.sender'),
    key: 'sender',
    width: 180,
    render: (_, n) => <UserCell user={n.sender} />,
  },
];

/** Broadcasts: write one (with the app's card as preview), and every one sent, newest first. */
export default function BroadcastsPage() {
  const { t } = useTranslation();
  const table = useAdminTable<AdminBroadcast>(AREAS.broadcasts, '/api/v1/admin/notice/broadcast');
  const { filters, setFilter, sortOrder } = table;
  return (
    <>
      <PageHead title={t('content.broadcasts.title')} description={t('content.broadcasts.lead')} />
      <BroadcastCompose />
      <Card title={t('content.broadcasts.history')}>
        <div className="console-toolbar">
          <Input.Search
            placeholder={t('content.broadcasts.search')}
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
            ...columns(t),
            {
              title: t('content.broadcasts.sentAt'),
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
          locale={{
            emptyText:
              filters.q || filters.from ? t('content.broadcasts.noMatch') : t('content.broadcasts.none'),
          }}
        />
      </Card>
    </>
  );
}
