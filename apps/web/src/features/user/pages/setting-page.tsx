import { APP_VERSION, APP_VERSION_CODE, LOGOUT_REDIRECT_DELAY_MS } from '@lingxi/contract';
import { Button, Dialog, List, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { changeLocale, currentLocale, LOCALE_NAMES } from '../../../lib/i18n';
import { useNavigateSafe } from '../../../lib/navigation';
import { loginUrl } from '../../../lib/relogin';
import { endSession } from '../../../lib/profile';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useProfile } from '../../../lib/api/get-user';
import { useVersion } from '../../../lib/api/get-version';
import { useLogout } from '../api/logout';
import { AccountDeletionPopup } from '../components/account-deletion-popup';
import { BlockedUsersPopup } from '../components/blocked-users-popup';
import { LanguagePopup } from '../components/language-popup';
import './setting-page.css';

export default function SettingPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const queryClient = useQueryClient();
  const { user, isLoggedIn } = useProfile();
  const version = useVersion();
  const logout = useLogout();
  const [languageOpen, setLanguageOpen] = useState(false);
  const [deletionOpen, setDeletionOpen] = useState(false);
  const [blocksOpen, setBlocksOpen] = useState(false);
  const locale = currentLocale();

  const latest = version.data;
  const hasUpdate = latest ? latest.version_code > APP_VERSION_CODE : false;

  // docs/product.md, Client contract: post to the server, clear storage, toast "exited", relaunch home after
  // 1500 ms.
  const onLogout = useThrottleFn(() => {
    void Dialog.confirm({
      content: t('setting.logoutConfirm'),
      confirmText: t('setting.logout'),
      cancelText: t('common.cancel'),
    }).then(async (ok) => {
      if (!ok) return;
      await logout.mutateAsync().catch(() => undefined);
      endSession(queryClient);
      Toast.show({ icon: 'success', content: t('setting.loggedOut') });
      setTimeout(() => nav.relaunch('/'), LOGOUT_REDIRECT_DELAY_MS);
    });
  });

  return (
    <Page title={t('titles.setting')} backFallback="/user">
      <List className="lx-list-card">
        <List.Item onClick={() => nav.push(isLoggedIn ? '/user/info' : loginUrl('/user/info'))}>
          {t('setting.profile')}
        </List.Item>
        <List.Item extra={LOCALE_NAMES[locale]} onClick={() => setLanguageOpen(true)}>
          {t('setting.language')}
        </List.Item>
      </List>

      <List className="lx-list-card lx-setting__group">
        <List.Item onClick={() => nav.push('/agreement')}>{t('titles.agreement')}</List.Item>
        <List.Item onClick={() => nav.push('/agreement?type=privacy')}>{t('titles.privacy')}</List.Item>
        <List.Item onClick={() => nav.push('/about-us')}>{t('titles.aboutUs')}</List.Item>
        <List.Item onClick={() => nav.push('/update-log/update-log')}>{t('titles.updateLog')}</List.Item>
        <List.Item
          arrowIcon={false}
          extra={
            <span className="lx-setting__version">
              v{APP_VERSION}
              {latest ? (
                <span className={hasUpdate ? 'lx-setting__update' : 'lx-setting__latest'}>
                  {hasUpdate ? t('setting.newVersion', { version: latest.version }) : t('setting.upToDate')}
                </span>
              ) : null}
            </span>
          }
          onClick={
            hasUpdate && latest?.download_url ? () => window.open(latest.download_url, '_blank') : undefined
          }
        >
          {t('setting.version')}
        </List.Item>
      </List>

      {isLoggedIn ? (
        <>
          <List className="lx-list-card lx-setting__group">
            <List.Item description={t('setting.blocksHint')} onClick={() => setBlocksOpen(true)}>
              {t('setting.blocks')}
            </List.Item>
          </List>
          <List className="lx-list-card lx-setting__group">
            <List.Item description={t('setting.deleteAccountHint')} onClick={() => setDeletionOpen(true)}>
              {t('setting.deleteAccount')}
            </List.Item>
          </List>
          <Button
            className="lx-setting__logout"
            block
            shape="rounded"
            loading={logout.isPending}
            onClick={onLogout}
          >
            {t('setting.logout')}
          </Button>
        </>
      ) : null}

      <LanguagePopup
        visible={languageOpen}
        value={locale}
        onClose={() => setLanguageOpen(false)}
        onSelect={(next) => {
          setLanguageOpen(false);
          void changeLocale(next);
        }}
      />
      {isLoggedIn ? <BlockedUsersPopup visible={blocksOpen} onClose={() => setBlocksOpen(false)} /> : null}
      {user ? (
        <AccountDeletionPopup
          visible={deletionOpen}
          maskedPhone={user.phone}
          onClose={() => setDeletionOpen(false)}
        />
      ) : null}
    </Page>
  );
}
