import '../../test-i18n';
import type { AdminWithdrawal, WithdrawalSummary } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import WithdrawalsPage from './withdrawals-page';

const summary: WithdrawalSummary = {
  pending: 3,
  approved: 1,
  paid: 7,
  rejected: 2,
  pending_fen: 4500,
  approved_fen: 1000,
};

const row = (o: Partial<AdminWithdrawal>): AdminWithdrawal => ({
  id: 11,
  amount_fen: 1500,
  fee_fen: 0,
  net_fen: 1500,
  channel: 'alipay',
  account: 'zhangsan@163.com',
  real_name: '张三',
  status: 'pending',
  reason: null,
  reference: null,
  created_at: '2026-11-24T02:00:00.000Z',
  updated_at: '2026-11-24T02:00:00.000Z',
  user: { id: 5, nickname: '周小舟', phone: '13700000000' },
  reviewer: null,
  ...o,
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin/money/withdrawals', element: <WithdrawalsPage /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

describe('the withdrawal desk', () => {
  it('opens on 待审核 with the counts, and approves after the confirmation', async () => {
    const api = mockApi({
      'GET /api/v1/admin/withdrawal/summary': { data: summary },
      'GET /api/v1/admin/withdrawal': (call) => ({
        data: { list: call.query.get('status') === 'pending' ? [row({})] : [], total: 1 },
      }),
      'POST /api/v1/admin/withdrawal/11/approve': { data: row({ status: 'approved' }) },
    });
    renderAt('/admin/money/withdrawals');
    expect(await screen.findByText('zhangsan@163.com')).toBeInTheDocument();
    expect(screen.getByText('待审核 3 笔 ¥45.00 · 待打款 1 笔 ¥10.00')).toBeInTheDocument();
    const list = api.calls.find((c) => c.path === '/api/v1/admin/withdrawal')!;
    expect(list.query.get('status')).toBe('pending');
    // No reviewer column and no payout number while it waits for review.
    expect(screen.queryByText('打款流水号')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/打款 ¥15\.00/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/11/approve'))).toBe(true),
    );
  });

  it('refuses an empty rejection reason, then sends the one typed', async () => {
    const api = mockApi({
      'GET /api/v1/admin/withdrawal/summary': { data: summary },
      'GET /api/v1/admin/withdrawal': { data: { list: [row({})], total: 1 } },
      'POST /api/v1/admin/withdrawal/11/reject': { data: row({ status: 'rejected', reason: '实名不符' }) },
    });
    renderAt('/admin/money/withdrawals');
    // The row first (a loaded machine renders antd's table slowly), then its button.
    await screen.findByText('zhangsan@163.com', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  实名不符  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: '  实名不符  ' }),
    );
  });

  it('on 待打款 marks one paid with the payout reference; on 已打款 shows the reference and no actions', async () => {
    const api = mockApi({
      'GET /api/v1/admin/withdrawal/summary': { data: summary },
      'GET /api/v1/admin/withdrawal': (call) => ({
        data: {
          list:
            call.query.get('status') === 'approved'
              ? [row({ status: 'approved', reviewer: { id: 1, nickname: '运营小林', phone: null } })]
              : [row({ status: 'paid', reference: 'PAY-2026-0001' })],
          total: 1,
        },
      }),
      'POST /api/v1/admin/withdrawal/11/paid': { data: row({ status: 'paid', reference: 'PAY-2026-0001' }) },
    });
    const router = renderAt('/admin/money/withdrawals?status=approved');
    expect(await screen.findByText('运营小林')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '标记已打款' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'PAY-2026-0001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认已打款' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/v1/admin/withdrawal/11/paid',
        body: { reference: 'PAY-2026-0001' },
      }),
    );

    await router.navigate('/admin/money/withdrawals?status=paid');
    expect(await screen.findByText('PAY-2026-0001', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '驳回' })).toBeNull();
  });
});
