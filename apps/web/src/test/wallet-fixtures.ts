import type {
  EarningRecord,
  InviteReward,
  InviteRewardCount,
  MemberPlans,
  Order,
  WalletInfo,
  Withdrawal,
  WithdrawalRules,
} from '@lingxi/contract';

/** The default money settings (docs/money.md), shaped as `GET /member/plans` answers them. */
export function makePlans(overrides: Partial<MemberPlans> = {}): MemberPlans {
  return {
    tiers: [
      {
        id: 'month',
        name: '月度会员',
        price_fen: 1990,
        original_price_fen: 3000,
        days: 30,
        monthly_chips: 300,
        benefits: ['会员专属模型', '更多智能体与知识库'],
      },
      {
        id: 'year',
        name: '年度会员',
        price_fen: 16800,
        original_price_fen: null,
        days: 365,
        monthly_chips: 300,
        benefits: ['会员专属模型'],
      },
    ],
    packages: [
      { id: 'p6', price_fen: 600, chips: 600, tag: '' },
      { id: 'p30', price_fen: 3000, chips: 3200, tag: '超值' },
      { id: 'p98', price_fen: 9800, chips: 11000, tag: '' },
    ],
    vip_discount_percent: 20,
    channels: ['sandbox'],
    ...overrides,
  };
}

export function makeWallet(overrides: Partial<WalletInfo> = {}): WalletInfo {
  return {
    chips: 100,
    earnings_fen: 0,
    earnings_frozen_fen: 0,
    earnings_debt_fen: 0,
    vip: { active: false, tier: null, tier_name: null, expires_at: null, next_grant_at: null },
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    order_no: 'LX20260101ABCDEF',
    kind: 'chips',
    item_id: 'p6',
    title: '600 芯片',
    amount_fen: 600,
    chips: 600,
    vip_days: 0,
    channel: 'sandbox',
    status: 'pending',
    created_at: '2026-03-01T08:00:00.000Z',
    expires_at: '2026-03-01T08:30:00.000Z',
    paid_at: null,
    refunded_at: null,
    ...overrides,
  };
}

export function makeInviteCount(overrides: Partial<InviteRewardCount> = {}): InviteRewardCount {
  return {
    invited_count: 12,
    rewarded_count: 10,
    chips_total: 500,
    commission_fen_total: 12345,
    rules: {
      inviter_chips: 50,
      invitee_chips: 50,
      commission_percent: 10,
      commission_days: 365,
      daily_cap: 20,
    },
    ...overrides,
  };
}

export function makeInviteReward(overrides: Partial<InviteReward> = {}): InviteReward {
  return {
    id: 1,
    kind: 'signup',
    invitee: { nickname: '小明', avatar: '/media/avatars/b.svg' },
    chips: 50,
    amount_fen: 0,
    title: '好友注册奖励',
    created_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makeRules(overrides: Partial<WithdrawalRules> = {}): WithdrawalRules {
  return {
    min_fen: 1000,
    daily_max_fen: 200000,
    fee_permille: 0,
    fee_min_fen: 0,
    today_requested_fen: 0,
    ...overrides,
  };
}

export function makeEarningRecord(overrides: Partial<EarningRecord> = {}): EarningRecord {
  return {
    id: 1,
    delta_fen: 199,
    balance_after_fen: 5000,
    reason: 'commission',
    title: '邀请佣金：小明 开通月度会员',
    created_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 1,
    amount_fen: 5000,
    fee_fen: 0,
    net_fen: 5000,
    channel: 'alipay',
    account: '138****0000',
    real_name: '张*',
    status: 'pending',
    reason: null,
    reference: null,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}
