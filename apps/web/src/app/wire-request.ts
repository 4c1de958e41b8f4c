import { TOAST_DURATION_MS } from '@lingxi/contract';
import type { QueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { i18n } from '../lib/i18n';
import { createRelogin } from '../lib/relogin';
import { request } from '../lib/request';
import { endSession } from '../lib/profile';
import { getToken } from '../lib/session';
import type { AppRouter } from './router';

/** Plugs the real toast, dialog, token and router into the request client. */
export function wireRequest(router: AppRouter, queryClient: QueryClient) {
  const relogin = createRelogin({
    getCurrentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
    clearLogin: () => endSession(queryClient),
    navigate: (to) => void router.navigate(to),
  });

  request.configure({
    getToken,
    toast: (message) => Toast.show({ content: message, duration: TOAST_DURATION_MS }),
    confirm: (message) =>
      Dialog.confirm({
        content: message,
        confirmText: i18n.t('common.goLogin'),
        cancelText: i18n.t('common.cancel'),
      }),
    relogin,
    getLocale: () => i18n.language || null,
  });
}
