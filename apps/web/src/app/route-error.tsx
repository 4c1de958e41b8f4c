import { Button, Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BrokenLinkIllustration } from '../components/illustrations';
import '../components/page-state.css';

export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** docs/product.md, Client contract: router errors are shown as a toast; the page offers a way on. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const message = routeErrorMessage(error);

  useEffect(() => {
    Toast.show({ content: message, duration: 2000 });
    console.error(error);
  }, [error, message]);

  return (
    <div className="lx-page-state" role="alert">
      <BrokenLinkIllustration />
      <div className="lx-page-state__title">{t('routeError.title')}</div>
      <div className="lx-page-state__text">{t('routeError.text')}</div>
      <Button
        className="lx-page-state__action"
        color="primary"
        shape="rounded"
        onClick={() => window.location.assign('/')}
      >
        {t('routeError.home')}
      </Button>
    </div>
  );
}
