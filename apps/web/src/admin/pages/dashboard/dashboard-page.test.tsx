import '../../test-i18n';
import type { AdminDashboard, DashboardDay } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import DashboardPage from './dashboard-page';

const day = (d: string, o: Partial<DashboardDay> = {}): DashboardDay => ({
  day: d,
  users_new: 10,
  dau: 100,
  conversations: 50,
  replies: 200,
  chips_spent: 1000,
  revenue_fen: 19_900,
  orders: 10,
  ...o,
});

function dashboard(days: number): AdminDashboard {
  const list = Array.from({ length: days }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`));
  list[list.length - 1] = day('2026-11-30', { users_new: 15, dau: 80, revenue_fen: 123_450, orders: 7 });
  return {
    days: list,
    users_total: 12_345,
    pending: { bots: 3, posts: 0, comments: 1, reports: 2, withdrawals: 4 },
    at: '2026-11-30T02:00:00.000Z',
  };
}

function renderPage(path = '/admin') {
  const router = createMemoryRouter([{ path: '/admin', element: <DashboardPage /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

describe('dashboard page', () => {
  it("shows today's figures against yesterday's, the users in all and the queues with their links", async () => {
    const api = mockApi({
      'GET /api/v1/admin/dashboard': (c) => ({ data: dashboard(Number(c.query.get('days'))) }),
    });
    renderPage();
    expect(await screen.findByText('¥1,234.50')).toBeInTheDocument();
    expect(api.calls[0]!.query.get('days')).toBe('7');
    expect(screen.getByText('12,345')).toBeInTheDocument();
    // New users 15 against 10 yesterday; active users 80 against 100.
    const newUsers = screen.getByText(/新增用户/).closest('.dashboard-kpi') as HTMLElement;
    expect(within(newUsers).getByText('15')).toBeInTheDocument();
    expect(within(newUsers).getByText(/50%/)).toBeInTheDocument();
    const dau = screen.getByText(/活跃用户/).closest('.dashboard-kpi') as HTMLElement;
    expect(within(dau).getByText(/20%/).closest('.dashboard-change')).toHaveClass('down');
    expect(screen.getByText('7 笔订单')).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['智能体待审核3', '/admin/review?tab=bots'],
        ['帖子待审核0', '/admin/review?tab=posts'],
        ['评论待审核1', '/admin/review?tab=comments'],
        ['举报待处理2', '/admin/review?tab=reports'],
        ['提现待审核4', '/admin/money/withdrawals?status=pending'],
      ]),
    );
  });

  it('asks for 30 or 90 days and keeps the range in the address', async () => {
    const api = mockApi({
      'GET /api/v1/admin/dashboard': (c) => ({ data: dashboard(Number(c.query.get('days'))) }),
    });
    const router = renderPage('/admin?days=90');
    await screen.findByText('¥1,234.50');
    expect(api.calls.at(-1)!.query.get('days')).toBe('90');
    fireEvent.click(screen.getByText('近30天'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('days')).toBe('30'));
    expect(router.state.location.search).toBe('?days=30');
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    mockApi({ 'GET /api/v1/admin/dashboard': { code: 500001, msg: '服务繁忙' } });
    renderPage();
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
