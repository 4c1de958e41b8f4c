import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import type { ReactElement } from 'react';
import { lazyPage, type LazyPageOptions } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { TabLayout } from './layouts/tab-layout';
import { RouteError } from './route-error';
import { PAGE_ROUTES, ROUTE_ALIASES, TAB_ROUTES, type RouteEntry } from './route-table';

export const NOT_FOUND_PATH = '/404';

export function notFoundUrl(path: string): string {
  return `${NOT_FOUND_PATH}?${new URLSearchParams({ routeNotFound: path }).toString()}`;
}

/** Unknown route: replace with /404?routeNotFound=<path>. */
function NotFoundRedirect() {
  const { pathname } = useLocation();
  return <Navigate to={notFoundUrl(pathname)} replace />;
}

/** An alias keeps the query: /pages/login/index?redirect=/x → /login?redirect=/x. */
function AliasRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

export interface BuildRoutesOptions {
  /** The layout around every page; tests may pass a lighter one. */
  root?: ReactElement;
  lazy?: LazyPageOptions;
}

export function buildRoutes(options: BuildRoutesOptions = {}): RouteObject[] {
  const toRoute = (entry: RouteEntry): RouteObject => ({
    path: entry.path,
    Component: lazyPage(entry.load, options.lazy),
  });
  return [
    {
      element: options.root ?? <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { element: <TabLayout />, children: TAB_ROUTES.map(toRoute) },
        ...PAGE_ROUTES.map(toRoute),
        ...Object.entries(ROUTE_ALIASES).map(([path, to]) => ({ path, element: <AliasRedirect to={to} /> })),
        { path: '*', element: <NotFoundRedirect /> },
      ],
    },
  ];
}

/** History mode with base / (docs/product.md, Client contract). */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
