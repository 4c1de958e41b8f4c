import { NICKNAME_MAX } from '@lingxi/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { useNavigateSafe } from '../../../lib/navigation';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useProfile } from '../../../lib/api/get-user';
import { useUpdateUser } from '../api/update-user';
import { ProfilePending } from '../components/profile-pending';
import './edit-pages.css';

function NicknameForm({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const update = useUpdateUser();
  const [value, setValue] = useState(initial);
  const trimmed = value.trim();
  const length = [...value].length;

  const onSave = useThrottleFn(() => {
    if (!trimmed) {
      Toast.show({ content: t('nickname.empty') });
      return;
    }
    if ([...trimmed].length > NICKNAME_MAX) {
      Toast.show({ content: t('nickname.tooLong', { max: NICKNAME_MAX }) });
      return;
    }
    if (trimmed === initial) {
      nav.back('/user/info');
      return;
    }
    update.mutate(
      { nickname: trimmed },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('common.saved') });
          nav.back('/user/info');
        },
      },
    );
  });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <div className="lx-edit-field lx-card">
        <Input
          value={value}
          onChange={setValue}
          maxLength={NICKNAME_MAX}
          placeholder={t('nickname.placeholder')}
          clearable
          autoFocus
          aria-label={t('info.nickname')}
        />
        <span className="lx-edit-field__count" data-testid="nickname-count">
          {length}/{NICKNAME_MAX}
        </span>
      </div>
      <p className="lx-edit-hint">{t('nickname.hint', { max: NICKNAME_MAX })}</p>
      <Button
        type="submit"
        block
        shape="rounded"
        color="primary"
        className="lx-primary-button lx-edit-submit"
        loading={update.isPending}
        disabled={!trimmed}
      >
        {t('common.save')}
      </Button>
    </form>
  );
}

function EditNicknameContent() {
  const profile = useProfile();
  return profile.user ? (
    <NicknameForm initial={profile.user.nickname} />
  ) : (
    <ProfilePending profile={profile} />
  );
}

/** /user/edit-nickname: 1–20 characters, with a counter. */
export default function EditNicknamePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.editNickname')} backFallback="/user/info">
      <RequireLogin>
        <EditNicknameContent />
      </RequireLogin>
    </Page>
  );
}
