import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeBlockedUser } from '../../../test/snippet-fixtures';
import SettingPage from './setting-page';

function renderSetting() {
  const router = createMemoryRouter([{ path: '/user/setting', element: <SettingPage /> }], {
    initialEntries: ['/user/setting'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('settings: 黑名单', () => {
  it('lists the blocked users; 移除 unblocks one and takes it off the list', async () => {
    loginAs('tok', makeUser());
    let blocked = [
      makeBlockedUser({ id: 2, nickname: '小明' }),
      makeBlockedUser({ id: 3, nickname: '小红', blocked_at: '2026-03-04T00:00:00.000Z' }),
    ];
    const { calls } = mockApi({
      'GET /api/v1/user/block': () => ({ data: { list: blocked, next_cursor: null } }),
      'DELETE /api/v1/user/2/block': () => {
        blocked = blocked.filter((u) => u.id !== 2);
        return { data: { blocked: false } };
      },
    });
    renderSetting();
    fireEvent.click(screen.getByText('黑名单'));
    const sheet = await screen.findByTestId('blocked-users');
    expect(await within(sheet).findByText('小明')).toBeInTheDocument();
    expect(within(sheet).getByText('小红')).toBeInTheDocument();
    expect(within(sheet).getByText('拉黑于 2026年3月4日')).toBeInTheDocument();

    const row = within(sheet).getByText('小明').closest<HTMLElement>('[data-testid="blocked-user"]')!;
    fireEvent.click(within(row).getByTestId('unblock'));
    expect(await screen.findByText('已移除')).toBeInTheDocument();
    await waitFor(() => expect(within(sheet).queryByText('小明')).toBeNull());
    expect(within(sheet).getByText('小红')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v1/user/2/block']);
  });

  it('an empty list says so', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/user/block': { data: { list: [], next_cursor: null } } });
    renderSetting();
    fireEvent.click(screen.getByText('黑名单'));
    expect(await screen.findByText('黑名单是空的')).toBeInTheDocument();
  });

  it('logged out: no 黑名单', () => {
    mockApi({});
    renderSetting();
    expect(screen.queryByText('黑名单')).toBeNull();
  });
});
