import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeEarningRecord, makeRules, makeWallet, makeWithdrawal } from '../../../test/wallet-fixtures';
import { feeOf } from '../components/withdrawal-rules';
import WithdrawalPage from './withdrawal-page';

function renderPage() {
  const router = createMemoryRouter([{ path: '/user/withdrawal', element: <WithdrawalPage /> }], {
    initialEntries: ['/user/withdrawal'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const page = <T,>(list: T[]) => ({ data: { list, next_cursor: null } });

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/v1/wallet': {
      data: makeWallet({ earnings_fen: 5000, earnings_frozen_fen: 2000, earnings_debt_fen: 0 }),
    },
    'GET /api/v1/withdrawal/rules': { data: makeRules({ today_requested_fen: 0 }) },
    'GET /api/v1/earnings/record': page([
      makeEarningRecord(),
      makeEarningRecord({ id: 2, delta_fen: -2000, reason: 'withdrawal', title: '提现' }),
    ]),
    'GET /api/v1/withdrawal': page([
      makeWithdrawal({ id: 1, status: 'pending' }),
      makeWithdrawal({ id: 2, status: 'rejected', reason: '账号与姓名不符' }),
      makeWithdrawal({ id: 3, status: 'paid', reference: 'TX20260301001' }),
      makeWithdrawal({ id: 4, status: 'approved' }),
    ]),
    ...(extra as Record<string, never>),
  });
}

const amountInput = () => within(screen.getByTestId('withdraw-sheet')).getAllByRole('textbox')[0]!;
const set = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function openForm() {
  const open = await screen.findByTestId('withdraw-open');
  await waitFor(() => expect(open).not.toBeDisabled());
  fireEvent.click(open);
  return screen.findByTestId('withdraw-sheet');
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('earnings and withdrawal', () => {
  it('shows the balance, frozen part, the records and the withdrawals with their states', async () => {
    loginAs('tok', makeUser());
    api();
    renderPage();
    const card = await screen.findByTestId('earnings-balance');
    await waitFor(() => expect(card).toHaveTextContent('50.00'));
    expect(card).toHaveTextContent('提现中 ¥20.00');
    const records = await screen.findAllByTestId('earning-record');
    expect(within(records[0]!).getByText('+¥1.99')).toBeInTheDocument();
    expect(within(records[1]!).getByText('-¥20.00')).toBeInTheDocument();
    fireEvent.click(screen.getByText('提现记录'));
    const rows = await screen.findAllByTestId('withdrawal');
    expect(within(rows[0]!).getByText('审核中')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('已驳回')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('驳回原因：账号与姓名不符')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('已打款')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('打款单号：TX20260301001')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('已通过')).toBeInTheDocument();
  });

  it('a debt shows with what it means', async () => {
    loginAs('tok', makeUser());
    api({ 'GET /api/v1/wallet': { data: makeWallet({ earnings_fen: 0, earnings_debt_fen: 150 }) } });
    renderPage();
    expect(await screen.findByText('待抵扣 ¥1.50')).toBeInTheDocument();
    expect(screen.getByText(/将从之后的收益中抵扣/)).toBeInTheDocument();
  });

  it('validates in Chinese: not an amount, below the minimum, above what is available, above today’s rest', async () => {
    loginAs('tok', makeUser());
    const { calls } = api();
    renderPage();
    const sheet = await openForm();
    expect(within(sheet).getByTestId('withdraw-rules')).toHaveTextContent('单笔最低提现 ¥10.00');
    expect(within(sheet).getByTestId('withdraw-rules')).toHaveTextContent('每日最多提现 ¥2,000.00');
    const submit = () => fireEvent.click(within(sheet).getByText('提交申请'));
    submit();
    expect(await within(sheet).findByText('请输入正确的提现金额')).toBeInTheDocument();
    set(amountInput(), '9.99');
    expect(
      await within(sheet).findByText('单笔最低提现 ¥10.00', { selector: '[role=alert]' }),
    ).toBeInTheDocument();
    set(amountInput(), '50.01');
    expect(await within(sheet).findByText('超出可提现金额 ¥50.00')).toBeInTheDocument();
    set(amountInput(), '20');
    submit();
    expect(await within(sheet).findByText('请输入收款账号')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the daily maximum counts what was asked today', async () => {
    loginAs('tok', makeUser());
    api({
      'GET /api/v1/withdrawal/rules': { data: makeRules({ daily_max_fen: 3000, today_requested_fen: 2500 }) },
    });
    renderPage();
    const sheet = await openForm();
    set(amountInput(), '10');
    fireEvent.click(within(sheet).getByText('提交申请'));
    expect(await within(sheet).findByText('超出今日剩余额度 ¥5.00')).toBeInTheDocument();
  });

  it('全部 fills what is available; a confirmed request sends fen with an Idempotency-Key, the same on a retry', async () => {
    loginAs('tok', makeUser());
    let fail = true;
    const { calls } = api({
      'POST /api/v1/withdrawal': () =>
        fail
          ? Promise.reject(new TypeError('Failed to fetch'))
          : { data: makeWithdrawal({ amount_fen: 5000 }) },
    });
    renderPage();
    const sheet = await openForm();
    fireEvent.click(within(sheet).getByText('全部'));
    expect((amountInput() as HTMLInputElement).value).toBe('50.00');
    fireEvent.click(within(sheet).getByText('支付宝'));
    const [, account, name] = within(sheet).getAllByRole('textbox');
    set(account!, 'me@example.com');
    set(name!, '张三');
    const send = async () => {
      fireEvent.click(within(sheet).getByText('提交申请'));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('提现 ¥50.00（到账 ¥50.00）到支付宝账号 me@example.com');
      fireEvent.click(within(dialog).getByText('确认提交'));
    };
    await send();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    fail = false;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await send();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[0]!.body).toEqual({
      amount_fen: 5000,
      channel: 'alipay',
      account: 'me@example.com',
      real_name: '张三',
    });
    expect(posts[0]!.headers['Idempotency-Key']).toBeTruthy();
    expect(posts[1]!.headers['Idempotency-Key']).toBe(posts[0]!.headers['Idempotency-Key']);
    expect(await screen.findByText('提现申请已提交，等待审核')).toBeInTheDocument();
    // The balance and the lists are read again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/wallet').length).toBeGreaterThan(1));
  });

  it('the fee: per mille, rounded up, never below its minimum', () => {
    const rules = makeRules({ fee_permille: 6, fee_min_fen: 100 });
    expect(feeOf(10000, rules)).toBe(100);
    expect(feeOf(100001, rules)).toBe(601);
    expect(feeOf(5000, makeRules())).toBe(0);
  });
});
