import { useMemo } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { relaunchHomeViaHost } from './platform';

/** The four tab routes (docs/product.md, Client contract). */
export const TAB_PATHS = ['/', '/bot/discover', '/interaction', '/user'] as const;

export function isTabPath(pathname: string): boolean {
  return (TAB_PATHS as readonly string[]).includes(pathname);
}

/** Path + search of a target, resolved against the current location. */
export function normalizeTarget(to: string, currentPathname: string): { pathname: string; search: string } {
  const url = new URL(to, `http://app.local${currentPathname}`);
  return { pathname: url.pathname.replace(/(.)\/+$/, '$1'), search: url.search };
}

export function isSameLocation(to: string, location: { pathname: string; search: string }): boolean {
  const target = normalizeTarget(to, location.pathname);
  return target.pathname === location.pathname && target.search === location.search;
}

/**
 * Whether this visit has a page to go back to. The browser router records its position in history.state;
 * elsewhere (memory router) the first entry is the one with the "default" key.
 */
export function canGoBack(locationKey: string): boolean {
  const idx = (globalThis.history?.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : locationKey !== 'default';
}

export interface SafeNavigator {
  /** Open a page on top. */
  push: (to: string, state?: unknown) => boolean;
  /** Switch to a tab: replaces while on a tab, so tabs do not pile up in history. */
  switchTab: (to: string) => boolean;
  replace: (to: string, state?: unknown) => boolean;
  /** Relaunch: replace the current entry and mark the launch, so pages start fresh. */
  relaunch: (to: string) => boolean;
  /** Back one page, or to `fallback` when this is the first page of the visit. */
  back: (fallback?: string) => void;
}

/**
 * Navigation that refuses to go to the page already shown (docs/product.md, Client contract): it does nothing
 * then.
 */
export function useNavigateSafe(): SafeNavigator {
  const navigate = useNavigate();
  const location = useLocation();
  return useMemo(() => {
    const go = (to: string, options?: NavigateOptions) => {
      if (isSameLocation(to, location)) return false;
      void navigate(to, options);
      return true;
    };
    return {
      push: (to, state) => go(to, { state }),
      switchTab: (to) => go(to, { replace: isTabPath(location.pathname) }),
      replace: (to, state) => go(to, { replace: true, state }),
      relaunch: (to) => {
        const web = () => go(to, { replace: true, state: { relaunch: Date.now() } });
        // Home in the mini program is the host's home page (docs/platforms.md, Mini-program web view).
        return (isSameLocation(to, { pathname: '/', search: '' }) && relaunchHomeViaHost(web)) || web();
      },
      back: (fallback = '/') => {
        if (canGoBack(location.key)) void navigate(-1);
        else if (!isSameLocation(fallback, location)) void navigate(fallback, { replace: true });
      },
    };
  }, [navigate, location]);
}
