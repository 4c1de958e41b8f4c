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
import { formatCount, formatTime, formatYuan } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { PaidModal, RejectModal } from './withdrawals/action-modals';
import { useWithdrawalAction, useWithdrawalSummary, WITHDRAWALS, WITHDRAWALS_URL } from './withdrawals/api';
import { PAYOUT_CHANNEL, WITHDRAWAL_STATUS } from './withdrawals/withdrawal-labels';

const TABS: WithdrawalStatus[] = ['pending', 'approved', 'paid', 'rejected'];

/** 提现 (docs/admin.md, Money): review, reject, mark paid; the CSV reconciles the payouts. */
export default function WithdrawalsPage() {
  const { message } = App.useApp();
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
    message.success(`已通过 #${w.id}，请尽快打款`);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(
        `${WITHDRAWALS_URL}/export.csv`,
        `提现申请-${dayjs().format('YYYYMMDD-HHmm')}.csv`,
      );
    } finally {
      setExporting(false);
    }
  };

  const tab = (filters.status ?? 'pending') as WithdrawalStatus;
  const open = tab === 'pending' || tab === 'approved';
  // The tab is the state: each shows what matters in it (the reason, the payout number, who acted).
  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: '申请ID', dataIndex: 'id', width: 70 },
    { title: '用户', dataIndex: 'user', width: 160, render: (_, w) => <UserCell user={w.user} /> },
    {
      title: '提现金额',
      dataIndex: 'amount_fen',
      key: 'amount_fen',
      align: 'right',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('amount_fen'),
      render: (fen: number) => <strong>{formatYuan(fen)}</strong>,
    },
    {
      title: '应打款',
      dataIndex: 'net_fen',
      align: 'right',
      width: 120,
      render: (_, w) => (
        <div style={{ lineHeight: 1.4 }}>
          {formatYuan(w.net_fen)}
          <div style={{ color: '#8a8f99', fontSize: 12 }}>手续费 {formatYuan(w.fee_fen)}</div>
        </div>
      ),
    },
    {
      title: '收款账户',
      dataIndex: 'account',
      width: 200,
      render: (_, w) => (
        <div style={{ lineHeight: 1.4 }}>
          <Typography.Text copyable>{w.account}</Typography.Text>
          <div style={{ color: '#8a8f99', fontSize: 12 }}>
            {PAYOUT_CHANNEL[w.channel]} · 实名 {w.real_name}
          </div>
        </div>
      ),
    },
    ...(tab === 'rejected'
      ? [
          {
            title: '驳回原因',
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
            title: '打款流水号',
            dataIndex: 'reference',
            width: 190,
            render: (r: string | null) => (r ? <Typography.Text copyable>{r}</Typography.Text> : '—'),
          },
        ]
      : []),
    {
      title: '申请时间',
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
            title: tab === 'approved' ? '审核' : '处理',
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
            title: '操作',
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
            title={`通过提现申请 #${w.id}？`}
            description={`通过后需向${PAYOUT_CHANNEL[w.channel]} ${w.account} 打款 ${formatYuan(w.net_fen)}`}
            okText="通过"
            cancelText="取消"
            onConfirm={() => approve(w).catch(() => undefined)}
          >
            <Button type="link" size="small">
              通过
            </Button>
          </Popconfirm>
        ) : (
          <Button type="link" size="small" onClick={() => setPaying(w)}>
            标记已打款
          </Button>
        )}
        <Button type="link" size="small" danger onClick={() => setRejecting(w)}>
          驳回
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
        title="提现"
        description={
          s
            ? `待审核 ${formatCount(s.pending)} 笔 ${formatYuan(s.pending_fen)} · 待打款 ${formatCount(s.approved)} 笔 ${formatYuan(s.approved_fen)}`
            : '审核用户的收益提现，打款后填写流水号'
        }
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            导出 CSV（对账）
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
                {WITHDRAWAL_STATUS[key].label}
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
            placeholder="申请ID / 用户ID / 手机号 / 收款账号 / 实名"
            defaultValue={filters.q}
            key={filters.q ?? ''}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="收款方式"
            value={filters.channel}
            options={[
              { value: 'alipay', label: '支付宝' },
              { value: 'wechat', label: '微信' },
            ]}
            onChange={(channel) => setFilter({ channel })}
          />
          <DatePicker.RangePicker
            value={range}
            placeholder={['申请开始日期', '结束日期']}
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
                清除筛选
              </Button>
            ) : null}
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void Promise.all([table.query.refetch(), summary.refetch()])}
            >
              刷新
            </Button>
          </Space>
        </div>
        <Table<AdminWithdrawal>
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1120 }}
          locale={{
            emptyText: `暂无${WITHDRAWAL_STATUS[filters.status as WithdrawalStatus]?.label ?? ''}的提现申请`,
          }}
          {...table.tableProps}
        />
      </Card>
      <RejectModal target={rejecting} onClose={() => setRejecting(null)} />
      <PaidModal target={paying} onClose={() => setPaying(null)} />
    </>
  );
}
