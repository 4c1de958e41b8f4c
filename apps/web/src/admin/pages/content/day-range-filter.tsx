import { DatePicker } from 'antd';
import dayjs from 'dayjs';

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
      placeholder={['开始日期', '结束日期']}
    />
  );
}
