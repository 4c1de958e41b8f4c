import { DownloadOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@lingxi/contract';
import { App, Button, Card, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatSeconds } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { actionColor, actionLabel, detailLabel, targetLabel } from './action-labels';
import { AuditDrawer } from './audit-drawer';
import { AuditFilters } from './audit-filters';
import { showValue } from './diff';
import './audit.css';

/** A row's details in a line: the reason or title first, then the rest. */
function summaryOf(detail: Record<string, unknown>) {
  const entries = Object.entries(detail);
  const first = ['reason', 'title', 'name'];
  entries.sort(([a], [b]) => Number(first.includes(b)) - Number(first.includes(a)));
  return entries.map(([k, v]) => `${detailLabel(k) ?? k}：${showValue(v)}`).join('；');
}

/** Every operator action, newest first, narrowed and exported (docs/admin.md, Audit log). */
export default function AuditPage() {
  const { message } = App.useApp();
  const table = useAdminTable<AuditEntry>('audit', '/api/v1/admin/audit');
  const { filters, setFilter } = table;
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(
        '/api/v1/admin/audit/export.csv',
        `操作日志-${new Date().toISOString().slice(0, 10)}.csv`,
      );
      message.success('已导出');
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<AuditEntry> = [
    {
      title: '时间',
      key: 'at',
      dataIndex: 'at',
      width: 160,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: filters.order === 'asc' ? 'ascend' : 'descend',
      render: (at: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatSeconds(at)}</span>,
    },
    {
      title: '操作人',
      dataIndex: 'actor',
      width: 180,
      render: (actor: AuditEntry['actor']) => <UserCell user={actor} />,
    },
    {
      title: '操作类型',
      dataIndex: 'action',
      width: 180,
      render: (action: string) => (
        <Tooltip title="只看这种操作">
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
      title: '对象',
      dataIndex: 'target',
      width: 160,
      render: (target: string) => (
        <Tooltip title="只看这个对象">
          <Typography.Link onClick={() => setFilter({ target })}>{targetLabel(target)}</Typography.Link>
          <span className="audit-code">{target}</span>
        </Tooltip>
      ),
    },
    {
      title: '摘要',
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
                有变更
              </Tag>
            ) : null}
          </Tooltip>
        );
      },
    },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '—' },
    {
      title: '操作',
      key: 'open',
      fixed: 'right',
      width: 70,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHead
        title="操作日志"
        description="运营人员的每一次操作：谁、何时、从哪个地址、对什么做了什么，以及改动前后的值。"
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            导出CSV
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
          locale={{ emptyText: '没有符合条件的操作记录' }}
        />
      </Card>
      <AuditDrawer entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
