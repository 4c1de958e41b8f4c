import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NotFoundIllustration } from '../../../components/illustrations';
import { Page } from '../../../components/page';
import { useNavigateSafe } from '../../../lib/navigation';
import './not-found-page.css';

/** /404?routeNotFound=<path>: say what was not found and lead home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [params] = useSearchParams();
  const path = params.get('routeNotFound');

  return (
    <Page title={t('titles.notFound')}>
      <div className="lx-not-found">
        <NotFoundIllustration />
        <h1 className="lx-not-found__title">{t('notFound.title')}</h1>
        <p className="lx-not-found__text">{t('notFound.text')}</p>
        {path ? (
          <code className="lx-not-found__path" data-testid="not-found-path">
            {path}
          </code>
        ) : null}
        <Button
          className="lx-primary-button lx-not-found__home"
          shape="rounded"
          color="primary"
          onClick={() => void nav.relaunch('/')}
        >
          {t('notFound.home')}
        </Button>
      </div>
    </Page>
  );
}
