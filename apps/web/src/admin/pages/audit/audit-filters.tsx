import { DatePicker, Input, Select, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { actionLabel, areaLabel, AREAS } from './action-labels';
import { useTranslation } from 'react-i18next';

type Patch = Record<string, string | number | null | undefined>;

/**
 * A text filter that applies on Enter or when it loses focus (not on every key). Keyed by its value where it is
 * used, so a change from elsewhere (a row clicked, reset) starts it afresh.
 */
function CommitInput({
  value,
  onCommit,
  placeholder,
  width,
}: {
  value: string | undefined;
  onCommit: (v: string) => void;
  placeholder: string;
  width: number;
}) {
  const [text, setText] = useState(value ?? '');
  const commit = () => {
    if (text.trim() !== (value ?? '')) onCommit(text.trim());
  };
  return (
    <Input
      allowClear
      value={text}
      placeholder={placeholder}
      style={{ width }}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value && value) onCommit('');
      }}
      onPressEnter={commit}
      onBlur={commit}
    />
  );
}

/** One option per area, in the console's language (built at render, so it follows a change of language). */
const areaOptions = () =>
  AREAS.map((area) => {
    const label = areaLabel(area);
    return {
      value: `${area}.`,
      label: (
        <span>
          {label} <span style={{ color: '#8a8f99', fontSize: 12 }}>{area}.*</span>
        </span>
      ),
      search: `${label}${area}`,
    };
  });

/** The audit log's filters, kept in the address by the table hook. */
export function AuditFilters({
  filters,
  setFilter,
}: {
  filters: Record<string, string>;
  setFilter: (patch: Patch) => void;
}) {
  const action = filters.action;
  const { t } = useTranslation();
  // An exact action (picked from a row) is an option of its own beside the areas.
  const options =
    action && !action.endsWith('.')
      ? [{ value: action, label: <span>{actionLabel(action)}</span>, search: action }, ...areaOptions()]
      : areaOptions();
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;
  return (
    <div className="console-toolbar">
      <Input.Search
        allowClear
        placeholder={t('audit.filters.search')}
        defaultValue={filters.q}
        key={`q-${filters.q ?? ''}`}
        style={{ width: 290 }}
        onSearch={(q) => setFilter({ q })}
      />
      <Select
        allowClear
        showSearch
        placeholder={t('audit.filters.action')}
        style={{ width: 170 }}
        value={action || undefined}
        options={options}
        optionFilterProp="search"
        onChange={(v?: string) => setFilter({ action: v ?? null })}
      />
      <CommitInput
        key={`target-${filters.target ?? ''}`}
        value={filters.target}
        placeholder={t('audit.filters.target')}
        width={210}
        onCommit={(target) => setFilter({ target })}
      />
      <CommitInput
        key={`actor-${filters.actor_id ?? ''}`}
        value={filters.actor_id}
        placeholder={t('audit.filters.actor')}
        width={130}
        onCommit={(v) => setFilter({ actor_id: /^\d+$/.test(v) ? v : null })}
      />
      <DatePicker.RangePicker
        value={range}
        allowEmpty={[true, true]}
        onChange={(dates) =>
          setFilter({
            from: dates?.[0]?.format('YYYY-MM-DD') ?? null,
            to: dates?.[1]?.format('YYYY-MM-DD') ?? null,
          })
        }
      />
      <Button
        onClick={() =>
          setFilter({ q: null, action: null, target: null, actor_id: null, from: null, to: null })
        }
      >
        {t('audit.filters.reset')}
      </Button>
    </div>
  );
}
