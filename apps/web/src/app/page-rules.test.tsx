import type { PublicSettings } from '@lingxi/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonStore, setSystemSetting } from '../lib/common-store';
import { renderWithProviders } from '../test/render-app';
import { DeprecatedHostModal, isDeprecatedHost } from './deprecated-host-modal';
import { RouteError, routeErrorMessage } from './route-error';

/* The page rules of docs/platforms.md (Pages) not covered beside their code: router errors, the old host. */

const SETTINGS: PublicSettings = {
  assistant_name: '灵犀',
  share_title: '',
  share_image: '',
  cdn_base: '',
  deprecated_hosts: [],
  new_url: '',
  web_view_hosts: [],
  customer_service: '',
  icp: '',
  signup_bonus: 0,
};

afterEach(() => {
  commonStore.set({ inviteCode: null, noticeUnreadCount: 0, systemSetting: null });
  vi.restoreAllMocks();
});

describe('router errors', () => {
  function Boom(): never {
    throw new Error('页面出错了：boom');
  }

  it('are shown as a toast, and the page offers a way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/x', element: <Boom />, errorElement: <RouteError /> }], {
      initialEntries: ['/x'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    const toast = await screen.findByText('页面出错了：boom');
    expect(toast.closest('.adm-toast-main')).not.toBeNull();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button')).toBeInTheDocument();
  });

  it('word a response error by its status, anything else as itself', () => {
    expect(routeErrorMessage(new Error('x'))).toBe('x');
    expect(routeErrorMessage('plain')).toBe('plain');
  });
});

describe('the old host', () => {
  it('matches host and port exactly, never a part of a name', () => {
    expect(isDeprecatedHost('old.example.com:8080', ['old.example.com:8080'])).toBe(true);
    expect(isDeprecatedHost('old.example.com', ['old.example.com:8080'])).toBe(false);
    expect(isDeprecatedHost('old.example.com.evil.example', ['old.example.com'])).toBe(false);
    expect(isDeprecatedHost('evil-old.example.com', ['old.example.com'])).toBe(false);
    expect(isDeprecatedHost('', ['old.example.com'])).toBe(false);
    expect(isDeprecatedHost('old.example.com', undefined)).toBe(false);
  });

  it('the modal stays through Escape and a tap outside, and keeps the new link', async () => {
    renderWithProviders(<DeprecatedHostModal />);
    act(() =>
      setSystemSetting({
        ...SETTINGS,
        deprecated_hosts: [window.location.host],
        new_url: 'https://new.example.com/',
      }),
    );
    const title = await screen.findByText('重要通知');
    fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
    fireEvent.keyDown(title, { key: 'Escape', code: 'Escape' });
    document.querySelectorAll('.adm-mask').forEach((mask) => fireEvent.click(mask));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('重要通知')).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://new.example.com/' })).toHaveAttribute(
      'href',
      'https://new.example.com/',
    );
    expect(screen.getByRole('button', { name: '前往新链接' })).toBeInTheDocument();
  });

  it('without a new address still says the link is deprecated, with no button to nowhere', async () => {
    renderWithProviders(<DeprecatedHostModal />);
    act(() => setSystemSetting({ ...SETTINGS, deprecated_hosts: [window.location.host] }));
    expect(await screen.findByText('重要通知')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: '前往新链接' })).toBeNull();
  });

  it('on any other host shows nothing', async () => {
    renderWithProviders(<DeprecatedHostModal />);
    act(() => setSystemSetting({ ...SETTINGS, deprecated_hosts: ['old.example.com'] }));
    await waitFor(() => expect(commonStore.get().systemSetting).not.toBeNull());
    expect(screen.queryByText('重要通知')).toBeNull();
  });
});
