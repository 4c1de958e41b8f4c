import { SETTING_MB, type AdminSetting } from '@lingxi/contract';
import { Input, InputNumber, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseYuan, yuan } from '../../../lib/money';
import { settingUnit } from './setting-text';

type Props = {
  setting: AdminSetting;
  /** The draft, in wire units (fen, bytes); NaN or null while what was typed is no value. */
  value: unknown;
  onChange: (value: unknown) => void;
  invalid?: boolean;
  disabled?: boolean;
};

const WIDE = { width: 360, maxWidth: '100%' };
const NARROW = { width: 160 };

/** A number box with its unit after it (antd's addonAfter is deprecated for Space.Compact). */
export function WithUnit({ unit, children }: { unit: string | null | undefined; children: ReactNode }) {
  if (!unit) return children;
  return (
    <Space.Compact>
      {children}
      <Space.Addon>{unit}</Space.Addon>
    </Space.Compact>
  );
}

/**
 * The editor of one scalar setting by its kind (docs/admin.md, Settings): money is typed in yuan and bytes in
 * megabytes, and handed back in the wire's fen and bytes; the plan lists have their own tables (money/plans).
 */
export function SettingEditor({ setting: s, value, onChange, invalid, disabled }: Props) {
  const { t } = useTranslation();
  const status = invalid ? 'error' : undefined;
  const unit = settingUnit(t, s);
  const number = (v: number | null) => onChange(v ?? null);
  const range = { min: s.min ?? undefined, max: s.max ?? undefined };
  switch (s.kind) {
    case 'text':
      return (
        <Input
          style={WIDE}
          value={value as string}
          maxLength={s.max ?? undefined}
          showCount
          status={status}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'url':
      return (
        <Input
          style={WIDE}
          value={value as string}
          placeholder={s.min ? t('settings.editor.pathOrUrl') : t('settings.editor.urlOptional')}
          status={status}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'hosts':
      return (
        <Select
          mode="tags"
          style={WIDE}
          value={value as string[]}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', '\uff0c', ' ', '\n']}
          placeholder={t('settings.editor.hosts')}
          status={status}
          disabled={disabled}
          onChange={(v: string[]) => onChange(v)}
        />
      );
    case 'money':
      return (
        <InputNumber<string>
          stringMode
          style={NARROW}
          prefix="¥"
          min="0"
          precision={2}
          value={typeof value === 'number' && Number.isFinite(value) ? yuan(value) : null}
          status={status}
          disabled={disabled}
          onChange={(text) => onChange(text === null ? null : (parseYuan(text) ?? NaN))}
        />
      );
    case 'bytes':
      return (
        <WithUnit unit="MB">
          <InputNumber
            style={NARROW}
            min={(s.min ?? 0) / SETTING_MB}
            max={(s.max ?? 0) / SETTING_MB}
            precision={0}
            value={typeof value === 'number' ? value / SETTING_MB : null}
            status={status}
            disabled={disabled}
            onChange={(mb) => onChange(mb === null ? null : Math.round(mb * SETTING_MB))}
          />
        </WithUnit>
      );
    case 'decimal':
      return (
        <WithUnit unit={unit}>
          <InputNumber
            style={NARROW}
            {...range}
            step={0.1}
            value={value as number | null}
            status={status}
            disabled={disabled}
            onChange={number}
          />
        </WithUnit>
      );
    default:
      return (
        <WithUnit unit={unit}>
          <InputNumber
            style={NARROW}
            {...range}
            precision={0}
            value={value as number | null}
            status={status}
            disabled={disabled}
            onChange={number}
          />
        </WithUnit>
      );
  }
}
