import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that failed to load or render (a new deploy replaced its chunk, or a bug): say so, offer a reload. */
export function RouteFailure() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <Result
      status="500"
      title={t('frame.failure.title')}
      subTitle={t('frame.failure.body')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('frame.failure.reload')}
        </Button>
      }
    />
  );
}
