import { Outlet, ScrollRestoration } from 'react-router';
import { DeprecatedHostModal } from '../deprecated-host-modal';
import { useNoticeUnreadSync } from '../use-notice-unread-sync';
import { useSystemSettingSync } from '../use-system-setting-sync';

/** Around every page: the phone-width frame, settings and unread counts kept fresh, the deprecated-host notice. */
export function RootLayout() {
  useSystemSettingSync();
  useNoticeUnreadSync();
  return (
    <div className="lx-app-frame">
      <Outlet />
      <DeprecatedHostModal />
      <ScrollRestoration />
    </div>
  );
}
