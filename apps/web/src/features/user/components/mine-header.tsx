import type { UserInfo } from '@lingxi/contract';
import { Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { copyWithToast } from '../../../lib/clipboard';
import { VipBadge } from '../../../components/vip-badge';
import { useFormat } from '../../../lib/format';

interface MineHeaderProps {
  user: UserInfo | null;
  /** Without a profile to show: logged out, on its way, or failed to load. */
  state: 'loggedOut' | 'loading' | 'failed';
  onLogin: () => void;
  onRetry: () => void;
  onProfile: () => void;
  onChips: () => void;
  onVip: () => void;
}

/** The profile card of the mine tab: who you are, your chips, VIP and invite code; or an invitation to log in. */
export function MineHeader({ user, state, onLogin, onRetry, onProfile, onChips, onVip }: MineHeaderProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const view = user ? 'profile' : state;
  // Logged in but no profile yet: nothing here may invite to log in again.
  const waiting = view === 'loading' || view === 'failed';
  const onWho = { profile: onProfile, loading: undefined, failed: onRetry, loggedOut: onLogin }[view];
  const orLogin = (action: () => void) => (user ? action : waiting ? undefined : onLogin);
  const testId = { profile: undefined, loading: 'mine-loading', failed: 'mine-retry', loggedOut: undefined }[
    view
  ];

  const copyInvite = async () => {
    if (user) await copyWithToast(user.invite_code, t('common.copied'));
  };

  return (
    <section className="lx-mine-header">
      <button
        type="button"
        className="lx-mine-header__profile"
        onClick={onWho}
        aria-busy={view === 'loading'}
        data-testid={testId}
      >
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
          ) : view === 'loading' ? (
            <div role="status" aria-label={t('common.loading')}>
              <Skeleton.Title animated className="lx-mine-header__skeleton-name" />
              <Skeleton animated className="lx-mine-header__skeleton-phone" />
            </div>
          ) : view === 'failed' ? (
            <>
              <div className="lx-mine-header__name lx-mine-header__name--prompt">
                {t('mine.profileFailed')}
              </div>
              <div className="lx-mine-header__phone">{t('mine.profileRetry')}</div>
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
        <button type="button" className="lx-mine-stats__item" onClick={orLogin(onChips)}>
          <span className="lx-mine-stats__value">{user ? format.number(user.chips) : '--'}</span>
          <span className="lx-mine-stats__label">{t('mine.chips')}</span>
        </button>
        <button type="button" className="lx-mine-stats__item" onClick={onVip}>
          <span className="lx-mine-stats__value lx-mine-stats__value--small">
            {user
              ? user.is_vip
                ? t('mine.vipActive')
                : t('mine.vipInactive')
              : waiting
                ? '--'
                : t('mine.vipInactive')}
          </span>
          <span className="lx-mine-stats__label">{t('mine.membership')}</span>
        </button>
        <button type="button" className="lx-mine-stats__item" onClick={orLogin(() => void copyInvite())}>
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
