import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * While there are unsaved changes, leaving the console page (the menu, back) asks first, and so does closing or
 * reloading the tab (the browser's own prompt).
 */
export function useLeaveGuard(dirty: boolean, what: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('content.common.discardTitle'),
      content: t('content.common.discardLeave', { what }),
      okText: t('content.common.discard'),
      okButtonProps: { danger: true },
      cancelText: t('content.common.keepEditing'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, what, t]);
}
