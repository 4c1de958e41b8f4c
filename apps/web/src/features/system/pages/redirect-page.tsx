import { SpinLoading } from 'antd-mobile';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { allowedRedirect } from '../../../lib/allowed-url';
import { replaceExternal } from '../../../lib/external';
import { useNavigateSafe } from '../../../lib/navigation';
import { LinkRefused } from '../components/link-refused';
import { useAllowedHosts } from '../components/use-allowed-hosts';
import './redirect-page.css';

/**
 * /redirect?to=…: goes on to a path of this app, or to an https page on a host operators allow; anything else
 * is refused (docs/platforms.md, Pages). While it goes, 跳转中 with a link in case nothing happens.
 */
export default function RedirectPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [params] = useSearchParams();
  const raw = params.get('to');
  const { hosts, ready } = useAllowedHosts();
  const target = useMemo(() => allowedRedirect(raw, hosts, window.location.origin), [raw, hosts]);
  // An outside address may only be judged once the list is known; a path of the app never waits.
  const decided = target.kind === 'internal' || ready;

  useEffect(() => {
    if (!decided) return;
    if (target.kind === 'internal') nav.replace(target.path);
    else if (target.kind === 'external') replaceExternal(target.url);
    // nav changes with every location; the target alone decides when to go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decided, target]);

  if (decided && target.kind === 'refused') {
    return (
      <Page title={t('redirect.refusedBar')}>
        <LinkRefused page="redirect" why={raw ? target.reason : 'missing'} />
      </Page>
    );
  }
  return (
    <Page title={t('titles.redirect')}>
      <div className="lx-redirect" aria-busy="true">
        <SpinLoading color="primary" style={{ '--size': '40px' }} />
        <div className="lx-redirect__title">{t('redirect.going')}</div>
        {target.kind !== 'refused' ? (
          <>
            <div className="lx-redirect__text">{t('redirect.fallback')}</div>
            {target.kind === 'internal' ? (
              <Link className="lx-redirect__link" to={target.path} replace>
                {t('redirect.continue')}
              </Link>
            ) : (
              <a className="lx-redirect__link" href={target.url} rel="noopener noreferrer">
                {t('redirect.continueTo', { host: target.host })}
              </a>
            )}
          </>
        ) : null}
      </div>
    </Page>
  );
}
