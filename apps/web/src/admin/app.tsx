import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createConsoleRouter } from './routes';
import { WireRequest } from './lib/wire-request';
import { ApiError } from '../lib/api-error';
import { ANTD_LOCALES, consoleLocale } from './i18n';

/** The console's look: the app's violet, compact desktop density. */
const THEME = {
  token: { colorPrimary: '#5b5bf6', borderRadius: 8, fontSize: 14 },
  components: {
    Layout: { siderBg: '#15172b', headerBg: '#fff' },
    Menu: { darkItemBg: '#15172b', darkSubMenuItemBg: '#101223' },
  },
};

function createConsoleQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A refusal (a business code) will not change by asking again; a network failure may.
        retry: (count, error) => !(error instanceof ApiError && error.kind === 'business') && count < 2,
      },
    },
  });
}

/** The operator console (docs/admin.md): its own page, router, kit (antd 5) and query cache. */
export function ConsoleApp() {
  const queryClient = useMemo(() => createConsoleQueryClient(), []);
  const router = useMemo(() => createConsoleRouter(), []);
  // Re-renders on a language change, so antd's own texts follow the operator's choice.
  useTranslation();
  return (
    <ConfigProvider locale={ANTD_LOCALES[consoleLocale()]} theme={THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <WireRequest router={router} />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
