import { Input, InputNumber, Select, Typography } from 'antd';
import { parseYuan } from '../../../lib/money';
import { formatCount } from '../../lib/format';
import { WithUnit } from '../settings/setting-editor';
import type { PlanColumn } from './plan-table';
import type { PackageDraft, TierDraft } from './plans-draft';

const status = (invalid: boolean) => (invalid ? ('error' as const) : undefined);

/** The plan's id: typed for a new plan, fixed once saved (orders and memberships keep it). */
function idColumn<D extends { id: string; saved: boolean }>(): PlanColumn<D> {
  return {
    field: 'id',
    title: 'ID',
    width: 104,
    render: (row, set, invalid) =>
      row.saved ? (
        <Typography.Text code>{row.id}</Typography.Text>
      ) : (
        <Input
          style={{ width: 88 }}
          value={row.id}
          status={status(invalid)}
          onChange={(e) => set({ id: e.target.value } as Partial<D>)}
        />
      ),
  };
}

/** A price in yuan (fen on the wire). */
function yuanInput(
  value: string | null,
  onChange: (v: string | null) => void,
  invalid: boolean,
  placeholder?: string,
) {
  return (
    <InputNumber<string>
      stringMode
      style={{ width: 108 }}
      prefix="¥"
      min="0"
      precision={2}
      value={value}
      placeholder={placeholder}
      status={status(invalid)}
      onChange={onChange}
    />
  );
}

function countInput(
  value: number | null,
  onChange: (v: number | null) => void,
  invalid: boolean,
  unit: string,
) {
  return (
    <WithUnit unit={unit}>
      <InputNumber
        style={{ width: 76 }}
        min={0}
        precision={0}
        value={value}
        status={status(invalid)}
        onChange={onChange}
      />
    </WithUnit>
  );
}

export const TIER_COLUMNS: PlanColumn<TierDraft>[] = [
  idColumn<TierDraft>(),
  {
    field: 'name',
    title: '名称',
    width: 128,
    render: (row, set, invalid) => (
      <Input
        style={{ width: 112 }}
        value={row.name}
        maxLength={20}
        status={status(invalid)}
        onChange={(e) => set({ name: e.target.value })}
      />
    ),
  },
  {
    field: 'price_fen',
    title: '售价',
    width: 124,
    render: (row, set, invalid) => yuanInput(row.price, (price) => set({ price }), invalid),
  },
  {
    field: 'original_price_fen',
    title: '原价（划线价）',
    width: 124,
    render: (row, set, invalid) => yuanInput(row.original, (original) => set({ original }), invalid, '无'),
  },
  {
    field: 'days',
    title: '时长',
    width: 126,
    render: (row, set, invalid) => countInput(row.days, (days) => set({ days }), invalid, '天'),
  },
  {
    field: 'monthly_chips',
    title: '每月赠送',
    width: 140,
    render: (row, set, invalid) =>
      countInput(row.monthly_chips, (monthly_chips) => set({ monthly_chips }), invalid, '芯片'),
  },
  {
    field: 'benefits',
    title: '其他权益（会员中心展示）',
    render: (row, set, invalid) => (
      <Select
        mode="tags"
        style={{ width: '100%', minWidth: 200 }}
        value={row.benefits}
        open={false}
        suffixIcon={null}
        tokenSeparators={['\n']}
        placeholder="输入一条后回车"
        status={status(invalid)}
        onChange={(benefits: string[]) => set({ benefits })}
      />
    ),
  },
];

/** Chips per yuan, so the packages' value can be compared at a glance. */
function perYuan(row: PackageDraft) {
  const fen = row.price ? parseYuan(row.price) : null;
  if (!fen || !row.chips) return '—';
  return `${formatCount(Math.round((row.chips / fen) * 100 * 10) / 10)} 芯片/元`;
}

export const PACKAGE_COLUMNS: PlanColumn<PackageDraft>[] = [
  idColumn<PackageDraft>(),
  {
    field: 'price_fen',
    title: '售价',
    width: 124,
    render: (row, set, invalid) => yuanInput(row.price, (price) => set({ price }), invalid),
  },
  {
    field: 'chips',
    title: '芯片数',
    width: 170,
    render: (row, set, invalid) => (
      <WithUnit unit="芯片">
        <InputNumber
          style={{ width: 120 }}
          min={0}
          precision={0}
          value={row.chips}
          status={status(invalid)}
          onChange={(chips) => set({ chips })}
        />
      </WithUnit>
    ),
  },
  {
    field: 'per_yuan',
    title: '每元芯片数',
    width: 120,
    align: 'right',
    render: (row) => <span className="plan-unit-price">{perYuan(row)}</span>,
  },
  {
    field: 'tag',
    title: '角标',
    width: 140,
    render: (row, set, invalid) => (
      <Input
        style={{ width: 120 }}
        value={row.tag}
        maxLength={6}
        placeholder="如：超值"
        status={status(invalid)}
        onChange={(e) => set({ tag: e.target.value })}
      />
    ),
  },
];
