import { Dialog } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a page with unsaved changes: in-app navigation (react-router's blocker, with a dialog) and
 * closing or reloading the tab (the browser's own beforeunload prompt).
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const blockerRef = useRef(blocker);
  useLayoutEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void Dialog.confirm({
      title: t('creation.leave.title'),
      content: t('creation.leave.text'),
      confirmText: t('creation.leave.confirm'),
      cancelText: t('creation.leave.stay'),
    }).then((leave) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  /** Let the next navigation through (after saving). */
  return () => {
    dirtyRef.current = false;
  };
}
