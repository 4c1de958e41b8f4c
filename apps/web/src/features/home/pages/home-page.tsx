import { NavBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../../components/illustrations';
import { useAssistantName } from '../../../lib/common-store';
import './home-page.css';

const SUGGESTIONS = ['write', 'learn', 'plan', 'story'] as const;

/** The home tab: the assistant greets; the chat itself arrives with the chat issue. */
export default function HomePage() {
  const { t } = useTranslation();
  const name = useAssistantName();
  return (
    <div className="lx-home">
      <div className="lx-home__bar">
        <NavBar backIcon={false}>{name}</NavBar>
      </div>
      <section className="lx-home__hero">
        <LogoMark size={72} />
        <h1 className="lx-home__greeting">{t('home.greeting', { name })}</h1>
        <p className="lx-home__intro">{t('home.intro')}</p>
      </section>
      <section className="lx-home__suggestions">
        <div className="lx-section-title">{t('home.tryAsking')}</div>
        <div className="lx-home__chips">
          {SUGGESTIONS.map((key) => (
            <span key={key} className="lx-home__chip">
              {t(`home.suggestions.${key}`)}
            </span>
          ))}
        </div>
      </section>
      <div className="lx-home__composer lx-card" aria-disabled="true">
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
      </div>
      <p className="lx-home__note">{t('home.chatNote')}</p>
    </div>
  );
}
