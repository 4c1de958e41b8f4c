import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openExternal } from '../../../lib/external';
import { clearLogin, getOaOpenId } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeOrder, makePlans, makeWallet } from '../../../test/wallet-fixtures';
import MemberCenterPage from './member-center-page';

vi.mock('../../../lib/external', () => ({ openExternal: vi.fn() }));

function renderCentre(path = '/member-center') {
  const router = createMemoryRouter(
    [
      { path: '/member-center', element: <MemberCenterPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderCentre>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const agree = () => fireEvent.click(screen.getByTestId('topup-agreement'));
const cashier = () => screen.findByTestId('cashier');

afterEach(() => {
  clearLogin();
  localStorage.clear();
  vi.mocked(openExternal).mockReset();
  Object.defineProperty(window.navigator, 'userAgent', { value: 'jsdom', configurable: true });
  delete window.WeixinJSBridge;
});

describe('member centre', () => {
  it('logged out: goes to login and comes back here', async () => {
    mockApi({});
    const router = renderCentre('/member-center?redirect=/bot/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/member-center?redirect=/bot/5',
    );
  });

  it('shows the status, the tiers in yuan with the struck price, benefits, packages and the discount', async () => {
    loginAs('tok', makeUser({ chips: 1234 }));
    mockApi({
      'GET /api/v1/user': { data: makeUser({ chips: 1234 }) },
      'GET /api/v1/wallet': { data: makeWallet({ chips: 1234 }) },
      'GET /api/v1/member/plans': { data: makePlans() },
    });
    renderCentre();
    const month = await screen.findByTestId('tier-month');
    expect(within(month).getByText('月度会员')).toBeInTheDocument();
    expect(month).toHaveTextContent('¥19.90');
    expect(within(month).getByText('¥30').tagName).toBe('S');
    expect(within(month).getByText('30 天')).toBeInTheDocument();
    expect(month).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('tier-year')).toHaveTextContent('¥168');
    expect(screen.getByTestId('benefits')).toHaveTextContent('每月赠送 300 芯片');
    expect(screen.getByTestId('benefits')).toHaveTextContent('会员专属模型');
    expect(screen.getByTestId('package-p30')).toHaveTextContent('3,200芯片');
    expect(screen.getByTestId('package-p30')).toHaveTextContent('¥30');
    expect(screen.getByTestId('package-p30')).toHaveTextContent('超值');
    expect(screen.getByTestId('discount-line')).toHaveTextContent('20%');
    expect(screen.getByText('普通用户')).toBeInTheDocument();
    expect(screen.getByTestId('member-chips')).toHaveTextContent('1,234');
    // Choosing a package moves the selection and the total.
    fireEvent.click(screen.getByTestId('package-p98'));
    expect(screen.getByTestId('package-p98')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('tier-month')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('立即充值')).toBeInTheDocument();
  });

  it('refuses to pay without the agreement: a toast, no order', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': { data: makePlans() },
    });
    renderCentre();
    await screen.findByTestId('tier-month');
    fireEvent.click(screen.getByText('立即开通'));
    expect(await screen.findByText('请先阅读并同意《芯片充值协议》')).toBeInTheDocument();
    expect(screen.queryByTestId('cashier')).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/order')).toBe(false);
    expect(screen.getByText('《芯片充值协议》').closest('a')).toHaveAttribute(
      'href',
      '/agreement/chip-top-up',
    );
  });

  it('sandbox: the order carries an Idempotency-Key, the same one on a retry of the attempt, then the confirm page', async () => {
    loginAs('tok', makeUser());
    let fail = true;
    const { calls } = mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': { data: makePlans() },
      'POST /api/v1/order': () =>
        fail
          ? Promise.reject(new TypeError('Failed to fetch'))
          : {
              data: {
                order_no: 'LX1234567890',
                amount_fen: 1990,
                status: 'pending',
                pay: { channel: 'sandbox', confirm_url: '/pay/sandbox?order_no=LX1234567890' },
              },
            },
    });
    const router = renderCentre('/member-center?redirect=%2Fbot%2F5%3Fconversation%3D7');
    await screen.findByTestId('tier-month');
    agree();
    fireEvent.click(screen.getByText('立即开通'));
    const sheet = await cashier();
    expect(within(sheet).getByText('沙箱支付（测试，不扣真实费用）')).toBeInTheDocument();
    fireEvent.click(within(sheet).getByText('确认支付 ¥19.90'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/order')).toHaveLength(1));
    fail = false;
    fireEvent.click(within(sheet).getByText('确认支付 ¥19.90'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pay/sandbox'));
    const orders = calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/order');
    expect(orders).toHaveLength(2);
    expect(orders[0]!.body).toEqual({ kind: 'vip', item_id: 'month', channel: 'sandbox', agree_terms: true });
    const key = orders[0]!.headers['Idempotency-Key'];
    expect(key).toMatch(/^[\w-]{16,}$/);
    expect(orders[1]!.headers['Idempotency-Key']).toBe(key);
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('order_no')).toBe('LX1234567890');
    expect(search.get('redirect')).toBe('/bot/5?conversation=7');
  });

  it('polls the order of ?order_no=: success says what was added, refreshes the profile, and leads back', async () => {
    loginAs('tok', makeUser({ chips: 100 }));
    let paid = false;
    const { calls } = mockApi({
      'GET /api/v1/user': () => ({ data: makeUser({ chips: paid ? 700 : 100 }) }),
      'GET /api/v1/wallet': () => ({ data: makeWallet({ chips: paid ? 700 : 100 }) }),
      'GET /api/v1/member/plans': { data: makePlans() },
      'GET /api/v1/order/LX1234567890': () => {
        paid = true;
        return { data: makeOrder({ order_no: 'LX1234567890', status: 'fulfilled' }) };
      },
    });
    const router = renderCentre('/member-center?order_no=LX1234567890&redirect=%2Fbot%2F5');
    const result = await screen.findByTestId('pay-result');
    await waitFor(() => expect(result).toHaveAttribute('data-outcome', 'success'));
    expect(within(result).getByText('支付成功')).toBeInTheDocument();
    expect(within(result).getByText('600 芯片已到账')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('member-chips')).toHaveTextContent('700'));
    expect(calls.filter((c) => c.path === '/api/v1/user').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(within(result).getByText('返回继续对话'));
    await waitFor(() => expect(where(router)).toBe('/bot/5'));
  });

  it('a VIP order shows the new expiry', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/wallet': {
        data: makeWallet({
          vip: {
            active: true,
            tier: 'month',
            tier_name: '月度会员',
            expires_at: '2026-04-01T00:00:00.000Z',
            next_grant_at: '2026-03-31T00:00:00.000Z',
          },
        }),
      },
      'GET /api/v1/member/plans': { data: makePlans() },
      'GET /api/v1/order/LX1234567890': {
        data: makeOrder({
          order_no: 'LX1234567890',
          kind: 'vip',
          chips: 0,
          vip_days: 30,
          status: 'fulfilled',
        }),
      },
    });
    renderCentre('/member-center?order_no=LX1234567890');
    expect(await screen.findByText('会员已开通，有效期至 2026年4月1日')).toBeInTheDocument();
    expect(screen.getByTestId('member-badge')).toHaveTextContent('月度会员');
    expect(screen.getByText('会员有效期至 2026年4月1日')).toBeInTheDocument();
    expect(screen.getByText('下次赠送 300 芯片')).toBeInTheDocument();
  });

  it('a member whose next grant comes only with a renewal sees the monthly chips, not a blank', async () => {
    loginAs('tok', makeUser({ is_vip: true }));
    mockApi({
      'GET /api/v1/wallet': {
        data: makeWallet({
          vip: {
            active: true,
            tier: 'month',
            tier_name: '月度会员',
            expires_at: '2026-04-01T00:00:00.000Z',
            next_grant_at: null,
          },
        }),
      },
      'GET /api/v1/member/plans': { data: makePlans() },
    });
    renderCentre();
    expect(await screen.findByText('每月赠送芯片')).toBeInTheDocument();
    expect(screen.getByText('300')).toBeInTheDocument();
    expect(screen.queryByText('每月赠送芯片（会员）')).toBeNull();
  });

  it('完成 closes the result sheet still saying 支付成功, never flashing back to "confirming"', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': { data: makePlans() },
      'GET /api/v1/order/LX1234567890': {
        data: makeOrder({ order_no: 'LX1234567890', status: 'fulfilled', chips: 600 }),
      },
    });
    renderCentre('/member-center?order_no=LX1234567890');
    const result = await screen.findByTestId('pay-result');
    await waitFor(() => expect(result).toHaveAttribute('data-outcome', 'success'));
    fireEvent.click(within(result).getByText('完成'));
    expect(screen.queryByText('正在确认支付结果…')).toBeNull();
    const closing = screen.queryByTestId('pay-result');
    if (closing) expect(closing).toHaveAttribute('data-outcome', 'success');
    // What was bought stays chosen: the package, and the button says 立即充值.
    expect(screen.getByTestId('package-p6')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '立即充值' })).toBeInTheDocument();
  });

  it('a closed order shows the failure with a retry that opens the cashier again', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': { data: makePlans() },
      'GET /api/v1/order/LX1234567890': { data: makeOrder({ order_no: 'LX1234567890', status: 'closed' }) },
    });
    const router = renderCentre('/member-center?order_no=LX1234567890');
    const result = await screen.findByTestId('pay-result');
    await waitFor(() => expect(result).toHaveAttribute('data-outcome', 'closed'));
    expect(within(result).getByText('订单已关闭')).toBeInTheDocument();
    fireEvent.click(within(result).getByText('重新支付'));
    await cashier();
    expect(router.state.location.search).toBe('');
  });

  it('on a desktop: WeChat Native shows the code to scan and follows the order', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': { data: makePlans({ channels: ['wechat_native', 'wechat_h5'] }) },
      'POST /api/v1/order': {
        data: {
          order_no: 'LX1234567890',
          amount_fen: 600,
          status: 'pending',
          pay: { channel: 'wechat_native', code_url: 'weixin://wxpay/bizpayurl?pr=abc' },
        },
      },
      'GET /api/v1/order/LX1234567890': { data: makeOrder({ order_no: 'LX1234567890' }) },
    });
    renderCentre();
    fireEvent.click(await screen.findByTestId('package-p6'));
    agree();
    fireEvent.click(screen.getByText('立即充值'));
    const sheet = await cashier();
    // Only the channel that fits a desktop browser is offered.
    expect(within(sheet).getAllByRole('radio')).toHaveLength(1);
    fireEvent.click(within(sheet).getByText('确认支付 ¥6'));
    const qr = await screen.findByTestId('qr-code');
    expect(qr).toHaveAttribute('data-text', 'weixin://wxpay/bizpayurl?pr=abc');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/order/LX1234567890')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ channel: 'wechat_native' });
  });

  it('inside WeChat without an openid: goes to the OA authorisation, and on return pays by JSAPI', async () => {
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0',
      configurable: true,
    });
    loginAs('tok', makeUser());
    const invoke = vi.fn((_name: string, _params: unknown, done: (r: { err_msg: string }) => void) =>
      done({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    const params = {
      appId: 'wxoa',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=1',
      signType: 'RSA' as const,
      paySign: 's',
    };
    const { calls } = mockApi({
      'GET /api/v1/wallet': { data: makeWallet() },
      'GET /api/v1/member/plans': {
        data: makePlans({ channels: ['wechat_jsapi'], wechat_oa_app_id: 'wxoa' }),
      },
      'GET /api/v1/wechat/oa/openid': { data: { openid: 'oOPENID' } },
      'POST /api/v1/order': {
        data: {
          order_no: 'LX1234567890',
          amount_fen: 1990,
          status: 'pending',
          pay: { channel: 'wechat_jsapi', params },
        },
      },
      'GET /api/v1/order/LX1234567890': {
        data: makeOrder({ order_no: 'LX1234567890', status: 'fulfilled' }),
      },
    });
    renderCentre();
    await screen.findByTestId('tier-month');
    agree();
    fireEvent.click(screen.getByText('立即开通'));
    fireEvent.click(within(await cashier()).getByText('确认支付 ¥19.90'));
    await waitFor(() => expect(openExternal).toHaveBeenCalledTimes(1));
    const url = new URL(vi.mocked(openExternal).mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.searchParams.get('appid')).toBe('wxoa');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('state')).toBe('pay');
    expect(url.hash).toBe('#wechat_redirect');
    expect(new URL(url.searchParams.get('redirect_uri')!).searchParams.get('item')).toBe('vip:month');
    expect(calls.some((c) => c.path === '/api/v1/order')).toBe(false);

    // WeChat sends the user back with a code.
    document.body.replaceChildren();
    const router = renderCentre('/member-center?code=CODE1&state=pay&item=vip%3Ayear');
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/api/v1/wechat/oa/openid')!.query.get('code')).toBe('CODE1');
    expect(getOaOpenId()).toBe('oOPENID');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      item_id: 'year',
      channel: 'wechat_jsapi',
    });
    expect(invoke.mock.calls[0]![0]).toBe('getBrandWCPayRequest');
    expect(invoke.mock.calls[0]![1]).toEqual(params);
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('code')).toBeNull();
  });
});
