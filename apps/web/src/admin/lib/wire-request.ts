import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { request } from '../../lib/request';
import { clearLogin, getToken } from '../../lib/session';
import { consoleLocale } from '../i18n';
import type { ConsoleRouter } from '../routes';

/**
 * Plugs antd's message, the shared token and the console's login page into the request client: a failed call shows
 * its `msg`, and a lost session goes to the console's login page and back after it.
 */
export function WireRequest({ router }: { router: ConsoleRouter }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    request.configure({
      getToken,
      toast: (text) => void message.error(text),
      confirm: () => Promise.resolve(true),
      getLocale: consoleLocale,
      relogin: () => {
        const { pathname, search } = router.state.location;
        clearLogin();
        queryClient.clear();
        if (pathname !== '/admin/login') {
          void router.navigate(`/admin/login?${new URLSearchParams({ redirect: pathname + search })}`, {
            replace: true,
          });
        }
      },
    });
  }, [message, queryClient, router]);
  return null;
}
