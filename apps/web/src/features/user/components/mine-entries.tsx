import {
  AppstoreOutline,
  BankcardOutline,
  CouponOutline,
  FileOutline,
  GiftOutline,
  InformationCircleOutline,
  MessageOutline,
  QuestionCircleOutline,
  SetOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryIcon } from './entry-icon';

export interface Entry {
  key: string;
  path: string;
  icon: ReactNode;
  needsLogin: boolean;
}

const BotIcon = () => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="4" y="7" width="16" height="12" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M12 3.5V7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    <circle cx="9.2" cy="13" r="1.4" fill="currentColor" />
    <circle cx="14.8" cy="13" r="1.4" fill="currentColor" />
  </svg>
);

/** Creations and assets: a 4-column grid. */
export const GRID_ENTRIES: readonly Entry[] = [
  {
    key: 'myAi',
    path: '/user/my-ai',
    icon: (
      <EntryIcon color="#5b5bf6">
        <BotIcon />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'myCollection',
    path: '/user/my-collection',
    icon: (
      <EntryIcon color="#f59e0b">
        <StarOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'mySnippet',
    path: '/user/my-snippet',
    icon: (
      <EntryIcon color="#10b981">
        <FileOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'knowledgeStore',
    path: '/knowledge-store',
    icon: (
      <EntryIcon color="#3b82f6">
        <AppstoreOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
];

/** Services and settings: a list. */
export const LIST_ENTRIES: readonly Entry[] = [
  {
    key: 'community',
    path: '/post',
    icon: (
      <EntryIcon color="#ec4899">
        <TeamOutline />
      </EntryIcon>
    ),
    needsLogin: false,
  },
  {
    key: 'invite',
    path: '/invite',
    icon: (
      <EntryIcon color="#ef4444">
        <GiftOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'redeemCode',
    path: '/redeem-code',
    icon: (
      <EntryIcon color="#8b5cf6">
        <CouponOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'withdrawal',
    path: '/user/withdrawal',
    icon: (
      <EntryIcon color="#0ea5e9">
        <BankcardOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'orders',
    path: '/user/orders',
    icon: (
      <EntryIcon color="#f59e0b">
        <UnorderedListOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'userInfo',
    path: '/user/info',
    icon: (
      <EntryIcon color="#6366f1">
        <UserContactOutline />
      </EntryIcon>
    ),
    needsLogin: true,
  },
  {
    key: 'feedback',
    path: '/feedback/index',
    icon: (
      <EntryIcon color="#14b8a6">
        <MessageOutline />
      </EntryIcon>
    ),
    needsLogin: false,
  },
  {
    key: 'helpCenter',
    path: '/help-center/help-center',
    icon: (
      <EntryIcon color="#f97316">
        <QuestionCircleOutline />
      </EntryIcon>
    ),
    needsLogin: false,
  },
  {
    key: 'aboutUs',
    path: '/about-us',
    icon: (
      <EntryIcon color="#64748b">
        <InformationCircleOutline />
      </EntryIcon>
    ),
    needsLogin: false,
  },
  {
    key: 'setting',
    path: '/user/setting',
    icon: (
      <EntryIcon color="#475569">
        <SetOutline />
      </EntryIcon>
    ),
    needsLogin: false,
  },
];

interface EntriesProps {
  onOpen: (entry: Entry) => void;
}

export function EntryGrid({ onOpen }: EntriesProps) {
  const { t } = useTranslation();
  return (
    <div className="lx-entry-grid lx-card">
      <div className="lx-entry-grid__title">{t('mine.sectionCreate')}</div>
      <div className="lx-entry-grid__items">
        {GRID_ENTRIES.map((entry) => (
          <button key={entry.key} type="button" className="lx-entry-grid__item" onClick={() => onOpen(entry)}>
            {entry.icon}
            <span>{t(`mine.entries.${entry.key}`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

export function EntryList({ onOpen }: EntriesProps) {
  const { t } = useTranslation();
  return (
    <List className="lx-list-card lx-entry-list">
      {LIST_ENTRIES.map((entry) => (
        <List.Item key={entry.key} prefix={entry.icon} onClick={() => onOpen(entry)} arrowIcon>
          {t(`mine.entries.${entry.key}`)}
        </List.Item>
      ))}
    </List>
  );
}
