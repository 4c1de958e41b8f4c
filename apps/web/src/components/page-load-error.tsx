import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { BrokenLinkIllustration } from './illustrations';
import './page-state.css';

/** A page whose code did not load within 60 s (or failed): say so and offer a retry. */
export function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="lx-page-state" role="alert" data-testid="page-load-error">
      <BrokenLinkIllustration />
      <div className="lx-page-state__title">{t('pageLoad.failedTitle')}</div>
      <div className="lx-page-state__text">{t('pageLoad.failedText')}</div>
      <Button className="lx-page-state__action" color="primary" shape="rounded" onClick={onRetry}>
        {t('pageLoad.retry')}
      </Button>
    </div>
  );
}
