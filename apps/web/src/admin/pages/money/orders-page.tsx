import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminOrder, OrderKind, OrderStatus, PayChannel } from '@lingxi/contract';
import {
  Button,
  Card,
  DatePicker,
  Input,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, formatYuan } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { ORDERS, ORDERS_URL } from './orders/api';
import {
  ORDER_KIND,
  ORDER_STATUS,
  OrderKindTag,
  OrderStatusTag,
  PAY_CHANNELS,
  payChannel,
} from './orders/order-labels';
import { OrderDrawer } from './orders/order-drawer';

const STATUS_OPTIONS = (Object.keys(ORDER_STATUS) as OrderStatus[]).map((value) => ({
  value,
  label: <OrderStatusTag status={value} />,
}));
const KINDS = Object.keys(ORDER_KIND) as OrderKind[];

/** 订单 (docs/admin.md, Money): every order, searched and filtered, its detail and refunds in a drawer. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const table = useAdminTable<AdminOrder>(ORDERS, ORDERS_URL);
  const { filters, setFilter, sortOrder } = table;
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(
        `${ORDERS_URL}/export.csv`,
        `${t('orders.csvName')}-${dayjs().format('YYYYMMDD-HHmm')}.csv`,
      );
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AdminOrder> = [
    {
      title: t('orders.col.orderNo'),
      dataIndex: 'order_no',
      width: 260,
      render: (no: string) => (
        <Typography.Text
          copyable={{ text: no }}
          style={{ whiteSpace: 'nowrap', fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13 }}
        >
          <a onClick={() => setOpen(no)}>{no}</a>
        </Typography.Text>
      ),
    },
    { title: t('common.user'), dataIndex: 'user', width: 160, render: (_, o) => <UserCell user={o.user} /> },
    {
      title: t('orders.col.item'),
      dataIndex: 'title',
      width: 150,
      render: (_, o) => (
        <span>
          <OrderKindTag kind={o.kind} />
          {o.title}
        </span>
      ),
    },
    {
      title: t('common.amount'),
      dataIndex: 'amount_fen',
      key: 'amount_fen',
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrder('amount_fen'),
      render: (fen: number) => <strong>{formatYuan(fen)}</strong>,
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 96,
      render: (s: OrderStatus) => <OrderStatusTag status={s} />,
    },
    {
      title: t('orders.col.channel'),
      dataIndex: 'channel',
      width: 130,
      render: (c: PayChannel) => payChannel(t, c),
    },
    {
      title: t('orders.col.times'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 160,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (_, o) => (
        <div style={{ lineHeight: 1.4 }}>
          {formatTime(o.created_at)}
          <div style={{ color: '#8a8f99', fontSize: 12 }}>
            {o.paid_at ? formatTime(o.paid_at) : t('orders.unpaid')}
          </div>
        </div>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, o) => <a onClick={() => setOpen(o.order_no)}>{t('common.details')}</a>,
    },
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;
  const filtered = ['q', 'status', 'kind', 'channel', 'from', 'to'].some((k) => filters[k]);

  return (
    <>
      <PageHead
        title={t('orders.title')}
        description={t('orders.description')}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t('common.exportCsv')}
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder={t('orders.searchPlaceholder')}
            defaultValue={filters.q}
            key={filters.q ?? ''}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('orders.statusPlaceholder')}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => setFilter({ status })}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('orders.kindPlaceholder')}
            value={filters.kind}
            options={KINDS.map((value) => ({ value, label: t(`orders.kind.${value}`) }))}
            onChange={(kind) => setFilter({ kind })}
          />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('orders.col.channel')}
            value={filters.channel}
            options={PAY_CHANNELS.map((value) => ({ value, label: payChannel(t, value) }))}
            onChange={(channel) => setFilter({ channel })}
          />
          <DatePicker.RangePicker
            value={range}
            placeholder={[t('orders.from'), t('orders.to')]}
            onChange={(v) =>
              setFilter({
                from: v?.[0]?.format('YYYY-MM-DD') ?? null,
                to: v?.[1]?.format('YYYY-MM-DD') ?? null,
              })
            }
          />
          <Space style={{ marginInlineStart: 'auto' }}>
            {filtered ? (
              <Button
                onClick={() =>
                  setFilter({ q: null, status: null, kind: null, channel: null, from: null, to: null })
                }
              >
                {t('withdrawals.clearFilters')}
              </Button>
            ) : null}
            <Tooltip title={t('common.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={() => void table.query.refetch()} />
            </Tooltip>
          </Space>
        </div>
        <Table<AdminOrder>
          rowKey="order_no"
          size="middle"
          columns={columns}
          scroll={{ x: 1090 }}
          locale={{ emptyText: filtered ? t('orders.emptyFiltered') : t('orders.empty') }}
          {...table.tableProps}
        />
      </Card>
      <OrderDrawer orderNo={open} onClose={() => setOpen(null)} />
    </>
  );
}
