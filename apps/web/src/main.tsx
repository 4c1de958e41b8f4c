import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readLaunchQuery } from './app/bootstrap';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { wireRequest } from './app/wire-request';
import { initI18n } from './lib/i18n';
import { followOtherTabs } from './lib/profile';
import './styles/global.css';

initI18n();
readLaunchQuery();

const queryClient = createQueryClient();
const router = createAppRouter();
wireRequest(router, queryClient);
followOtherTabs(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
