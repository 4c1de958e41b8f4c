import type { InteractionKind, Notice } from '@lingxi/contract';
import {
  BellOutline,
  CheckOutline,
  CloseOutline,
  HeartFill,
  MessageFill,
  RightOutline,
  StarFill,
} from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';

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

type Kind = 'like' | 'comment' | 'favourite';

/** What was done, by the notice's type (the contract's INTERACTION_KINDS): the row's icon follows it. */
const KIND_OF: Record<InteractionKind, Kind> = {
  post_like: 'like',
  comment_like: 'like',
  post_comment: 'comment',
  comment_reply: 'comment',
  post_favourite: 'favourite',
};

/** A type this client does not know yet (a newer server) gets the plain bell. */
const kindOf = (type: string): Kind | null =>
  Object.hasOwn(KIND_OF, type) ? KIND_OF[type as InteractionKind] : null;

const KIND_ICONS: Record<Kind, React.ReactNode> = {
  like: <HeartFill />,
  comment: <MessageFill />,
  favourite: <StarFill />,
};

/**
 * One interaction row, aggregated per target and kind (docs/community.md, Messages): what was done as the icon
 * on the left (a dot while unread), the latest actors' avatars stacked, the server's title ("小明、小红等 3 人赞了
 * 你的帖子"), what was liked or said in a grey quote, and the time. The row opens its link (the post, at the
 * comment).
 */
export const InteractionNoticeCard = memo(function InteractionNoticeCard({
  notice,
  time,
  onOpen,
}: NoticeCardProps) {
  const { t } = useTranslation();
  const kind = kindOf(notice.type);
  const actors = notice.actors.slice(0, 3);
  const body = (
    <>
      <span className={`lx-inotice__kind lx-inotice__kind--${kind ?? 'other'}`} aria-hidden="true">
        {kind ? KIND_ICONS[kind] : <BellOutline />}
        {notice.read ? null : <span className="lx-inotice__new" data-testid="notice-new" />}
      </span>
      <span className="lx-inotice__main">
        <span className="lx-inotice__top">
          {actors.length > 0 ? (
            <span className="lx-inotice__avatars" aria-hidden="true">
              {actors.map((actor) => (
                <UserAvatar key={actor.id} src={actor.avatar} size={28} className="lx-inotice__avatar" />
              ))}
            </span>
          ) : null}
          <time className="lx-inotice__time" dateTime={notice.created_at}>
            {time}
          </time>
        </span>
        <span className="lx-inotice__title">
          {notice.read ? null : <span className="lx-visually-hidden">{t('notices.unread')}</span>}
          {notice.title}
        </span>
        {notice.body ? (
          <span className="lx-inotice__quote" data-testid="notice-quote">
            {notice.body}
          </span>
        ) : null}
      </span>
    </>
  );
  return notice.link ? (
    <button
      type="button"
      className="lx-inotice lx-card"
      onClick={() => onOpen(notice)}
      data-testid="notice-card"
    >
      {body}
    </button>
  ) : (
    <div className="lx-inotice lx-card" data-testid="notice-card">
      {body}
    </div>
  );
});
