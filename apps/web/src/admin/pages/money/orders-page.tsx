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
import { formatTime, formatYuan } from '../../lib/format';
import { useAdminTable } from '../../lib/use-admin-table';
import { PageHead } from '../../ui/page-head';
import { UserCell } from '../../ui/user-cell';
import { ORDERS, ORDERS_URL } from './orders/api';
import { ORDER_KIND, ORDER_STATUS, OrderKindTag, OrderStatusTag, PAY_CHANNEL } from './orders/order-labels';
import { OrderDrawer } from './orders/order-drawer';

const STATUS_OPTIONS = (Object.keys(ORDER_STATUS) as OrderStatus[]).map((value) => ({
  value,
  label: <OrderStatusTag status={value} />,
}));
const KIND_OPTIONS = (Object.keys(ORDER_KIND) as OrderKind[]).map((value) => ({
  value,
  label: ORDER_KIND[value].label,
}));
const CHANNEL_OPTIONS = (Object.keys(PAY_CHANNEL) as PayChannel[]).map((value) => ({
  value,
  label: PAY_CHANNEL[value],
}));

/** 订单 (docs/admin.md, Money): every order, searched and filtered, its detail and refunds in a drawer. */
export default function OrdersPage() {
  const table = useAdminTable<AdminOrder>(ORDERS, ORDERS_URL);
  const { filters, setFilter, sortOrder } = table;
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await table.exportCsv(`${ORDERS_URL}/export.csv`, `订单-${dayjs().format('YYYYMMDD-HHmm')}.csv`);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AdminOrder> = [
    {
      title: '订单号',
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
    { title: '用户', dataIndex: 'user', width: 160, render: (_, o) => <UserCell user={o.user} /> },
    {
      title: '商品',
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
      title: '金额',
      dataIndex: 'amount_fen',
      key: 'amount_fen',
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrder('amount_fen'),
      render: (fen: number) => <strong>{formatYuan(fen)}</strong>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 84,
      render: (s: OrderStatus) => <OrderStatusTag status={s} />,
    },
    {
      title: '支付渠道',
      dataIndex: 'channel',
      width: 110,
      render: (c: PayChannel) => PAY_CHANNEL[c] ?? c,
    },
    {
      title: '下单 / 支付时间',
      dataIndex: 'created_at',
      key: 'created_at',
      width: 160,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (_, o) => (
        <div style={{ lineHeight: 1.4 }}>
          {formatTime(o.created_at)}
          <div style={{ color: '#8a8f99', fontSize: 12 }}>{o.paid_at ? formatTime(o.paid_at) : '未支付'}</div>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 70,
      render: (_, o) => <a onClick={() => setOpen(o.order_no)}>详情</a>,
    },
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;
  const filtered = ['q', 'status', 'kind', 'channel', 'from', 'to'].some((k) => filters[k]);

  return (
    <>
      <PageHead
        title="订单"
        description="会员与芯片订单：按订单号、交易号、用户查找，查看支付记录与平台报文，办理退款。"
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            导出 CSV
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder="订单号 / 交易号 / 用户ID / 手机号"
            defaultValue={filters.q}
            key={filters.q ?? ''}
            onSearch={(q) => setFilter({ q: q.trim() })}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="订单状态"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => setFilter({ status })}
          />
          <Select
            allowClear
            style={{ width: 100 }}
            placeholder="类型"
            value={filters.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => setFilter({ kind })}
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder="支付渠道"
            value={filters.channel}
            options={CHANNEL_OPTIONS}
            onChange={(channel) => setFilter({ channel })}
          />
          <DatePicker.RangePicker
            value={range}
            placeholder={['下单开始日期', '结束日期']}
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
                清除筛选
              </Button>
            ) : null}
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} onClick={() => void table.query.refetch()} />
            </Tooltip>
          </Space>
        </div>
        <Table<AdminOrder>
          rowKey="order_no"
          size="middle"
          columns={columns}
          scroll={{ x: 1090 }}
          locale={{ emptyText: filtered ? '没有符合条件的订单' : '暂无订单' }}
          {...table.tableProps}
        />
      </Card>
      <OrderDrawer orderNo={open} onClose={() => setOpen(null)} />
    </>
  );
}
