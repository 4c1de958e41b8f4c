import { BellOutlined, RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { SafeMarkdown } from '../../../lib/safe-markdown';
import './content.css';
import { useTranslation } from 'react-i18next';

/** A phone-width frame with the app's title bar: what users will see, at their size. */
export function PhoneFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="cx-phone" aria-label={t('content.common.phonePreview')}>
      <div className="cx-phone__screen">
        <div className="cx-phone__bar">{title}</div>
        <div className="cx-phone__body">{children}</div>
      </div>
    </div>
  );
}

/** A system message as the app's Messages → System list shows it (features/interaction, notice card). */
export function NoticePreview({
  title,
  body,
  link,
  time,
  unread = true,
  muted = false,
}: {
  title: string;
  body: string;
  link?: string;
  time: string;
  unread?: boolean;
  muted?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`cx-notice${muted ? ' cx-notice--muted' : ''}`}>
      <span className="cx-notice__head">
        <span className="cx-notice__icon" aria-hidden="true">
          <BellOutlined />
          {unread ? <span className="cx-notice__new" /> : null}
        </span>
        <span className="cx-notice__title">{title}</span>
        <span className="cx-notice__time">{time}</span>
      </span>
      {body ? <span className="cx-notice__body">{body}</span> : null}
      {link ? (
        <span className="cx-notice__link">
          {t('content.common.seeDetails')}
          <RightOutlined />
        </span>
      ) : null}
    </div>
  );
}

/** A content page's text as the app renders it: its date, then Markdown without raw HTML (the app's renderer). */
export function ArticlePreview({ body, date }: { body: string; date: string }) {
  const { t } = useTranslation();
  return (
    <article className="cx-article">
      <div className="cx-article__meta">{t('content.common.updatedOn', { date })}</div>
      <div className="cx-markdown">
        <SafeMarkdown source={body} />
      </div>
    </article>
  );
}
