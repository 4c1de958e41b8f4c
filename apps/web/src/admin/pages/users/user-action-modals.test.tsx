import '../../test-i18n';
import type { AdminUserDetail } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { ChipsModal, VipModal } from './user-action-modals';

const detail: AdminUserDetail = {
  user: {
    id: 7,
    phone: '13800000007',
    nickname: '橘子汽水',
    avatar: '/media/avatars/user/a.svg',
    role: 'user',
    status: 'active',
    is_vip: false,
    vip_expires_at: null,
    chips: 500,
    earnings_fen: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    last_active_at: null,
    gender: 0,
    bio: '',
    invite_code: 'ABC234',
    invited_by: null,
    last_login_at: null,
    deleted_at: null,
  },
  wallet: {
    chips: 500,
    chips_held: 100,
    earnings_fen: 0,
    earnings_frozen_fen: 0,
    earnings_debt_fen: 0,
    vip: { active: false, tier_name: null, expires_at: null },
  },
  counts: { orders: 0, bots: 0, posts: 0, invitees: 0 },
  orders: [],
  bots: [],
  posts: [],
  sessions: [],
  chip_records: [],
};

function renderModal(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');
const amountInput = () => within(dialog()).getByRole('spinbutton');

describe('调整芯片', () => {
  it('shows the balance an adjustment leaves, and refuses to deduct more than can be spent', async () => {
    mockApi({});
    renderModal(<ChipsModal detail={detail} open onClose={() => undefined} />);
    fireEvent.change(amountInput(), { target: { value: '50' } });
    await waitFor(() => expect(within(dialog()).getByText('550')).toBeInTheDocument());

    fireEvent.click(within(dialog()).getByText('扣减'));
    fireEvent.change(amountInput(), { target: { value: '450' } });
    await waitFor(() =>
      expect(within(dialog()).getByText('最多可扣减 400 芯片，余额不能为负')).toBeInTheDocument(),
    );
    expect(within(dialog()).getByRole('button', { name: '确认调整' })).toBeDisabled();
    expect(within(dialog()).getByText(/100 芯片冻结于进行中的对话/)).toBeInTheDocument();
  });

  it('sends the signed delta, the reason and an Idempotency-Key, then closes', async () => {
    const { calls } = mockApi({ 'POST /api/v1/admin/user/7/chips': { data: { applied: true, chips: 400 } } });
    const onClose = vi.fn();
    renderModal(<ChipsModal detail={detail} open onClose={onClose} />);
    fireEvent.click(within(dialog()).getByText('扣减'));
    fireEvent.change(amountInput(), { target: { value: '100' } });
    fireEvent.change(within(dialog()).getByPlaceholderText(/活动补偿/), { target: { value: ' 误发扣回 ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = calls.find((c) => c.path === '/api/v1/admin/user/7/chips')!;
    expect(call.body).toEqual({ delta: -100, reason: '误发扣回' });
    expect(call.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('会员天数', () => {
  it('cannot shorten a membership the user does not have', () => {
    mockApi({});
    renderModal(<VipModal detail={detail} open onClose={() => undefined} />);
    expect(within(dialog()).getByText('非会员')).toBeInTheDocument();
    expect(within(dialog()).getByRole('radio', { name: '缩短' })).toBeDisabled();
  });
});
