import { APP_VERSION_CODE, type VersionInfo } from '@lingxi/contract';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { CheckCircleFill, DownlandOutline } from 'antd-mobile-icons';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../../components/illustrations';
import { Page } from '../../../components/page';
import { QrCode } from '../../../components/qr-code';
import { useAssistantName } from '../../../lib/common-store';
import { detectPlatform } from '../../../lib/platform';
import { useVersion } from '../../../lib/api/get-version';
import { OpenInBrowserOverlay } from '../components/open-in-browser-overlay';
import { useWideScreen } from '../components/use-wide-screen';
import './download-app-page.css';

const PAGE_PATH = '/download-app';

/** A download address that is this very page (the server's default before a package is published) is none. */
export function packageUrl(downloadUrl: string, origin = window.location.origin): string | null {
  try {
    const url = new URL(downloadUrl, origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.origin === origin && url.pathname.replace(/\/+$/, '') === PAGE_PATH) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** `2026-11-21` in the reader's language (a date without a time: read in UTC, so no zone moves it a day). */
function releaseDate(value: string, locale: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * /download-app (docs/platforms.md, Pages): the latest Android release with its notes and the download button;
 * a QR code of this page on a desktop screen; inside WeChat, which blocks APK downloads, a pointer to
 * 在浏览器打开.
 */
export default function DownloadAppPage() {
  const { t } = useTranslation();
  const version = useVersion();
  return (
    <Page title={t('titles.downloadApp')} bodyClassName="lx-download__body">
      {version.isPending ? (
        <div className="lx-download__hero" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : version.isError ? (
        <ErrorBlock
          status="disconnected"
          title={t('pageLoad.failedTitle')}
          description={t('pageLoad.failedText')}
        >
          <Button shape="rounded" color="primary" onClick={() => void version.refetch()}>
            {t('pageLoad.retry')}
          </Button>
        </ErrorBlock>
      ) : (
        <DownloadDetails info={version.data} />
      )}
    </Page>
  );
}

function DownloadDetails({ info }: { info: VersionInfo }) {
  const { t, i18n } = useTranslation();
  const name = useAssistantName();
  const wide = useWideScreen();
  const platform = detectPlatform();
  const inWechat = platform === 'wechat';
  const [overlay, setOverlay] = useState(inWechat);
  const url = packageUrl(info.download_url);
  const inApp = platform === 'android';
  const current = inApp && info.version_code <= APP_VERSION_CODE;
  const ios = /iPhone|iPad|iPod/i.test(navigator.userAgent);

  const onDownload = (event: MouseEvent) => {
    if (!inWechat) return;
    event.preventDefault();
    setOverlay(true);
  };

  return (
    <>
      <section className="lx-download__hero">
        <LogoMark size={84} />
        <h1 className="lx-download__name">{name}</h1>
        <p className="lx-download__tagline">{t('downloadApp.tagline')}</p>
        <div className="lx-download__facts">
          <div className="lx-download__fact">
            <span className="lx-download__fact-value" data-testid="download-version">
              {info.version}
            </span>
            <span className="lx-download__fact-label">{t('downloadApp.version')}</span>
          </div>
          <div className="lx-download__fact">
            <span className="lx-download__fact-value">{releaseDate(info.released_at, i18n.language)}</span>
            <span className="lx-download__fact-label">{t('downloadApp.released')}</span>
          </div>
          <div className="lx-download__fact">
            <span className="lx-download__fact-value">Android</span>
            <span className="lx-download__fact-label">{t('downloadApp.platform')}</span>
          </div>
        </div>
        {current ? (
          <div className="lx-download__button lx-download__button--done">{t('downloadApp.upToDate')}</div>
        ) : url ? (
          <a className="lx-download__button" href={url} onClick={onDownload} data-testid="download-button">
            <DownlandOutline fontSize={20} />
            <span>
              {inApp ? t('downloadApp.update', { version: info.version }) : t('downloadApp.download')}
            </span>
          </a>
        ) : (
          <div className="lx-download__button lx-download__button--done">{t('downloadApp.comingSoon')}</div>
        )}
        <p className="lx-download__hint">{ios ? t('downloadApp.iosHint') : t('downloadApp.installHint')}</p>
      </section>

      {wide ? (
        <section className="lx-download__card lx-download__qr" data-testid="download-qr">
          <QrCode
            text={`${window.location.origin}${PAGE_PATH}`}
            size={152}
            label={t('downloadApp.qrTitle')}
          />
          <div>
            <div className="lx-download__card-title">{t('downloadApp.qrTitle')}</div>
            <p className="lx-download__qr-text">{t('downloadApp.qrText')}</p>
          </div>
        </section>
      ) : null}

      {info.notes.length ? (
        <section className="lx-download__card">
          <div className="lx-download__card-title">
            {t('downloadApp.notesTitle', { version: info.version })}
          </div>
          <ul className="lx-download__notes">
            {info.notes.map((note, i) => (
              <li key={i}>
                <CheckCircleFill className="lx-download__note-icon" />
                <span>{note}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {overlay ? <OpenInBrowserOverlay onClose={() => setOverlay(false)} /> : null}
    </>
  );
}
