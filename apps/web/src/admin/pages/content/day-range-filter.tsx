import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A list's `from`/`to` days (both inclusive), as the address keeps them. */
export function DayRangeFilter({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (patch: { from: string | null; to: string | null }) => void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      onChange={(range) =>
        onChange({
          from: range?.[0]?.format('YYYY-MM-DD') ?? null,
          to: range?.[1]?.format('YYYY-MM-DD') ?? null,
        })
      }
      allowClear
      placeholder={[t('content.common.startDate'), t('content.common.endDate')]}
    />
  );
}
