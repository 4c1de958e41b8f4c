import { Outlet } from 'react-router';
import { AppTabBar } from '../tab-bar';

/** The four tab pages: the page, room for the bar, and the bar itself. */
export function TabLayout() {
  return (
    <>
      <Outlet />
      <div className="lx-tab-spacer" aria-hidden="true" />
      <AppTabBar />
    </>
  );
}
