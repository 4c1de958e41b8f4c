import type { BlockedUser } from '@lingxi/contract';
import { Button, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryList } from '../../../components/query-list';
import { SheetHeader } from '../../../components/sheet-header';
import { UserAvatar } from '../../../components/user-avatar';
import { useBlockedUsers } from '../api/get-blocked-users';
import { useUnblockUser } from '../api/unblock-user';
import './blocked-users-popup.css';
import { useFormat } from '../../../lib/format';

function BlockedRow({ user }: { user: BlockedUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  const unblock = useUnblockUser();
  const [removed, setRemoved] = useState(false);
  if (removed) return null;
  return (
    <div className="lx-blocked__row" data-testid="blocked-user">
      <UserAvatar src={user.avatar} size={40} />
      <span className="lx-blocked__text">
        <span className="lx-blocked__name">{user.nickname}</span>
        <span className="lx-blocked__time">
          {t('blocks.blockedAt', { date: format.date(user.blocked_at) })}
        </span>
      </span>
      <Button
        size="small"
        shape="rounded"
        className="lx-blocked__remove"
        loading={unblock.isPending}
        onClick={() =>
          unblock.mutate(user.id, {
            onSuccess: () => {
              setRemoved(true);
              Toast.show({ icon: 'success', content: t('blocks.removed') });
            },
          })
        }
        data-testid="unblock"
      >
        {t('blocks.remove')}
      </Button>
    </div>
  );
}

function BlockedList() {
  const { t } = useTranslation();
  const query = useBlockedUsers(true);
  return (
    <QueryList
      query={query}
      empty={<p className="lx-blocked__empty">{t('blocks.empty')}</p>}
      row={(user) => <BlockedRow key={user.id} user={user} />}
    />
  );
}

interface BlockedUsersPopupProps {
  visible: boolean;
  onClose: () => void;
}

/** 黑名单: the users I blocked; 移除 shows their posts and comments again. */
export function BlockedUsersPopup({ visible, onClose }: BlockedUsersPopupProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="lx-sheet lx-blocked" data-testid="blocked-users">
        <SheetHeader title={t('blocks.title')} onClose={onClose} />
        <p className="lx-blocked__hint">{t('blocks.hint')}</p>
        <div className="lx-blocked__list">
          <BlockedList />
        </div>
      </div>
    </Popup>
  );
}
