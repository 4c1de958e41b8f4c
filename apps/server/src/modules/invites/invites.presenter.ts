import type { InviteReward as InviteRewardWire, InviteRewardCount } from '@lingxi/contract';
import type { SettingsService } from '../settings/settings.service.js';
import type { InviteReward } from './invites.service.js';

type MoneySettings = Awaited<ReturnType<SettingsService['money']>>;

const TITLES: Record<InviteReward['kind'], string> = {
  signup: '好友注册奖励',
  commission: '好友消费佣金',
  commission_reversal: '好友订单退款，佣金扣回',
};

export const presentInviteReward = (r: InviteReward): InviteRewardWire => ({
  id: r.id,
  kind: r.kind,
  invitee: { nickname: r.invitee.nickname, avatar: r.invitee.avatar },
  chips: r.chips,
  amount_fen: r.amountFen,
  title: TITLES[r.kind],
  created_at: r.createdAt.toISOString(),
});

export const presentInviteCount = (c: {
  invited: number;
  rewarded: number;
  chips: number;
  commission: number;
  settings: MoneySettings;
}): InviteRewardCount => ({
  invited_count: c.invited,
  rewarded_count: c.rewarded,
  chips_total: c.chips,
  commission_fen_total: c.commission,
  rules: {
    inviter_chips: c.settings.invite_inviter_chips,
    invitee_chips: c.settings.invite_invitee_chips,
    commission_percent: c.settings.invite_commission_percent,
    commission_days: c.settings.invite_commission_days,
    daily_cap: c.settings.invite_daily_cap,
  },
});
