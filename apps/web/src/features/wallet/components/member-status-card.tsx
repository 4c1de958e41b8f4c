import type { UserInfo, WalletInfo } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { VipBadge } from '../../../components/vip-badge';
import { useFormat } from '../../../lib/format';

interface MemberStatusCardProps {
  user: UserInfo | null;
  wallet: WalletInfo | undefined;
  /** The monthly grant of the member's tier, when known. */
  monthlyChips: number | null;
}

/**
 * Who is paying: avatar, member or not (and until when), the chip balance and the next monthly grant (a member
 * whose next grant comes only with a renewal sees the tier's monthly chips).
 */
export function MemberStatusCard({ user, wallet, monthlyChips }: MemberStatusCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const active = wallet ? wallet.vip.active : Boolean(user?.is_vip);
  const expiresAt = wallet?.vip.expires_at ?? user?.vip_expires_at ?? null;
  const chips = wallet?.chips ?? user?.chips;
  const nextGrant = active ? (wallet?.vip.next_grant_at ?? null) : null;
  return (
    <section className={`lx-member-card${active ? ' lx-member-card--vip' : ''}`} data-testid="member-status">
      <div className="lx-member-card__who">
        <UserAvatar src={user?.avatar} size={52} bordered />
        <div className="lx-member-card__names">
          <div className="lx-member-card__name-row">
            <span className="lx-member-card__name">{user?.nickname ?? '--'}</span>
            {active ? (
              <VipBadge
                label={wallet?.vip.tier_name ?? t('wallet.vip')}
                className="lx-member-badge"
                testId="member-badge"
              />
            ) : (
              <span className="lx-member-badge lx-member-badge--plain">{t('wallet.notMember')}</span>
            )}
          </div>
          <div className="lx-member-card__expiry">
            {active && expiresAt
              ? t('wallet.expiresOn', { date: format.date(expiresAt) })
              : t('wallet.joinHint')}
          </div>
        </div>
      </div>
      <div className="lx-member-card__stats">
        <div className="lx-member-card__stat">
          <span className="lx-member-card__value" data-testid="member-chips">
            {chips === undefined ? '--' : format.number(chips)}
          </span>
          <span className="lx-member-card__label">{t('wallet.chipsBalance')}</span>
        </div>
        <div className="lx-member-card__stat">
          <span className="lx-member-card__value lx-member-card__value--small">
            {nextGrant ? format.monthDay(nextGrant) : active && monthlyChips ? monthlyChips : '--'}
          </span>
          <span className="lx-member-card__label">
            {nextGrant && monthlyChips
              ? t('wallet.nextGrant', { count: monthlyChips })
              : active && monthlyChips
                ? t('wallet.grantPerMonth')
                : t('wallet.nextGrantNone')}
          </span>
        </div>
      </div>
    </section>
  );
}
