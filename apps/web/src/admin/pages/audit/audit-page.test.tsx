import '../../test-i18n';
import type { AdminPage, AuditEntry } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import AuditPage from './audit-page';

const actor = { id: 7, nickname: '运营小王', phone: '13900000001' };
const entry = (o: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor,
  action: 'bot.approve',
  target: 'bot:42',
  detail: {},
  before: null,
  after: null,
  ip: '203.0.113.7',
  at: '2026-11-24T02:00:00.000Z',
  ...o,
});

const PAGE: AdminPage<AuditEntry> = {
  total: 2,
  list: [
    entry({
      id: 2,
      action: 'setting.update',
      target: 'setting:rules',
      detail: { keys: ['signup_bonus'] },
      before: { signup_bonus: 100, free_daily: 20 },
      after: { signup_bonus: 200, free_daily: 20 },
    }),
    entry({ id: 1, detail: { reason: '内容完整' } }),
  ],
};

function renderPage(path = '/admin/audit') {
  const router = createMemoryRouter([{ path: '/admin/audit', element: <AuditPage /> }], {
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

describe('audit log page', () => {
  it('lists actions in Chinese, with who, the target and the address', async () => {
    const api = mockApi({ 'GET /api/v1/admin/audit': { data: PAGE } });
    renderPage();
    expect(await screen.findByText('通过智能体审核')).toBeInTheDocument();
    expect(screen.getByText('修改设置')).toBeInTheDocument();
    expect(screen.getByText('智能体 #42')).toBeInTheDocument();
    expect(screen.getAllByText('运营小王')).toHaveLength(2);
    expect(screen.getAllByText('203.0.113.7')).toHaveLength(2);
    expect(screen.getByText('原因：内容完整')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(api.calls[0]!.query.get('page')).toBeNull();
  });

  it('narrows by a clicked action or target, kept in the address and sent to the server', async () => {
    const api = mockApi({ 'GET /api/v1/admin/audit': { data: PAGE } });
    const router = renderPage('/admin/audit?page=2');
    fireEvent.click(await screen.findByText('通过智能体审核'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('action')).toBe('bot.approve'));
    expect(api.calls.at(-1)!.query.get('page')).toBeNull();
    fireEvent.click(screen.getByText('设置 #rules'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('target')).toBe('setting:rules'));
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('bot.approve');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a row in a drawer with its details and the changed fields highlighted', async () => {
    mockApi({ 'GET /api/v1/admin/audit': { data: PAGE } });
    renderPage();
    await screen.findByText('修改设置');
    fireEvent.click(screen.getAllByRole('button', { name: /详\s*情/ })[0]!);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('1 项变更')).toBeInTheDocument();
    const changed = drawer.querySelectorAll('tr.audit-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.textContent).toContain('signup_bonus');
    expect(changed[0]!.textContent).toContain('100');
    expect(changed[0]!.textContent).toContain('200');
    expect(within(drawer).getByText('free_daily')).toBeInTheDocument();
    expect(within(drawer).getByText('设置项')).toBeInTheDocument();
  });
});
