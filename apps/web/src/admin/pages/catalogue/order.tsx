import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The ids with the one at `index` moved by `delta` places (the list unchanged at either end). */
export function moved<T>(ids: T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Up and down buttons of a row of an ordered list. */
export function MoveButtons({
  index,
  count,
  disabled,
  onMove,
}: {
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={2}>
      <Tooltip title={t('catalogue.up')}>
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={t('catalogue.up')}
          disabled={disabled || index === 0}
          onClick={() => onMove(-1)}
        />
      </Tooltip>
      <Tooltip title={t('catalogue.down')}>
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          aria-label={t('catalogue.down')}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(1)}
        />
      </Tooltip>
    </Space>
  );
}

/** What a tab's list is for, in its card's title row (the tab already names it). */
export const CardNote = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13, whiteSpace: 'normal' }}>
    {children}
  </Typography.Text>
);
