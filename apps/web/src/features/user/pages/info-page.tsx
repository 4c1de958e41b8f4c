import type { Gender, UpdateUserBody } from '@lingxi/contract';
import { DatePicker, List, Picker, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { UserAvatar } from '../../../components/user-avatar';
import { copyWithToast } from '../../../lib/clipboard';
import { useNavigateSafe } from '../../../lib/navigation';
import { useProfile } from '../../../lib/api/get-user';
import { useUpdateUser } from '../api/update-user';
import { BioPopup } from '../components/bio-popup';
import { GENDERS, GENDER_KEYS } from '../components/gender-label';
import { ProfilePending } from '../components/profile-pending';
import './info-page.css';

const MIN_BIRTHDAY = new Date(1900, 0, 1);

function InfoContent() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const profile = useProfile();
  const { user } = profile;
  const update = useUpdateUser();
  const [genderOpen, setGenderOpen] = useState(false);
  const [birthdayOpen, setBirthdayOpen] = useState(false);
  const [bioOpen, setBioOpen] = useState(false);

  if (!user) return <ProfilePending profile={profile} />;

  const save = (body: UpdateUserBody, after?: () => void) =>
    update.mutate(body, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: t('common.saved') });
        after?.();
      },
    });

  const copyInvite = () => copyWithToast(user.invite_code, t('common.copied'));

  return (
    <>
      <List className="lx-list-card">
        <List.Item
          extra={<UserAvatar src={user.avatar} size={44} />}
          onClick={() => nav.push('/user/edit-avatar')}
          className="lx-info__avatar-row"
        >
          {t('info.avatar')}
        </List.Item>
        <List.Item
          extra={<span className="lx-info__value">{user.nickname}</span>}
          onClick={() => nav.push('/user/edit-nickname')}
        >
          {t('info.nickname')}
        </List.Item>
        <List.Item extra={t(GENDER_KEYS[user.gender])} onClick={() => setGenderOpen(true)}>
          {t('info.gender')}
        </List.Item>
        <List.Item
          extra={user.birthday ?? <span className="lx-muted">{t('info.notSet')}</span>}
          onClick={() => setBirthdayOpen(true)}
        >
          {t('info.birthday')}
        </List.Item>
        <List.Item
          extra={
            <span className="lx-info__value">
              {user.bio || <span className="lx-muted">{t('info.bioEmpty')}</span>}
            </span>
          }
          onClick={() => setBioOpen(true)}
        >
          {t('info.bio')}
        </List.Item>
      </List>

      <List className="lx-list-card lx-info__group">
        <List.Item extra={user.phone} arrowIcon={false}>
          {t('info.phone')}
        </List.Item>
        <List.Item
          arrowIcon={false}
          extra={
            <span className="lx-info__invite">
              {user.invite_code}
              <button type="button" className="lx-info__copy" onClick={() => void copyInvite()}>
                {t('common.copy')}
              </button>
            </span>
          }
        >
          {t('info.inviteCode')}
        </List.Item>
      </List>

      <Picker
        visible={genderOpen}
        onClose={() => setGenderOpen(false)}
        columns={[GENDERS.map((g) => ({ label: t(GENDER_KEYS[g]), value: g }))]}
        value={[user.gender]}
        title={t('info.gender')}
        onConfirm={(values) => {
          const gender = values[0] as Gender | undefined;
          if (gender !== undefined && gender !== user.gender) save({ gender });
        }}
      />
      <DatePicker
        visible={birthdayOpen}
        onClose={() => setBirthdayOpen(false)}
        min={MIN_BIRTHDAY}
        max={new Date()}
        defaultValue={user.birthday ? dayjs(user.birthday).toDate() : new Date(2000, 0, 1)}
        title={t('info.birthday')}
        onConfirm={(date) => {
          const birthday = dayjs(date).format('YYYY-MM-DD');
          if (birthday !== user.birthday) save({ birthday });
        }}
      />
      <BioPopup
        visible={bioOpen}
        initial={user.bio}
        saving={update.isPending}
        onClose={() => setBioOpen(false)}
        onSave={(bio) => save({ bio }, () => setBioOpen(false))}
      />
    </>
  );
}

/** Personal info (/user/info): every editable field of the profile, plus phone and invite code. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.userInfo')} backFallback="/user">
      <RequireLogin>
        <InfoContent />
      </RequireLogin>
    </Page>
  );
}
