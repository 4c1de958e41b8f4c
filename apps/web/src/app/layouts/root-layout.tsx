import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useHostBackButton } from '../../lib/host/back-button';
import { DeprecatedHostModal } from '../deprecated-host-modal';
import { preloadTabPages } from '../route-table';
import { useNoticeUnreadSync } from '../use-notice-unread-sync';
import { useSystemSettingSync } from '../use-system-setting-sync';

/**
 * Around every page: the phone-width frame, settings and unread counts kept fresh, the deprecated-host notice, and
 * the tab pages' code fetched once the app is idle.
 */
export function RootLayout() {
  useSystemSettingSync();
  useNoticeUnreadSync();
  useHostBackButton();
  useEffect(() => whenIdle(() => void preloadTabPages()), []);
  return (
    <div className="lx-app-frame">
      <Outlet />
      <DeprecatedHostModal />
      <ScrollRestoration />
    </div>
  );
}

/**
 * Runs `task` once the page has loaded (its images too: the tab pages' code must not compete with what the first
 * page shows, on a slow link) and the browser is idle; returns a cancel.
 */
function whenIdle(task: () => void): () => void {
  if (document.readyState !== 'complete') {
    let cancel = () => undefined as void;
    const onLoad = () => void (cancel = whenIdle(task));
    window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      cancel();
    };
  }
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 300);
  return () => window.clearTimeout(id);
}
