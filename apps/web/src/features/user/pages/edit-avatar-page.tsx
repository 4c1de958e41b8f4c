import type { Gender, UserInfo } from '@lingxi/contract';
import { Button, ErrorBlock, Skeleton, Tabs, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { UserAvatar } from '../../../components/user-avatar';
import { useNavigateSafe } from '../../../lib/navigation';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useProfile } from '../../../lib/api/get-user';
import { useAvatars } from '../api/get-avatars';
import { useUpdateUser } from '../api/update-user';
import { GENDERS, GENDER_KEYS } from '../components/gender-label';
import { ProfilePending } from '../components/profile-pending';
import './edit-pages.css';

function AvatarGrid({
  gender,
  selected,
  onSelect,
}: {
  gender: Gender;
  selected: string;
  onSelect: (url: string) => void;
}) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useAvatars(gender);
  if (isPending) {
    return (
      <div className="lx-avatar-grid">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} animated className="lx-avatar-grid__skeleton" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorBlock status="disconnected" title={t('avatar.loadFailed')} description={null}>
        <Button size="small" shape="rounded" onClick={() => void refetch()}>
          {t('pageLoad.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  return (
    <div className="lx-avatar-grid" role="listbox" aria-label={t('avatar.presets')}>
      {data.list.map((item) => {
        const active = item.url === selected;
        return (
          <button
            key={item.id}
            type="button"
            role="option"
            aria-selected={active}
            className={`lx-avatar-grid__item${active ? ' lx-avatar-grid__item--active' : ''}`}
            onClick={() => onSelect(item.url)}
          >
            <UserAvatar src={item.url} size={64} />
            {active ? (
              <span className="lx-avatar-grid__check">
                <CheckOutline />
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

function AvatarForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const update = useUpdateUser();
  const [gender, setGender] = useState<Gender>(user.gender);
  const [selected, setSelected] = useState(user.avatar);

  const onSave = useThrottleFn(() => {
    if (!selected || selected === user.avatar) {
      nav.back('/user/info');
      return;
    }
    update.mutate(
      { avatar: selected },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('common.saved') });
          nav.back('/user/info');
        },
      },
    );
  });

  return (
    <>
      <div className="lx-avatar-preview">
        <UserAvatar src={selected} size={96} bordered />
        <div className="lx-avatar-preview__hint">{t('avatar.hint')}</div>
      </div>
      <div className="lx-card lx-avatar-panel">
        <Tabs activeKey={String(gender)} onChange={(key) => setGender(Number(key) as Gender)}>
          {GENDERS.map((g) => (
            <Tabs.Tab key={g} title={t(GENDER_KEYS[g])} />
          ))}
        </Tabs>
        <AvatarGrid gender={gender} selected={selected} onSelect={setSelected} />
      </div>
      <Button
        block
        shape="rounded"
        color="primary"
        className="lx-primary-button lx-edit-submit"
        loading={update.isPending}
        onClick={onSave}
      >
        {t('common.save')}
      </Button>
    </>
  );
}

function EditAvatarContent() {
  const profile = useProfile();
  return profile.user ? <AvatarForm user={profile.user} /> : <ProfilePending profile={profile} />;
}

/** /user/edit-avatar: preset avatars by gender, pick one and save. */
export default function EditAvatarPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.editAvatar')} backFallback="/user/info">
      <RequireLogin>
        <EditAvatarContent />
      </RequireLogin>
    </Page>
  );
}
