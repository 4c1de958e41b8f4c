import { Input, InputNumber, Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
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

export const tierColumns = (t: TFunction): PlanColumn<TierDraft>[] => [
  idColumn<TierDraft>(),
  {
    field: 'name',
    title: t('plans.col.name'),
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
    title: t('plans.col.price'),
    width: 124,
    render: (row, set, invalid) => yuanInput(row.price, (price) => set({ price }), invalid),
  },
  {
    field: 'original_price_fen',
    title: t('plans.col.original'),
    width: 124,
    render: (row, set, invalid) =>
      yuanInput(row.original, (original) => set({ original }), invalid, t('plans.col.none')),
  },
  {
    field: 'days',
    title: t('plans.col.days'),
    width: 144,
    render: (row, set, invalid) =>
      countInput(row.days, (days) => set({ days }), invalid, t('plans.unit.days')),
  },
  {
    field: 'monthly_chips',
    title: t('plans.col.monthly'),
    width: 156,
    render: (row, set, invalid) =>
      countInput(
        row.monthly_chips,
        (monthly_chips) => set({ monthly_chips }),
        invalid,
        t('plans.unit.chips'),
      ),
  },
  {
    field: 'benefits',
    title: t('plans.col.benefits'),
    render: (row, set, invalid) => (
      <Select
        mode="tags"
        style={{ width: '100%', minWidth: 200 }}
        value={row.benefits}
        open={false}
        suffixIcon={null}
        tokenSeparators={['\n']}
        placeholder={t('plans.col.benefitsPlaceholder')}
        status={status(invalid)}
        onChange={(benefits: string[]) => set({ benefits })}
      />
    ),
  },
];

/** Chips per yuan, so the packages' value can be compared at a glance. */
function perYuan(t: TFunction, row: PackageDraft) {
  const fen = row.price ? parseYuan(row.price) : null;
  if (!fen || !row.chips) return '—';
  return t('plans.col.perYuanValue', { value: formatCount(Math.round((row.chips / fen) * 100 * 10) / 10) });
}

export const packageColumns = (t: TFunction): PlanColumn<PackageDraft>[] => [
  idColumn<PackageDraft>(),
  {
    field: 'price_fen',
    title: t('plans.col.price'),
    width: 124,
    render: (row, set, invalid) => yuanInput(row.price, (price) => set({ price }), invalid),
  },
  {
    field: 'chips',
    title: t('plans.col.chips'),
    width: 170,
    render: (row, set, invalid) => (
      <WithUnit unit={t('plans.unit.chips')}>
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
    title: t('plans.col.perYuan'),
    width: 120,
    align: 'right',
    render: (row) => <span className="plan-unit-price">{perYuan(t, row)}</span>,
  },
  {
    field: 'tag',
    title: t('plans.col.tag'),
    width: 140,
    render: (row, set, invalid) => (
      <Input
        style={{ width: 120 }}
        value={row.tag}
        maxLength={6}
        placeholder={t('plans.col.tagPlaceholder')}
        status={status(invalid)}
        onChange={(e) => set({ tag: e.target.value })}
      />
    ),
  },
];
