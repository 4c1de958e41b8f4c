import { DownloadOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@lingxi/contract';
import { App, Button, Card, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatSeconds } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import i18n from 'i18next';
import { actionColor, actionLabel, detailLabel, targetLabel } from './action-labels';
import { AuditDrawer } from './audit-drawer';
import { AuditFilters } from './audit-filters';
import { showValue } from './diff';
import './audit.css';
import { useTranslation } from 'react-i18next';

/** A row's details in a line: the reason or title first, then the rest. */
function summaryOf(detail: Record<string, unknown>) {
  const entries = Object.entries(detail);
  const first = ['reason', 'title', 'name'];
  entries.sort(([a], [b]) => Number(first.includes(b)) - Number(first.includes(a)));
  return entries
    .map(([k, v]) => i18n.t('audit.diff.pair', { label: detailLabel(k) ?? k, value: showValue(v) }))
    .join(i18n.t('audit.diff.summarySeparator'));
}

/** Every operator action, newest first, narrowed and exported (docs/admin.md, Audit log). */
export default function AuditPage() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const table = useAdminTable<AuditEntry>('audit', '/api/v1/admin/audit');
  const { filters, setFilter } = table;
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(
        '/api/v1/admin/audit/export.csv',
        `${t('audit.page.fileName')}-${new Date().toISOString().slice(0, 10)}.csv`,
      );
      message.success(t('audit.page.exported'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<AuditEntry> = [
    {
      title: t('audit.page.time'),
      key: 'at',
      dataIndex: 'at',
      width: 160,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: filters.order === 'asc' ? 'ascend' : 'descend',
      render: (at: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatSeconds(at)}</span>,
    },
    {
      title: t('audit.page.actor'),
      dataIndex: 'actor',
      width: 180,
      render: (actor: AuditEntry['actor']) => <UserCell user={actor} />,
    },
    {
      title: t('audit.page.action'),
      dataIndex: 'action',
      width: 180,
      render: (action: string) => (
        <Tooltip title={t('audit.page.onlyAction')}>
          <Tag
            color={actionColor(action)}
            style={{ cursor: 'pointer' }}
            onClick={() => setFilter({ action })}
          >
            {actionLabel(action)}
          </Tag>
          <span className="audit-code">{action}</span>
        </Tooltip>
      ),
    },
    {
      title: t('audit.page.target'),
      dataIndex: 'target',
      width: 160,
      render: (target: string) => (
        <Tooltip title={t('audit.page.onlyTarget')}>
          <Typography.Link onClick={() => setFilter({ target })}>{targetLabel(target)}</Typography.Link>
          <span className="audit-code">{target}</span>
        </Tooltip>
      ),
    },
    {
      title: t('audit.page.summary'),
      dataIndex: 'detail',
      width: 200,
      ellipsis: { showTitle: false },
      render: (detail: AuditEntry['detail'], row) => {
        const text = summaryOf(detail);
        const changed = row.before !== null || row.after !== null;
        return (
          <Tooltip title={text || undefined} placement="topLeft">
            <span className="audit-summary">{text || '—'}</span>
            {changed ? (
              <Tag color="orange" style={{ marginLeft: 6 }}>
                {t('audit.page.changed')}
              </Tag>
            ) : null}
          </Tooltip>
        );
      },
    },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '—' },
    {
      title: t('audit.page.open'),
      key: 'open',
      fixed: 'right',
      width: 70,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row)}>
          {t('audit.page.details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHead
        title={t('audit.page.title')}
        description={t('audit.page.lead')}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t('audit.page.exportCsv')}
          </Button>
        }
      />
      <Card>
        <AuditFilters filters={filters} setFilter={setFilter} />
        <Table<AuditEntry>
          {...table.tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1080 }}
          onRow={(row) => ({ onDoubleClick: () => setOpen(row) })}
          locale={{ emptyText: t('audit.page.empty') }}
        />
      </Card>
      <AuditDrawer entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
