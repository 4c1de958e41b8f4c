import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openExternal } from '../../../lib/external';
import { clearLogin, getOaOpenId, setOaOpenId } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makePlans, makeWallet } from '../../../test/wallet-fixtures';
import MemberCenterPage from './member-center-page';

vi.mock('../../../lib/external', () => ({ openExternal: vi.fn() }));

/**
 * docs/money.md, WeChat Pay: inside WeChat the OA openid flow runs once per session, where paying needs it; in the
 * mini-program web view the payment is handed to the host.
 */

function renderCentre(path = '/member-center', strict = false) {
  const router = createMemoryRouter([{ path: '/member-center', element: <MemberCenterPage /> }], {
    initialEntries: [path],
  });
  const app = <RouterProvider router={router} />;
  renderWithProviders(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

const PARAMS = {
  appId: 'wxoa',
  timeStamp: '1',
  nonceStr: 'n',
  package: 'prepay_id=1',
  signType: 'RSA' as const,
  paySign: 's',
};

function wechatApi() {
  let n = 0;
  return mockApi({
    'GET /api/v1/wallet': { data: makeWallet() },
    'GET /api/v1/member/plans': { data: makePlans({ channels: ['wechat_jsapi'], wechat_oa_app_id: 'wxoa' }) },
    'GET /api/v1/wechat/oa/openid': { data: { openid: 'oOPENID' } },
    'POST /api/v1/order': () => {
      n += 1;
      return {
        data: {
          order_no: `LX00000000${n}`,
          amount_fen: 1990,
          status: 'pending',
          pay: { channel: 'wechat_jsapi', params: PARAMS },
        },
      };
    },
    'GET /api/v1/order/LX000000001': { data: null, code: 10004, msg: '订单不存在' },
  });
}

async function payOnce() {
  await screen.findByTestId('tier-month');
  fireEvent.click(screen.getByTestId('topup-agreement'));
  fireEvent.click(screen.getByText('立即开通'));
  fireEvent.click(within(await screen.findByTestId('cashier')).getByText('确认支付 ¥19.90'));
}

const invoke = vi.fn((_name: string, _params: unknown, done: (r: { err_msg: string }) => void) =>
  done({ err_msg: 'get_brand_wcpay_request:cancel' }),
);

beforeEach(() => {
  Object.defineProperty(window.navigator, 'userAgent', {
    value: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0',
    configurable: true,
  });
  window.WeixinJSBridge = { invoke };
  invoke.mockClear();
});

afterEach(() => {
  clearLogin();
  localStorage.clear();
  vi.mocked(openExternal).mockReset();
  Object.defineProperty(window.navigator, 'userAgent', { value: 'jsdom', configurable: true });
  delete window.WeixinJSBridge;
});

describe('the OA openid inside WeChat', () => {
  it('with the openid in the session, paying twice never goes to the authorisation', async () => {
    loginAs('tok', makeUser());
    setOaOpenId('oOPENID');
    const { calls } = wechatApi();
    renderCentre();
    await payOnce();
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    // Cancelled; the user tries again in the same session.
    fireEvent.click(within(await screen.findByTestId('cashier')).getByText('确认支付 ¥19.90'));
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
    expect(openExternal).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/api/v1/wechat/oa/openid')).toBe(false);
  });

  it('a code coming back is exchanged once, even when effects run twice (StrictMode)', async () => {
    loginAs('tok', makeUser());
    const { calls } = wechatApi();
    renderCentre('/member-center?code=CODE1&state=pay&item=vip%3Amonth', true);
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((c) => c.path === '/api/v1/wechat/oa/openid')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/order')).toHaveLength(1);
    expect(getOaOpenId()).toBe('oOPENID');
  });

  it('a new session (logged out, or another account) authorises again: the openid belongs to the login', async () => {
    loginAs('tok', makeUser());
    setOaOpenId('oOPENID');
    loginAs('other-token', makeUser({ id: 2 }));
    expect(getOaOpenId()).toBeNull();
    wechatApi();
    renderCentre();
    await payOnce();
    await waitFor(() => expect(openExternal).toHaveBeenCalledTimes(1));
    expect(invoke).not.toHaveBeenCalled();

    setOaOpenId('oOPENID2');
    clearLogin();
    expect(getOaOpenId()).toBeNull();
  });

  it('outside WeChat the flow never runs', async () => {
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone) Mobile',
      configurable: true,
    });
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': { data: makePlans({ channels: ['wechat_h5'], wechat_oa_app_id: 'wxoa' }) },
    });
    renderCentre();
    await screen.findByTestId('tier-month');
    fireEvent.click(screen.getByTestId('topup-agreement'));
    fireEvent.click(screen.getByText('立即开通'));
    await screen.findByTestId('cashier');
    expect(openExternal).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/api/v1/wechat/oa/openid')).toBe(false);
  });
});

describe('paying in the mini-program web view', () => {
  it("hands the order to the host's pay page, with no OA authorisation and no JSAPI", async () => {
    window.__wxjs_environment = 'miniprogram';
    const navigateTo = vi.fn();
    window.wx = { miniProgram: { navigateTo } };
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': {
        data: makePlans({ channels: ['wechat_jsapi', 'wechat_miniprogram'], wechat_oa_app_id: 'wxoa' }),
      },
      'POST /api/v1/order': {
        data: {
          order_no: 'LX000000009',
          amount_fen: 1990,
          status: 'pending',
          pay: { channel: 'wechat_miniprogram', path: '/pages/pay/pay?order_no=LX000000009' },
        },
      },
    });
    try {
      renderCentre();
      await payOnce();
      await waitFor(() =>
        expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/pay/pay?order_no=LX000000009' }),
      );
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ channel: 'wechat_miniprogram' });
      expect(openExternal).not.toHaveBeenCalled();
      expect(invoke).not.toHaveBeenCalled();
    } finally {
      delete window.__wxjs_environment;
      delete window.wx;
    }
  });
});
