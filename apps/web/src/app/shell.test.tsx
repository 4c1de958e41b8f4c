import { act, screen, waitFor } from '@testing-library/react';
import type { PublicSettings } from '@lingxi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { commonStore, setSystemSetting } from '../lib/common-store';
import { mockApi } from '../test/mock-api';
import { renderWithProviders } from '../test/render-app';
import { DeprecatedHostModal, isDeprecatedHost } from './deprecated-host-modal';
import { useSystemSettingSync } from './use-system-setting-sync';

const SETTINGS: PublicSettings = {
  assistant_name: '小犀',
  share_title: '你的AI助手',
  share_image: '',
  cdn_base: '',
  deprecated_hosts: [],
  new_url: '',
  web_view_hosts: [],
  customer_service: '',
  icp: '',
  signup_bonus: 100,
};

function SettingsProbe() {
  useSystemSettingSync();
  return null;
}

afterEach(() => {
  commonStore.set({ inviteCode: null, noticeUnreadCount: 0, systemSetting: null });
  document.title = '';
});

describe('system settings', () => {
  it('are fetched on start: stored in the common store, the title shows assistant_name', async () => {
    const { calls } = mockApi({ 'GET /api/v1/setting': { data: SETTINGS } });
    renderWithProviders(<SettingsProbe />);
    await waitFor(() => expect(document.title).toBe('小犀'));
    expect(commonStore.get().systemSetting).toEqual(SETTINGS);
    expect(calls.filter((c) => c.path === '/api/v1/setting')).toHaveLength(1);
  });

  it('are fetched again whenever the page becomes visible', async () => {
    let n = 0;
    const { calls } = mockApi({
      'GET /api/v1/setting': () => ({ data: { ...SETTINGS, assistant_name: `灵犀${++n}` } }),
    });
    renderWithProviders(<SettingsProbe />);
    await waitFor(() => expect(document.title).toBe('灵犀1'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(document.title).toBe('灵犀2'));
    expect(calls.filter((c) => c.path === '/api/v1/setting')).toHaveLength(2);
  });

  it('the title falls back to 灵犀 when the call fails', async () => {
    mockApi({ 'GET /api/v1/setting': { code: 10500, msg: '' } });
    renderWithProviders(<SettingsProbe />);
    await waitFor(() => expect(document.title).toBe('灵犀'));
  });
});

describe('deprecated host', () => {
  it('matches the current host against the list', () => {
    expect(isDeprecatedHost('old.example.com', ['old.example.com'])).toBe(true);
    expect(isDeprecatedHost('OLD.example.com', [' old.example.com '])).toBe(true);
    expect(isDeprecatedHost('new.example.com', ['old.example.com'])).toBe(false);
    expect(isDeprecatedHost('new.example.com', [])).toBe(false);
  });

  it('shows a modal that cannot be closed, with the new link', async () => {
    renderWithProviders(<DeprecatedHostModal />);
    expect(screen.queryByText('重要通知')).toBeNull();
    act(() =>
      setSystemSetting({
        ...SETTINGS,
        deprecated_hosts: [window.location.host],
        new_url: 'https://new.example.com',
      }),
    );
    expect(await screen.findByText('重要通知')).toBeInTheDocument();
    expect(screen.getByText('当前链接已停止使用，请访问新的链接继续使用。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://new.example.com' })).toHaveAttribute(
      'href',
      'https://new.example.com',
    );
    expect(document.querySelector('.adm-center-popup-close')).toBeNull();
    const mask = document.querySelector('.adm-mask');
    if (mask) act(() => (mask as HTMLElement).click());
    expect(screen.getByText('重要通知')).toBeInTheDocument();
  });
});
