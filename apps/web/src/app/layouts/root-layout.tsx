import { Outlet, ScrollRestoration } from 'react-router';
import { DeprecatedHostModal } from '../deprecated-host-modal';
import { useSystemSettingSync } from '../use-system-setting-sync';

/** Around every page: the phone-width frame, settings kept fresh, the deprecated-host notice. */
export function RootLayout() {
  useSystemSettingSync();
  return (
    <div className="lx-app-frame">
      <Outlet />
      <DeprecatedHostModal />
      <ScrollRestoration />
    </div>
  );
}
