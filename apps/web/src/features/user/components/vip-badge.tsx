import { useTranslation } from 'react-i18next';

export function VipBadge() {
  const { t } = useTranslation();
  return (
    <span className="lx-vip-badge" data-testid="vip-badge">
      <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z" />
      </svg>
      {t('mine.vip')}
    </span>
  );
}
