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

/** Runs `task` once the browser is idle (soon after the first page is drawn); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 300);
  return () => window.clearTimeout(id);
}
