import { SetOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/api/get-user';
import { useNavigateSafe } from '../../../lib/navigation';
import { loginUrl } from '../../../lib/relogin';
import { ChipRecordsPopup } from '../components/chip-records-popup';
import { EntryGrid, EntryList, type Entry } from '../components/mine-entries';
import { MineHeader } from '../components/mine-header';
import { VipCard } from '../components/vip-card';
import './mine-page.css';

/** The mine tab (/user), with its own top bar. */
export default function MinePage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const { user, isLoggedIn, isLoading, isError, refetch } = useProfile();
  const [chipsOpen, setChipsOpen] = useState(false);

  const goLogin = () => nav.push(loginUrl('/user'), { backOnSuccess: true });
  const open = (entry: Entry) => {
    if (entry.needsLogin && !isLoggedIn) nav.push(loginUrl(entry.path));
    else nav.push(entry.path);
  };

  return (
    <div className="lx-mine">
      <header className="lx-mine-bar">
        <span className="lx-mine-bar__title">{t('tabs.mine')}</span>
        <button
          type="button"
          className="lx-mine-bar__action"
          aria-label={t('mine.entries.setting')}
          onClick={() => nav.push('/user/setting')}
        >
          <SetOutline fontSize={22} />
        </button>
      </header>

      <MineHeader
        user={user}
        state={isLoading ? 'loading' : isError ? 'failed' : 'loggedOut'}
        onLogin={goLogin}
        onRetry={refetch}
        onProfile={() => nav.push('/user/info')}
        onChips={() => setChipsOpen(true)}
        onVip={() => nav.push('/member-center')}
      />

      <div className="lx-mine__body">
        <VipCard
          isVip={Boolean(user?.is_vip)}
          expiresAt={user?.vip_expires_at ?? null}
          onOpen={() => nav.push('/member-center')}
        />
        <EntryGrid onOpen={open} />
        <EntryList onOpen={open} />
      </div>
      {user ? (
        <ChipRecordsPopup
          visible={chipsOpen}
          balance={user.chips}
          onClose={() => setChipsOpen(false)}
          onTopUp={() => {
            setChipsOpen(false);
            nav.push('/member-center');
          }}
        />
      ) : null}
    </div>
  );
}
