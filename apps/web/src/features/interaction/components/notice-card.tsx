import type { Notice } from '@lingxi/contract';
import { BellOutline, CheckOutline, CloseOutline, RightOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

type Tone = 'success' | 'danger' | 'neutral';

/** The server names outcomes by type (e.g. bot_approved / bot_rejected): the card's icon follows it. */
function toneOf(type: string): Tone {
  if (/reject|fail|refus/i.test(type)) return 'danger';
  if (/approve|pass|publish|success/i.test(type)) return 'success';
  return 'neutral';
}

const ICONS: Record<Tone, React.ReactNode> = {
  success: <CheckOutline />,
  danger: <CloseOutline />,
  neutral: <BellOutline />,
};

interface NoticeCardProps {
  notice: Notice;
  time: string;
  onOpen: (notice: Notice) => void;
}

/** One notice: an icon (with a dot while unread), title, time, the full text, and "view" when it links somewhere. */
export const NoticeCard = memo(function NoticeCard({ notice, time, onOpen }: NoticeCardProps) {
  const { t } = useTranslation();
  const tone = toneOf(notice.type);
  const body = (
    <>
      <span className="lx-notice__head">
        <span className={`lx-notice__icon lx-notice__icon--${tone}`} aria-hidden="true">
          {ICONS[tone]}
          {notice.read ? null : <span className="lx-notice__new" data-testid="notice-new" />}
        </span>
        <span className="lx-notice__title">
          {notice.read ? null : <span className="lx-visually-hidden">{t('notices.unread')}</span>}
          {notice.title}
        </span>
        <time className="lx-notice__time" dateTime={notice.created_at}>
          {time}
        </time>
      </span>
      {notice.body ? <span className="lx-notice__body">{notice.body}</span> : null}
      {notice.link ? (
        <span className="lx-notice__link">
          {t('notices.view')}
          <RightOutline />
        </span>
      ) : null}
    </>
  );
  return notice.link ? (
    <button
      type="button"
      className="lx-notice lx-card"
      onClick={() => onOpen(notice)}
      data-testid="notice-card"
    >
      {body}
    </button>
  ) : (
    <div className="lx-notice lx-card" data-testid="notice-card">
      {body}
    </div>
  );
});
