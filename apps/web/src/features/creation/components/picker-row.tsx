import { Picker } from 'antd-mobile';
import type { PickerColumn } from 'antd-mobile/es/components/picker';
import { RightOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PickerRowProps {
  /** The shown value, or null for the placeholder. */
  display: ReactNode | null;
  placeholder: string;
  title: string;
  column: PickerColumn;
  value: string;
  onChange: (value: string) => void;
  loading?: boolean;
  testId: string;
}

/** A tappable row showing the choice; tapping opens a one-column picker from the bottom. */
export function PickerRow({
  display,
  placeholder,
  title,
  column,
  value,
  onChange,
  loading,
  testId,
}: PickerRowProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="lx-picker-row" onClick={() => setOpen(true)} data-testid={testId}>
        <span className={display === null ? 'lx-picker-row__placeholder' : 'lx-picker-row__value'}>
          {display ?? placeholder}
        </span>
        <RightOutline className="lx-picker-row__arrow" />
      </button>
      <Picker
        title={title}
        columns={[column]}
        value={[value]}
        visible={open}
        loading={loading}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange(String(picked[0] ?? ''))}
        confirmText={t('creation.confirm')}
        cancelText={t('common.cancel')}
      />
    </>
  );
}
