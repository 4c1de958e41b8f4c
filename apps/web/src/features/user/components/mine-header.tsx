import type { UserInfo } from '@lingxi/contract';
import { Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { copyText } from '../../../lib/clipboard';
import { VipBadge } from './vip-badge';

interface MineHeaderProps {
  user: UserInfo | null;
  onLogin: () => void;
  onProfile: () => void;
  onChips: () => void;
  onVip: () => void;
}

/** The profile card of the mine tab: who you are, your chips, VIP and invite code; or an invitation to log in. */
export function MineHeader({ user, onLogin, onProfile, onChips, onVip }: MineHeaderProps) {
  const { t } = useTranslation();

  const copyInvite = async () => {
    if (!user) return;
    const ok = await copyText(user.invite_code);
    Toast.show(ok ? { icon: 'success', content: t('common.copied') } : { content: t('common.copyFailed') });
  };

  return (
    <section className="lx-mine-header">
      <button type="button" className="lx-mine-header__profile" onClick={user ? onProfile : onLogin}>
        <UserAvatar src={user?.avatar} size={64} bordered />
        <div className="lx-mine-header__who">
          {user ? (
            <>
              <div className="lx-mine-header__name-row">
                <span className="lx-mine-header__name">{user.nickname}</span>
                {user.is_vip ? <VipBadge /> : null}
              </div>
              <div className="lx-mine-header__phone">{user.phone}</div>
            </>
          ) : (
            <>
              <div className="lx-mine-header__name lx-mine-header__name--prompt">{t('mine.loginNow')}</div>
              <div className="lx-mine-header__phone">{t('mine.loginHint')}</div>
            </>
          )}
        </div>
        <RightOutline className="lx-mine-header__arrow" />
      </button>

      <div className="lx-mine-stats lx-card">
        <button type="button" className="lx-mine-stats__item" onClick={user ? onChips : onLogin}>
          <span className="lx-mine-stats__value">{user ? user.chips.toLocaleString() : '--'}</span>
          <span className="lx-mine-stats__label">{t('mine.chips')}</span>
        </button>
        <button type="button" className="lx-mine-stats__item" onClick={onVip}>
          <span className="lx-mine-stats__value lx-mine-stats__value--small">
            {user?.is_vip ? t('mine.vipActive') : t('mine.vipInactive')}
          </span>
          <span className="lx-mine-stats__label">{t('mine.membership')}</span>
        </button>
        <button
          type="button"
          className="lx-mine-stats__item"
          onClick={user ? () => void copyInvite() : onLogin}
        >
          <span className="lx-mine-stats__value lx-mine-stats__value--small">
            {user ? user.invite_code : '--'}
          </span>
          <span className="lx-mine-stats__label">
            {user ? t('mine.inviteCodeCopy') : t('mine.inviteCode')}
          </span>
        </button>
      </div>
    </section>
  );
}
