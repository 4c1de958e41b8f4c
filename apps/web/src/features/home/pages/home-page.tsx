import type { BotSummary, Conversation } from '@lingxi/contract';
import { NavBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { LogoMark } from '../../../components/illustrations';
import { useConversations } from '../../../lib/api/get-conversations';
import { useAssistantName } from '../../../lib/common-store';
import { useNavigateSafe } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useHomeShareCard } from '../../../lib/wechat/share-cards';
import { useBotHome } from '../api/get-bot-home';
import { FeaturedBots } from '../components/featured-bots';
import { RecentConversations } from '../components/recent-conversations';
import './home-page.css';

const RECENT = 5;

/** The home tab: the assistant's chat entry, recommended bots and the user's recent conversations. */
export default function HomePage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const name = useAssistantName();
  const { isLoggedIn } = useSession();
  const home = useBotHome();
  const recent = useConversations({ limit: RECENT });
  const assistant = home.data?.assistant;
  const conversations = recent.data?.pages[0]?.list ?? [];
  useHomeShareCard(assistant?.intro || t('home.intro'));

  const openAssistant = () => {
    if (assistant) nav.push(`/bot/${assistant.id}`);
  };
  const openBot = (bot: BotSummary) => nav.push(`/bot/${bot.id}`);
  const openConversation = (c: Conversation) => nav.push(`/bot/${c.bot.id}?conversation=${c.id}`);

  return (
    <div className="lx-home">
      <div className="lx-home__bar">
        <NavBar backIcon={false}>{name}</NavBar>
      </div>
      <section className="lx-home__hero">
        {assistant ? (
          <BotAvatar src={assistant.avatar} size={76} className="lx-home__avatar" />
        ) : (
          <LogoMark size={76} />
        )}
        <h1 className="lx-home__greeting">{t('home.greeting', { name })}</h1>
        <p className="lx-home__intro">{assistant?.intro || t('home.intro')}</p>
        <button
          type="button"
          className="lx-home__composer"
          onClick={openAssistant}
          disabled={!assistant}
          data-testid="home-chat-entry"
        >
          <span className="lx-home__composer-placeholder">{t('home.inputPlaceholder')}</span>
          <span className="lx-home__send">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 19V5m-6 6 6-6 6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        </button>
      </section>

      {isLoggedIn && conversations.length > 0 ? (
        <section className="lx-home__section">
          <div className="lx-home__section-head">
            <span className="lx-home__section-title">{t('home.recent')}</span>
            <button type="button" className="lx-home__more" onClick={() => nav.switchTab('/interaction')}>
              {t('home.viewAll')}
              <RightOutline />
            </button>
          </div>
          <RecentConversations conversations={conversations} onOpen={openConversation} />
        </section>
      ) : null}

      <section className="lx-home__section">
        <div className="lx-home__section-head">
          <span className="lx-home__section-title">{t('home.featured')}</span>
          <button type="button" className="lx-home__more" onClick={() => nav.switchTab('/bot/discover')}>
            {t('home.more')}
            <RightOutline />
          </button>
        </div>
        <FeaturedBots bots={home.data?.featured} onOpen={openBot} />
      </section>
    </div>
  );
}
