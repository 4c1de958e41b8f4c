import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../app/query-client';
import { i18n, initI18n } from '../lib/i18n';

initI18n('zh-Hans');

/** Renders with the providers every page expects (query client, i18n in zh-Hans). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
