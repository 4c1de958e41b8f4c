import { DownloadOutlined } from '@ant-design/icons';
import { FEEDBACK_TYPE_LABELS, type AdminFeedback, type FeedbackType } from '@lingxi/contract';
import type { TFunction } from 'i18next';
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
import { FeedbackDrawer, StatusTag } from './feedback-drawer';
import './content.css';
import { useTranslation } from 'react-i18next';

const typeOptions = (t: TFunction) =>
  (Object.keys(FEEDBACK_TYPE_LABELS) as FeedbackType[]).map((value) => ({
    value,
    label: t(`content.feedback.types.${value}`),
  }));

/** Feedback: the inbox, by status tab, with filters, the CSV, and a drawer to read and close one. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const table = useAdminTable<AdminFeedback>(AREAS.feedback, '/api/v1/admin/feedback', { status: 'open' });
  const { filters, setFilter, sortOrder } = table;
  const openCount = useOpenFeedbackCount();
  const [reading, setReading] = useState<AdminFeedback | null>(null);
  const [exporting, setExporting] = useState(false);

  const columns: TableColumnsType<AdminFeedback> = [
    {
      title: t('content.feedback.type'),
      dataIndex: 'type',
      width: 100,
      render: (type: FeedbackType) => <Tag color="blue">{t(`content.feedback.types.${type}`)}</Tag>,
    },
    {
      title: t('content.feedback.content'),
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
      title: t('content.feedback.contact'),
      dataIndex: 'contact',
      width: 150,
      ellipsis: true,
      render: (c: string | null) => c ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('content.feedback.user'),
      dataIndex: 'user',
      width: 170,
      render: (u: AdminFeedback['user']) =>
        u ? (
          <UserCell user={u} />
        ) : (
          <Typography.Text type="secondary">{t('content.feedback.anonymous')}</Typography.Text>
        ),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: AdminFeedback['status']) => <StatusTag status={s} />,
    },
    {
      title: t('content.feedback.submittedAt'),
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
            title: t('content.feedback.handledAt'),
            dataIndex: 'handled_at',
            key: 'handled_at',
            width: 150,
            sorter: true,
            sortOrder: sortOrder('handled_at'),
            render: formatTime,
          },
        ]),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => setReading(f)}>
          {f.status === 'open' ? t('content.feedback.handle') : t('content.feedback.view')}
        </Button>
      ),
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv('/api/v1/admin/feedback/export.csv', `${t('content.feedback.fileName')}.csv`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHead
        title={t('content.feedback.title')}
        description={t('content.feedback.lead')}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t('common.exportCsv')}
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
                  {t('content.feedback.open')}{' '}
                  <Badge count={openCount.data ?? 0} overflowCount={999} size="small" />
                </span>
              ),
            },
            { key: 'handled', label: t('content.feedback.handledTab') },
            { key: 'all', label: t('common.all') },
          ]}
        />
        <div className="console-toolbar">
          <Input.Search
            placeholder={t('content.feedback.search')}
            allowClear
            defaultValue={filters.q}
            onSearch={(q) => setFilter({ q })}
            style={{ width: 280 }}
          />
          <Select
            placeholder={t('content.feedback.allTypes')}
            allowClear
            options={typeOptions(t)}
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
            emptyText:
              filters.status === 'open' && !filters.q
                ? t('content.feedback.noneOpen')
                : t('content.feedback.noMatch'),
          }}
        />
      </Card>
      <FeedbackDrawer feedback={reading} onClose={() => setReading(null)} />
    </>
  );
}
