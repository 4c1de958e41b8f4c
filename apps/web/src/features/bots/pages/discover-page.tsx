import { NavBar } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { BuildingIllustration } from '../../../components/illustrations';
import './discover-page.css';

const CATEGORIES = ['writing', 'study', 'work', 'life', 'fun', 'coding'] as const;

/** The discover tab: its frame (search, categories); the bot catalogue arrives with the bots issue. */
export default function DiscoverPage() {
  const { t } = useTranslation();
  return (
    <div className="lx-discover">
      <div className="lx-discover__top">
        <NavBar backIcon={false}>{t('tabs.discover')}</NavBar>
        <div className="lx-discover__search">
          <div className="lx-discover__search-box" aria-disabled="true">
            <SearchOutline />
            <span>{t('discover.searchPlaceholder')}</span>
          </div>
        </div>
        <div className="lx-discover__categories" role="list">
          <span className="lx-discover__category lx-discover__category--active" role="listitem">
            {t('discover.categories.all')}
          </span>
          {CATEGORIES.map((key) => (
            <span key={key} className="lx-discover__category" role="listitem">
              {t(`discover.categories.${key}`)}
            </span>
          ))}
        </div>
      </div>
      <div className="lx-discover__empty lx-card">
        <BuildingIllustration size={180} />
        <div className="lx-discover__empty-title">{t('discover.emptyTitle')}</div>
        <div className="lx-discover__empty-text">{t('discover.emptyText')}</div>
      </div>
    </div>
  );
}
