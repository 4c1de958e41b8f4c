import { SpinLoading } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PageNavBar } from '../../../components/page-nav-bar';
import { allowedWebView, visibleText } from '../../../lib/allowed-url';
import { LinkRefused } from '../components/link-refused';
import { useAllowedHosts } from '../components/use-allowed-hosts';
import './mini-web-view-page.css';

const TITLE_MAX = 30;

/** The `title` query parameter as a bar title: visible characters only, one line, at most 30. */
export function webViewTitle(raw: string | null): string {
  if (!raw) return '';
  const chars = Array.from(visibleText(raw));
  return chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX).join('')}…` : chars.join('');
}

/**
 * /mini-web-view?url=…&title=…: an https page on a host operators allow, shown inside the app under a bar with
 * its title and a back button; anything else is refused (docs/platforms.md, Pages).
 */
export default function MiniWebViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('url');
  const { hosts, ready } = useAllowedHosts();
  const target = useMemo(() => allowedWebView(raw, hosts), [raw, hosts]);
  const [loaded, setLoaded] = useState<string | null>(null);

  if (!ready) {
    return (
      <Page title={t('titles.miniWebView')}>
        <div className="lx-web-view__state" aria-busy="true">
          <SpinLoading color="primary" />
        </div>
      </Page>
    );
  }
  if (target.kind !== 'external') {
    return (
      <Page title={t('titles.miniWebView')}>
        <LinkRefused
          page="webView"
          why={!raw ? 'missing' : target.kind === 'refused' ? target.reason : 'host'}
        />
      </Page>
    );
  }
  const title = webViewTitle(params.get('title')) || target.host;
  return (
    <div className="lx-web-view">
      <PageNavBar title={<span className="lx-web-view__title">{title}</span>} />
      <div className="lx-web-view__body">
        {loaded !== target.url ? (
          <div className="lx-web-view__loading" aria-busy="true">
            <SpinLoading color="primary" />
          </div>
        ) : null}
        <iframe
          key={target.url}
          className="lx-web-view__frame"
          src={target.url}
          title={title}
          // The page may run and keep its own login, but never navigate the app or reach its storage.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => setLoaded(target.url)}
        />
      </div>
    </div>
  );
}
