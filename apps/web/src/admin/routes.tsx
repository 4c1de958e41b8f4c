import {
  AuditOutlined,
  BarChartOutlined,
  DollarOutlined,
  FileTextOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ConsoleLayout } from './ui/console-layout';
import { RouteFailure } from './ui/route-failure';

type PageModule = { default: ComponentType };

export type ConsolePage = {
  /** Below /admin: '' is the dashboard. */
  path: string;
  /** Its title's key in the console texts (`routes.pages.*`), translated where shown. */
  title: string;
  load: () => Promise<PageModule>;
  /** The menu group it sits in; none: not in the menu (a detail page). */
  group?: MenuGroup;
};

/** `label` is a key in the console texts (`routes.groups.*`). */
export type MenuGroup = { key: string; label: string; icon: ReactNode };

const G = {
  dashboard: { key: 'dashboard', label: 'routes.groups.dashboard', icon: <BarChartOutlined /> },
  users: { key: 'users', label: 'routes.groups.users', icon: <TeamOutlined /> },
  review: { key: 'review', label: 'routes.groups.review', icon: <SafetyCertificateOutlined /> },
  catalogue: { key: 'catalogue', label: 'routes.groups.catalogue', icon: <ShopOutlined /> },
  models: { key: 'models', label: 'routes.groups.models', icon: <ThunderboltOutlined /> },
  money: { key: 'money', label: 'routes.groups.money', icon: <DollarOutlined /> },
  content: { key: 'content', label: 'routes.groups.content', icon: <FileTextOutlined /> },
  settings: { key: 'settings', label: 'routes.groups.settings', icon: <SettingOutlined /> },
  audit: { key: 'audit', label: 'routes.groups.audit', icon: <AuditOutlined /> },
} satisfies Record<string, MenuGroup>;

/** Every console page (docs/admin.md, Pages); the menu is built from this table, in this order. */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '',
    title: 'routes.pages.dashboard',
    group: G.dashboard,
    load: () => import('./pages/dashboard/dashboard-page'),
  },
  {
    path: 'users',
    title: 'routes.pages.users',
    group: G.users,
    load: () => import('./pages/users/users-page'),
  },
  {
    path: 'users/:id',
    title: 'routes.pages.userDetail',
    load: () => import('./pages/users/user-detail-page'),
  },
  {
    path: 'review',
    title: 'routes.pages.review',
    group: G.review,
    load: () => import('./pages/review/review-page'),
  },
  {
    path: 'catalogue',
    title: 'routes.pages.catalogue',
    group: G.catalogue,
    load: () => import('./pages/catalogue/catalogue-page'),
  },
  {
    path: 'models',
    title: 'routes.pages.models',
    group: G.models,
    load: () => import('./pages/models/models-page'),
  },
  {
    path: 'money/plans',
    title: 'routes.pages.plans',
    group: G.money,
    load: () => import('./pages/money/plans-page'),
  },
  {
    path: 'money/orders',
    title: 'routes.pages.orders',
    group: G.money,
    load: () => import('./pages/money/orders-page'),
  },
  {
    path: 'money/withdrawals',
    title: 'routes.pages.withdrawals',
    group: G.money,
    load: () => import('./pages/money/withdrawals-page'),
  },
  {
    path: 'money/redeem',
    title: 'routes.pages.redeem',
    group: G.money,
    load: () => import('./pages/money/redeem-page'),
  },
  {
    path: 'money/rewards',
    title: 'routes.pages.rewards',
    group: G.money,
    load: () => import('./pages/money/rewards-page'),
  },
  {
    path: 'content/broadcasts',
    title: 'routes.pages.broadcasts',
    group: G.content,
    load: () => import('./pages/content/broadcasts-page'),
  },
  {
    path: 'content/pages',
    title: 'routes.pages.contentPages',
    group: G.content,
    load: () => import('./pages/content/content-pages-page'),
  },
  {
    path: 'content/topics',
    title: 'routes.pages.topics',
    group: G.content,
    load: () => import('./pages/content/topics-page'),
  },
  {
    path: 'content/feedback',
    title: 'routes.pages.feedback',
    group: G.content,
    load: () => import('./pages/content/feedback-page'),
  },
  {
    path: 'content/sensitive-words',
    title: 'routes.pages.sensitiveWords',
    group: G.content,
    load: () => import('./pages/content/sensitive-words-page'),
  },
  {
    path: 'settings',
    title: 'routes.pages.settings',
    group: G.settings,
    load: () => import('./pages/settings/settings-page'),
  },
  {
    path: 'audit',
    title: 'routes.pages.audit',
    group: G.audit,
    load: () => import('./pages/audit/audit-page'),
  },
];

export const consolePath = (path: string) => (path ? `/admin/${path}` : '/admin');

export function buildConsoleRoutes(): RouteObject[] {
  return [
    {
      path: '/admin/login',
      lazy: () => import('./pages/login-page').then((m) => ({ Component: m.default })),
    },
    {
      path: '/admin',
      element: <ConsoleLayout />,
      errorElement: <RouteFailure />,
      children: CONSOLE_PAGES.map((page) => ({
        ...(page.path ? { path: page.path } : { index: true }),
        lazy: () => page.load().then((m) => ({ Component: m.default })),
        handle: { title: page.title },
      })),
    },
    { path: '*', element: <Navigate to="/admin" replace /> },
  ];
}

export const createConsoleRouter = () => createBrowserRouter(buildConsoleRoutes());
export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;
