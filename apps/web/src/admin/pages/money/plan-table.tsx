import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingIssue } from '../settings/settings-api';
import { moved } from './plans-draft';

export type PlanColumn<D> = {
  /** The wire field its refusals name (`price_fen`), so the cell shows them. */
  field: string;
  title: string;
  width?: number;
  align?: 'right';
  render: (row: D, set: (patch: Partial<D>) => void, invalid: boolean) => ReactNode;
};

/** Refusals by row and field (`1.price_fen`), and those of the list as a whole. */
export function issuesByCell(issues: SettingIssue[]) {
  const cells = new Map<string, string>();
  const list: string[] = [];
  for (const issue of issues) {
    const [, index, field] = issue.field.split('.');
    if (index !== undefined && field !== undefined) {
      const key = `${index}.${field}`;
      if (!cells.has(key)) cells.set(key, issue.cell);
    } else list.push(issue.message);
  }
  return { cells, list };
}

/**
 * An ordered, editable list of plans (docs/admin.md, Money): a row per plan with its editors, moved up and down
 * (the member centre shows them in this order), removed after a confirmation, each cell's refusal beneath it.
 */
export function PlanTable<D extends { uid: string }>(props: {
  rows: D[];
  onChange: (rows: D[]) => void;
  columns: PlanColumn<D>[];
  cells: Map<string, string>;
  what: string;
  nameOf: (row: D) => string;
  disabled?: boolean;
}) {
  const { rows, onChange, cells, disabled } = props;
  const { t } = useTranslation();
  const patch = (i: number) => (p: Partial<D>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));

  const columns: TableColumnsType<D> = [
    {
      key: 'order',
      title: t('plans.table.order'),
      width: 76,
      render: (_, __, i) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('plans.table.up')}
            disabled={disabled || i === 0}
            onClick={() => onChange(moved(rows, i, -1))}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('plans.table.down')}
            disabled={disabled || i === rows.length - 1}
            onClick={() => onChange(moved(rows, i, 1))}
          />
        </Space>
      ),
    },
    ...props.columns.map((c) => ({
      key: c.field,
      title: c.title,
      width: c.width,
      align: c.align,
      render: (_: unknown, row: D, i: number) => {
        const message = cells.get(`${i}.${c.field}`);
        return (
          <div>
            {c.render(row, patch(i), !!message)}
            {message ? <div className="plan-cell-error">{message}</div> : null}
          </div>
        );
      },
    })),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 72,
      fixed: 'right',
      render: (_, row, i) => (
        <Popconfirm
          title={t('plans.table.removeTitle', {
            what: props.what,
            name: props.nameOf(row) || t('plans.table.unnamed'),
          })}
          description={t('plans.table.removeText')}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          disabled={disabled || rows.length <= 1}
          onConfirm={() => onChange(rows.filter((_, j) => j !== i))}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('common.delete')}
            disabled={disabled || rows.length <= 1}
            title={rows.length <= 1 ? t('plans.table.keepOne', { what: props.what }) : undefined}
          />
        </Popconfirm>
      ),
    },
  ];

  return (
    <Table<D>
      rowKey="uid"
      size="middle"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 1000 }}
    />
  );
}
