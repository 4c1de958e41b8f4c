import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeOrder } from '../../../test/wallet-fixtures';
import OrdersPage from './orders-page';
import SandboxPayPage from './sandbox-pay-page';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/pay/sandbox', element: <SandboxPayPage /> },
      { path: '/user/orders', element: <OrdersPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('sandbox confirm page', () => {
  it('is labelled a test payment, shows the order, confirms and returns to the member centre with the order', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/pay/sandbox/LX1234567890': {
        data: { order_no: 'LX1234567890', title: '月度会员', amount_fen: 1990, status: 'pending' },
      },
      'POST /api/v1/pay/sandbox/LX1234567890/confirm': { data: { status: 'fulfilled' } },
    });
    const router = renderAt('/pay/sandbox?order_no=LX1234567890&redirect=%2Fbot%2F5');
    expect(await screen.findByText('月度会员')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('沙箱支付 — 测试支付，不会产生真实扣款');
    expect(screen.getByText('19.9', { exact: false })).toBeInTheDocument();
    fireEvent.click(screen.getByText('确认支付'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member-center'));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/confirm'))).toBe(true);
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('order_no')).toBe('LX1234567890');
    expect(search.get('redirect')).toBe('/bot/5');
  });

  it('cancel goes back to the member centre without paying', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/pay/sandbox/LX1234567890': {
        data: { order_no: 'LX1234567890', title: '600 芯片', amount_fen: 600, status: 'pending' },
      },
    });
    const router = renderAt('/pay/sandbox?order_no=LX1234567890');
    await screen.findByText('600 芯片');
    fireEvent.click(screen.getByText('取消'));
    await waitFor(() => expect(where(router)).toBe('/member-center'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("someone else's or an unknown order says so, with a retry", async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/pay/sandbox/LX1234567890': { code: 10004, msg: '订单不存在' } });
    renderAt('/pay/sandbox?order_no=LX1234567890');
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    expect(screen.queryByText('确认支付')).toBeNull();
  });
});

describe('order history', () => {
  it('lists my orders with status tags, amounts in yuan and dates; a pending one opens its result', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/order': {
        data: {
          list: [
            makeOrder({ order_no: 'LXA0000001', status: 'pending' }),
            makeOrder({
              order_no: 'LXA0000002',
              status: 'fulfilled',
              kind: 'vip',
              title: '年度会员',
              amount_fen: 16800,
              chips: 0,
              vip_days: 365,
            }),
            makeOrder({ order_no: 'LXA0000003', status: 'closed' }),
            makeOrder({ order_no: 'LXA0000004', status: 'refunded' }),
            makeOrder({ order_no: 'LXA0000005', status: 'paid' }),
          ],
          next_cursor: null,
        },
      },
    });
    const router = renderAt('/user/orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByText('待支付')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('已完成')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('¥168.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('会员 365 天')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('已关闭')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('已退款')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('已支付')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('¥6.00')).toBeInTheDocument();
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
    fireEvent.click(rows[0]!);
    await waitFor(() => expect(where(router)).toBe('/member-center?order_no=LXA0000001'));
  });

  it('no orders: an empty state leading to the member centre', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/order': { data: { list: [], next_cursor: null } } });
    const router = renderAt('/user/orders');
    expect(await screen.findByText('还没有订单')).toBeInTheDocument();
    fireEvent.click(screen.getByText('去会员中心'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member-center'));
  });
});
