import { TAB_BAR } from '@lingxi/contract';
import { Badge } from 'antd-mobile';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCommonStore } from '../lib/common-store';
import { useNavigateSafe } from '../lib/navigation';
import {
  DiscoverActiveIcon,
  DiscoverIcon,
  HistoryActiveIcon,
  HistoryIcon,
  HomeActiveIcon,
  HomeIcon,
  MineActiveIcon,
  MineIcon,
} from './tab-icons';
import './tab-bar.css';

interface TabItem {
  key: 'home' | 'discover' | 'history' | 'mine';
  path: string;
  icon: ComponentType<{ size: number }>;
  activeIcon: ComponentType<{ size: number }>;
}

/** docs/product.md, Client contract: four tabs, bottom, 61 px high, 21 px icons, 11 px labels. */
export const TABS: readonly TabItem[] = [
  { key: 'home', path: '/', icon: HomeIcon, activeIcon: HomeActiveIcon },
  { key: 'discover', path: '/bot/discover', icon: DiscoverIcon, activeIcon: DiscoverActiveIcon },
  { key: 'history', path: '/interaction', icon: HistoryIcon, activeIcon: HistoryActiveIcon },
  { key: 'mine', path: '/user', icon: MineIcon, activeIcon: MineActiveIcon },
];

export function AppTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useNavigateSafe();
  const { noticeUnreadCount } = useCommonStore();

  return (
    <nav
      className="lx-tab-bar lx-fixed-in-frame"
      style={{ height: `calc(${TAB_BAR.height}px + var(--lx-safe-bottom))` }}
      aria-label={t('tabs.label')}
    >
      {TABS.map((tab) => {
        const active = pathname === tab.path;
        const Icon = active ? tab.activeIcon : tab.icon;
        const badge = tab.key === 'history' && noticeUnreadCount > 0 ? noticeUnreadCount : null;
        return (
          <button
            key={tab.key}
            type="button"
            className={`lx-tab-bar__item${active ? ' lx-tab-bar__item--active' : ''}`}
            style={{ height: TAB_BAR.height }}
            aria-current={active ? 'page' : undefined}
            onClick={() => nav.switchTab(tab.path)}
          >
            <Badge content={badge === null ? null : badge > 99 ? '99+' : badge}>
              <span
                className="lx-tab-bar__icon"
                style={{ width: TAB_BAR.iconSize, height: TAB_BAR.iconSize }}
              >
                <Icon size={TAB_BAR.iconSize} />
              </span>
            </Badge>
            <span className="lx-tab-bar__label" style={{ fontSize: TAB_BAR.fontSize }}>
              {t(`tabs.${tab.key}`)}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
