import { matchPath } from 'react-router';
import { preloadPage, type PageLoader } from './lazy-page';

export interface RouteEntry {
  path: string;
  load: PageLoader;
}

const content =
  (
    name: 'AgreementPage' | 'ChipTopUpAgreementPage' | 'AboutUsPage' | 'UpdateLogPage' | 'HelpCenterPage',
  ): PageLoader =>
  () =>
    import('../features/content/pages/content-pages').then((m) => ({ default: m[name] }));

const notices =
  (name: 'SystemMessagePage' | 'ReviewMessagePage' | 'InteractionMessagePage'): PageLoader =>
  () =>
    import('../features/interaction/pages/notice-pages').then((m) => ({ default: m[name] }));

/** The four tab routes (docs/product.md, Client contract): they show the tab bar. */
export const TAB_ROUTES: readonly RouteEntry[] = [
  { path: '/', load: () => import('../features/home/pages/home-page') },
  { path: '/bot/discover', load: () => import('../features/bots/pages/discover-page') },
  { path: '/interaction', load: () => import('../features/interaction/pages/interaction-page') },
  { path: '/user', load: () => import('../features/user/pages/mine-page') },
];

/**
 * The tab pages' code, fetched while the app is idle: a tab switch, or home relaunched after logout, then shows at
 * once instead of a blank page while its code loads.
 */
export function preloadTabPages(): Promise<void[]> {
  return Promise.all(TAB_ROUTES.map((route) => preloadPage(route.load)));
}

/**
 * Every other route of docs/product.md (Client contract), same paths, and the wallet's two of docs/money.md
 * (`/user/orders`, `/pay/sandbox`).
 */
export const PAGE_ROUTES: readonly RouteEntry[] = [
  { path: '/404', load: () => import('../features/not-found/pages/not-found-page') },
  { path: '/bot/edit', load: () => import('../features/creation/pages/bot-edit-page') },
  { path: '/bot/:id', load: () => import('../features/chat/pages/chat-page') },
  { path: '/post', load: () => import('../features/community/pages/post-feed-page') },
  { path: '/post/release', load: () => import('../features/community/pages/post-release-page') },
  { path: '/post/detail', load: () => import('../features/community/pages/post-detail-page') },
  { path: '/interaction/system-message', load: notices('SystemMessagePage') },
  { path: '/interaction/review-message', load: notices('ReviewMessagePage') },
  { path: '/interaction/interaction-message', load: notices('InteractionMessagePage') },
  { path: '/user/my-snippet', load: () => import('../features/community/pages/my-snippet-page') },
  { path: '/user/setting', load: () => import('../features/user/pages/setting-page') },
  { path: '/user/withdrawal', load: () => import('../features/earnings/pages/withdrawal-page') },
  { path: '/user/orders', load: () => import('../features/wallet/pages/orders-page') },
  { path: '/user/edit-nickname', load: () => import('../features/user/pages/edit-nickname-page') },
  { path: '/user/edit-avatar', load: () => import('../features/user/pages/edit-avatar-page') },
  { path: '/user/info', load: () => import('../features/user/pages/info-page') },
  { path: '/user/my-ai', load: () => import('../features/creation/pages/my-ai-page') },
  { path: '/user/my-collection', load: () => import('../features/bots/pages/collection-page') },
  { path: '/mini-web-view', load: () => import('../features/system/pages/mini-web-view-page') },
  { path: '/login', load: () => import('../features/auth/pages/login-page') },
  { path: '/member-center', load: () => import('../features/wallet/pages/member-center-page') },
  { path: '/pay/sandbox', load: () => import('../features/wallet/pages/sandbox-pay-page') },
  { path: '/knowledge-store', load: () => import('../features/knowledge/pages/knowledge-store-page') },
  {
    path: '/knowledge-store/detail',
    load: () => import('../features/knowledge/pages/knowledge-detail-page'),
  },
  { path: '/knowledge-store/edit', load: () => import('../features/knowledge/pages/knowledge-edit-page') },
  { path: '/invite', load: () => import('../features/invite/pages/invite-page') },
  { path: '/redeem-code', load: () => import('../features/invite/pages/redeem-code-page') },
  { path: '/agreement', load: content('AgreementPage') },
  { path: '/agreement/chip-top-up', load: content('ChipTopUpAgreementPage') },
  { path: '/download-app', load: () => import('../features/system/pages/download-app-page') },
  { path: '/redirect', load: () => import('../features/system/pages/redirect-page') },
  { path: '/about-us', load: content('AboutUsPage') },
  { path: '/update-log/update-log', load: content('UpdateLogPage') },
  { path: '/feedback/index', load: () => import('../features/feedback/pages/feedback-page') },
  { path: '/help-center/help-center', load: content('HelpCenterPage') },
];

/**
 * Host-style paths (docs/product.md, Client contract: "/pages/login/index, /pages/index/index as an alias of
 * home").
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/pages/login/index': '/login',
  '/pages/index/index': '/',
};

/**
 * The code of the page at `pathname`, fetched at start-up beside the reader's language (main.tsx) rather than
 * after the first render: one round trip less before the first content (docs/performance.md). A path no route
 * names fetches nothing (the router redirects it).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const routes = [...TAB_ROUTES, ...PAGE_ROUTES];
  // A fixed path wins over a pattern (/bot/discover over /bot/:id), as in the router.
  const route =
    routes.find((r) => !r.path.includes(':') && matchPath(r.path, pathname)) ??
    routes.find((r) => matchPath(r.path, pathname));
  return route ? preloadPage(route.load) : Promise.resolve();
}
