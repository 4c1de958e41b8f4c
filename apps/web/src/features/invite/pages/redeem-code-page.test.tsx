import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import RedeemCodePage from './redeem-code-page';

function renderRedeem() {
  const router = createMemoryRouter([{ path: '/redeem-code', element: <RedeemCodePage /> }], {
    initialEntries: ['/redeem-code'],
  });
  return renderWithProviders(<RouterProvider router={router} />).queryClient;
}

const input = () => screen.getByRole('textbox') as HTMLInputElement;
const typeCode = (value: string) => fireEvent.change(input(), { target: { value } });

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('redeem code page', () => {
  it('upper-cases, drops spaces, redeems chips, shows the result and refreshes the profile', async () => {
    loginAs('tok', makeUser({ chips: 100 }));
    const { calls } = mockApi({
      'POST /api/v1/redeem': { data: { kind: 'chips', value: 500, chips: 600, vip_expires_at: null } },
    });
    const queryClient = renderRedeem();
    queryClient.setQueryData(queryKeys.user.profile('tok'), makeUser({ chips: 100 }));
    typeCode('abcd efgh 2345');
    expect(input().value).toBe('ABCDEFGH2345');
    fireEvent.click(screen.getByText('立即兑换'));
    expect(await screen.findByTestId('redeem-success')).toHaveTextContent('+500 芯片');
    expect(screen.getByText('当前芯片余额 600')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ code: 'ABCDEFGH2345' });
    // The profile (chips, membership) is read again wherever it shows next.
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.user.profile('tok'))?.isInvalidated).toBe(true),
    );
  });

  it('VIP days say until when', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'POST /api/v1/redeem': {
        data: { kind: 'vip_days', value: 30, chips: 100, vip_expires_at: '2026-05-01T00:00:00.000Z' },
      },
    });
    renderRedeem();
    typeCode('VIPCODE12345');
    fireEvent.click(screen.getByText('立即兑换'));
    expect(await screen.findByText('会员 +30 天')).toBeInTheDocument();
    expect(screen.getByText('会员有效期至 2026年5月1日')).toBeInTheDocument();
  });

  it.each([
    [10004, '兑换码不存在'],
    [10009, '兑换码已被使用'],
    [10029, '尝试次数过多，请10分钟后再试'],
    [10001, '兑换码已过期'],
  ])('refusal %i shows its message under the field', async (code, msg) => {
    loginAs('tok', makeUser());
    mockApi({ 'POST /api/v1/redeem': { code, msg } });
    renderRedeem();
    typeCode('WRONGCODE123');
    fireEvent.click(screen.getByText('立即兑换'));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(screen.queryByTestId('redeem-success')).toBeNull();
    // Typing again clears it.
    typeCode('WRONGCODE12');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty code is refused without a call', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({});
    renderRedeem();
    typeCode('   ');
    fireEvent.click(screen.getByText('立即兑换'));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入兑换码');
    expect(calls.some((c) => c.path === '/api/v1/redeem')).toBe(false);
  });
});
