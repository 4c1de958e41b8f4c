import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './vip-badge.css';

interface VipBadgeProps {
  /** What it says; 会员 (`mine.vip`) unless given, e.g. the tier's name. */
  label?: ReactNode;
  /** A look of its own where it sits (e.g. the member centre's gold one). */
  className?: string;
  testId?: string;
}

/** The crown and a member's label, beside a nickname. */
export function VipBadge({ label, className, testId = 'vip-badge' }: VipBadgeProps) {
  const { t } = useTranslation();
  return (
    <span className={`lx-vip-badge${className ? ` ${className}` : ''}`} data-testid={testId}>
      <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z" />
      </svg>
      {label ?? t('mine.vip')}
    </span>
  );
}
