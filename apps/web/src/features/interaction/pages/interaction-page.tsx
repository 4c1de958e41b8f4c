import type { NoticeCategory } from '@lingxi/contract';
import { Badge, Button } from 'antd-mobile';
import { BellOutline, CheckShieldOutline, MessageOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyChatIllustration } from '../../../components/illustrations';
import { useNoticeUnread } from '../../../lib/api/get-notice-unread';
import { useNavigateSafe } from '../../../lib/navigation';
import { loginUrl } from '../../../lib/relogin';
import { useSession } from '../../../lib/session';
import { ConversationList } from '../components/conversation-list';
import './interaction-page.css';

interface Category {
  key: 'systemMessage' | 'reviewMessage' | 'interactionMessage';
  category: NoticeCategory;
  path: string;
  color: string;
  icon: ReactNode;
}

const CATEGORIES: readonly Category[] = [
  {
    key: 'systemMessage',
    category: 'system',
    path: '/interaction/system-message',
    color: '#f59e0b',
    icon: <BellOutline />,
  },
  {
    key: 'reviewMessage',
    category: 'review',
    path: '/interaction/review-message',
    color: '#10b981',
    icon: <CheckShieldOutline />,
  },
  {
    key: 'interactionMessage',
    category: 'interaction',
    path: '/interaction/interaction-message',
    color: '#5b5bf6',
    icon: <MessageOutline />,
  },
];

/** The history tab (/interaction), with its own top bar: message categories, then the user's conversations. */
export default function InteractionPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const { isLoggedIn } = useSession();
  const unread = useNoticeUnread().data;
  const emptyList = (
    <section className="lx-interaction__empty lx-card">
      <EmptyChatIllustration />
      <div className="lx-interaction__empty-title">{t('interaction.emptyTitle')}</div>
      <div className="lx-interaction__empty-text">{t('interaction.emptyText')}</div>
      <Button
        shape="rounded"
        color="primary"
        fill="outline"
        onClick={() => void nav.switchTab('/bot/discover')}
      >
        {t('interaction.explore')}
      </Button>
    </section>
  );
  return (
    <div className="lx-interaction">
      <header className="lx-interaction-bar">
        <span className="lx-interaction-bar__title">{t('interaction.title')}</span>
      </header>

      <section className="lx-interaction__categories lx-card">
        {CATEGORIES.map((c) => {
          const count = isLoggedIn ? (unread?.[c.category] ?? 0) : 0;
          return (
            <button
              key={c.key}
              type="button"
              className="lx-interaction__category"
              onClick={() => nav.push(c.path)}
              data-testid={`notice-category-${c.category}`}
            >
              <Badge
                content={count > 0 ? (count > 99 ? '99+' : count) : null}
                data-testid={count > 0 ? `notice-badge-${c.category}` : undefined}
              >
                <span className="lx-interaction__icon" style={{ color: c.color, background: `${c.color}1a` }}>
                  {c.icon}
                </span>
              </Badge>
              <span>{t(`titles.${c.key}`)}</span>
            </button>
          );
        })}
      </section>

      <div className="lx-section-title lx-interaction__section">{t('interaction.recent')}</div>
      {isLoggedIn ? (
        <ConversationList
          onOpen={(c) => nav.push(`/bot/${c.bot.id}?conversation=${c.id}`)}
          empty={emptyList}
        />
      ) : (
        <section className="lx-interaction__empty lx-card" data-testid="interaction-login">
          <EmptyChatIllustration />
          <div className="lx-interaction__empty-title">{t('interaction.loginTitle')}</div>
          <div className="lx-interaction__empty-text">{t('interaction.loginText')}</div>
          <Button
            shape="rounded"
            color="primary"
            onClick={() => void nav.push(loginUrl('/interaction'), { backOnSuccess: true })}
          >
            {t('mine.loginNow')}
          </Button>
        </section>
      )}
    </div>
  );
}
