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
  title: string;
  load: () => Promise<PageModule>;
  /** The menu group it sits in; none: not in the menu (a detail page). */
  group?: MenuGroup;
};

export type MenuGroup = { key: string; label: string; icon: ReactNode };

const G = {
  dashboard: { key: 'dashboard', label: '数据概览', icon: <BarChartOutlined /> },
  users: { key: 'users', label: '用户管理', icon: <TeamOutlined /> },
  review: { key: 'review', label: '审核中心', icon: <SafetyCertificateOutlined /> },
  catalogue: { key: 'catalogue', label: '智能体目录', icon: <ShopOutlined /> },
  models: { key: 'models', label: '模型与价格', icon: <ThunderboltOutlined /> },
  money: { key: 'money', label: '资金与会员', icon: <DollarOutlined /> },
  content: { key: 'content', label: '内容运营', icon: <FileTextOutlined /> },
  settings: { key: 'settings', label: '系统设置', icon: <SettingOutlined /> },
  audit: { key: 'audit', label: '操作日志', icon: <AuditOutlined /> },
} satisfies Record<string, MenuGroup>;

/** Every console page (docs/admin.md, Pages); the menu is built from this table, in this order. */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: '', title: '数据概览', group: G.dashboard, load: () => import('./pages/dashboard/dashboard-page') },
  { path: 'users', title: '用户', group: G.users, load: () => import('./pages/users/users-page') },
  { path: 'users/:id', title: '用户详情', load: () => import('./pages/users/user-detail-page') },
  { path: 'review', title: '审核队列', group: G.review, load: () => import('./pages/review/review-page') },
  {
    path: 'catalogue',
    title: '分类与推荐',
    group: G.catalogue,
    load: () => import('./pages/catalogue/catalogue-page'),
  },
  { path: 'models', title: '模型与价格', group: G.models, load: () => import('./pages/models/models-page') },
  {
    path: 'money/plans',
    title: '会员与芯片套餐',
    group: G.money,
    load: () => import('./pages/money/plans-page'),
  },
  { path: 'money/orders', title: '订单', group: G.money, load: () => import('./pages/money/orders-page') },
  {
    path: 'money/withdrawals',
    title: '提现',
    group: G.money,
    load: () => import('./pages/money/withdrawals-page'),
  },
  { path: 'money/redeem', title: '兑换码', group: G.money, load: () => import('./pages/money/redeem-page') },
  {
    path: 'money/rewards',
    title: '邀请与创作者收益',
    group: G.money,
    load: () => import('./pages/money/rewards-page'),
  },
  {
    path: 'content/broadcasts',
    title: '系统广播',
    group: G.content,
    load: () => import('./pages/content/broadcasts-page'),
  },
  {
    path: 'content/pages',
    title: '内容页面',
    group: G.content,
    load: () => import('./pages/content/content-pages-page'),
  },
  {
    path: 'content/topics',
    title: '话题',
    group: G.content,
    load: () => import('./pages/content/topics-page'),
  },
  {
    path: 'content/feedback',
    title: '意见反馈',
    group: G.content,
    load: () => import('./pages/content/feedback-page'),
  },
  {
    path: 'content/sensitive-words',
    title: '敏感词',
    group: G.content,
    load: () => import('./pages/content/sensitive-words-page'),
  },
  {
    path: 'settings',
    title: '系统设置',
    group: G.settings,
    load: () => import('./pages/settings/settings-page'),
  },
  { path: 'audit', title: '操作日志', group: G.audit, load: () => import('./pages/audit/audit-page') },
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
