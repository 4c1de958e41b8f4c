import '../../test-i18n';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { fakeSetting, renderConsolePage } from '../settings/settings.fixtures';
import RewardsPage from './rewards-page';

const LIST = [
  fakeSetting('invite_inviter_chips', 50),
  fakeSetting('invite_invitee_chips', 50),
  fakeSetting('invite_commission_percent', 10),
  fakeSetting('invite_commission_days', 365),
  fakeSetting('invite_daily_cap', 20),
  fakeSetting('creator_fen_per_chip', 0.5),
  fakeSetting('withdrawal_min_fen', 1000),
  fakeSetting('withdrawal_daily_max_fen', 200_000),
  fakeSetting('withdrawal_fee_permille', 6),
  fakeSetting('withdrawal_fee_min_fen', 100),
];

describe('the rewards page', () => {
  it('works the rules in force through an example, and sends amounts typed in yuan as fen', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/setting': { data: { list: LIST } },
      'PUT /api/v1/admin/setting/withdrawal_min_fen': { data: fakeSetting('withdrawal_min_fen', 1250) },
    });
    renderConsolePage(<RewardsPage />);
    const row = await screen.findByTestId('setting-withdrawal_min_fen');
    expect(screen.getByTestId('example-invite')).toHaveTextContent('邀请人收益增加¥10.00');
    expect(screen.getByTestId('example-creator')).toHaveTextContent('创作者当天收益¥50.00');
    // ¥100 at 6‰ is 60 fen, below the ¥1.00 minimum fee.
    expect(screen.getByTestId('example-withdrawal')).toHaveTextContent('手续费¥1.00，到账¥99.00');
    fireEvent.change(row.querySelector('input')!, { target: { value: '12.5' } });
    fireEvent.click(row.querySelector('.setting-row__actions .ant-btn-primary')!);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: 1250 }));
  });
});
