import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './page-state.css';

/** Shown while a page's code loads, but only after the client contract's 200 ms delay. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="lx-page-state" role="status" aria-live="polite" data-testid="page-loading">
      <DotLoading color="primary" />
      <span className="lx-page-state__text">{t('common.loading')}</span>
    </div>
  );
}
