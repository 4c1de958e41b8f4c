import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminWithdrawal, WithdrawalStatus } from '@lingxi/contract';
import {
  App,
  Badge,
  Button,
  Card,
  DatePicker,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatTime, formatYuan } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { PaidModal, RejectModal } from './withdrawals/action-modals';
import { useWithdrawalAction, useWithdrawalSummary, WITHDRAWALS, WITHDRAWALS_URL } from './withdrawals/api';
import { PAYOUT_CHANNELS } from './withdrawals/withdrawal-labels';

const TABS: WithdrawalStatus[] = ['pending', 'approved', 'paid', 'rejected'];

/** 提现 (docs/admin.md, Money): review, reject, mark paid; the CSV reconciles the payouts. */
export default function WithdrawalsPage() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const channel = (c: AdminWithdrawal['channel']) => t(`withdrawals.channel.${c}`);
  const table = useAdminTable<AdminWithdrawal>(WITHDRAWALS, WITHDRAWALS_URL, { status: 'pending' });
  const { filters, setFilter, sortOrder } = table;
  const summary = useWithdrawalSummary();
  const act = useWithdrawalAction();
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);
  const [exporting, setExporting] = useState(false);
  const s = summary.data;

  const approve = async (w: AdminWithdrawal) => {
    await act.mutateAsync({ action: 'approve', id: w.id });
    message.success(t('withdrawals.approved', { id: w.id }));
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(
        `${WITHDRAWALS_URL}/export.csv`,
        `${t('withdrawals.csvName')}-${dayjs().format('YYYYMMDD-HHmm')}.csv`,
      );
    } finally {
      setExporting(false);
    }
  };

  const tab = (filters.status ?? 'pending') as WithdrawalStatus;
  const open = tab === 'pending' || tab === 'approved';
  // The tab is the state: each shows what matters in it (the reason, the payout number, who acted).
  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: t('withdrawals.col.id'), dataIndex: 'id', width: 80 },
    { title: t('common.user'), dataIndex: 'user', width: 160, render: (_, w) => <UserCell user={w.user} /> },
    {
      title: t('withdrawals.col.amount'),
      dataIndex: 'amount_fen',
      key: 'amount_fen',
      align: 'right',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('amount_fen'),
      render: (fen: number) => <strong>{formatYuan(fen)}</strong>,
    },
    {
      title: t('withdrawals.col.net'),
      dataIndex: 'net_fen',
      align: 'right',
      width: 120,
      render: (_, w) => (
        <div style={{ lineHeight: 1.4 }}>
          {formatYuan(w.net_fen)}
          <div style={{ color: '#8a8f99', fontSize: 12 }}>
            {t('withdrawals.fee', { fee: formatYuan(w.fee_fen) })}
          </div>
        </div>
      ),
    },
    {
      title: t('withdrawals.col.account'),
      dataIndex: 'account',
      width: 200,
      render: (_, w) => (
        <div style={{ lineHeight: 1.4 }}>
          <Typography.Text copyable>{w.account}</Typography.Text>
          <div style={{ color: '#8a8f99', fontSize: 12 }}>
            {channel(w.channel)} · {t('withdrawals.realName', { name: w.real_name })}
          </div>
        </div>
      ),
    },
    ...(tab === 'rejected'
      ? [
          {
            title: t('withdrawals.col.reason'),
            dataIndex: 'reason',
            width: 200,
            ellipsis: true,
            render: (r: string | null) => <Typography.Text type="danger">{r ?? '—'}</Typography.Text>,
          },
        ]
      : []),
    ...(tab === 'paid'
      ? [
          {
            title: t('withdrawals.col.reference'),
            dataIndex: 'reference',
            width: 190,
            render: (r: string | null) => (r ? <Typography.Text copyable>{r}</Typography.Text> : '—'),
          },
        ]
      : []),
    {
      title: t('withdrawals.col.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 140,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: formatTime,
    },
    ...(tab === 'pending'
      ? []
      : [
          {
            title: tab === 'approved' ? t('withdrawals.col.reviewer') : t('withdrawals.col.handler'),
            key: 'reviewer',
            width: 140,
            render: (_: unknown, w: AdminWithdrawal) => (
              <div style={{ lineHeight: 1.4 }}>
                {w.reviewer?.nickname ?? '—'}
                <div style={{ color: '#8a8f99', fontSize: 12 }}>{formatTime(w.updated_at)}</div>
              </div>
            ),
          },
        ]),
    ...(open
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: tab === 'approved' ? 160 : 120,
            render: (_: unknown, w: AdminWithdrawal) => actions(w),
          },
        ]
      : []),
  ];

  function actions(w: AdminWithdrawal) {
    return (
      <Space size={0}>
        {w.status === 'pending' ? (
          <Popconfirm
            title={t('withdrawals.approveTitle', { id: w.id })}
            description={t('withdrawals.approveText', {
              channel: channel(w.channel),
              account: w.account,
              amount: formatYuan(w.net_fen),
            })}
            okText={t('withdrawals.approve')}
            cancelText={t('common.cancel')}
            onConfirm={() => approve(w).catch(() => undefined)}
          >
            <Button type="link" size="small">
              {t('withdrawals.approve')}
            </Button>
          </Popconfirm>
        ) : (
          <Button type="link" size="small" onClick={() => setPaying(w)}>
            {t('withdrawals.markPaid')}
          </Button>
        )}
        <Button type="link" size="small" danger onClick={() => setRejecting(w)}>
          {t('withdrawals.reject')}
        </Button>
      </Space>
    );
  }

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;
  const filtered = ['q', 'channel', 'from', 'to'].some((k) => filters[k]);

  return (
    <>
      <PageHead
        title={t('withdrawals.title')}
        description={
          s
            ? t('withdrawals.summary', {
                pending: formatCount(s.pending),
                pendingAmount: formatYuan(s.pending_fen),
                approved: formatCount(s.approved),
                approvedAmount: formatYuan(s.approved_fen),
              })
            : t('withdrawals.description')
        }
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t('withdrawals.export')}
          </Button>
        }
      />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(status) => setFilter({ status })}
          items={TABS.map((key) => ({
            key,
            label: (
              <span>
                {t(`withdrawals.status.${key}`)}
                {key === 'pending' || key === 'approved' ? (
                  <Badge
                    count={s?.[key] ?? 0}
                    overflowCount={999}
                    style={{ marginInlineStart: 6, background: key === 'pending' ? '#faad14' : '#1677ff' }}
                  />
                ) : null}
              </span>
            ),
          }))}
        />
        <div className="console-toolbar">
          <Input.Search
            allowClear
            style={{ width: 320 }}
            placeholder={t('withdrawals.searchPlaceholder')}
            defaultValue={filters.q}
            key={filters.q ?? ''}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('withdrawals.channelPlaceholder')}
            value={filters.channel}
            options={PAYOUT_CHANNELS.map((value) => ({ value, label: channel(value) }))}
            onChange={(channel) => setFilter({ channel })}
          />
          <DatePicker.RangePicker
            value={range}
            placeholder={[t('withdrawals.from'), t('withdrawals.to')]}
            onChange={(v) =>
              setFilter({
                from: v?.[0]?.format('YYYY-MM-DD') ?? null,
                to: v?.[1]?.format('YYYY-MM-DD') ?? null,
              })
            }
          />
          <Space style={{ marginInlineStart: 'auto' }}>
            {filtered ? (
              <Button onClick={() => setFilter({ q: null, channel: null, from: null, to: null })}>
                {t('withdrawals.clearFilters')}
              </Button>
            ) : null}
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void Promise.all([table.query.refetch(), summary.refetch()])}
            >
              {t('common.refresh')}
            </Button>
          </Space>
        </div>
        <Table<AdminWithdrawal>
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1120 }}
          locale={{
            emptyText: t(`withdrawals.empty.${tab}`),
          }}
          {...table.tableProps}
        />
      </Card>
      <RejectModal target={rejecting} onClose={() => setRejecting(null)} />
      <PaidModal target={paying} onClose={() => setPaying(null)} />
    </>
  );
}
