import { QueryClient } from '@tanstack/react-query';
import { refetchOnLanguageChange } from '../lib/i18n';
import { persistProfile } from '../lib/profile';

/** Errors are already shown by the request client, so queries do not retry into a toast storm. */
export function createQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  persistProfile(queryClient);
  refetchOnLanguageChange(queryClient);
  return queryClient;
}
