import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readLaunchQuery } from './app/bootstrap';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { wireRequest } from './app/wire-request';
import { initI18n } from './lib/i18n';
import { reloadSession, sessionStore } from './lib/session';
import { storage } from './lib/storage';
import './styles/global.css';

initI18n();
readLaunchQuery();

const queryClient = createQueryClient();
const router = createAppRouter();
wireRequest(router, queryClient);

// Another tab logged in or out: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === storage.keys.token || event.key === storage.keys.userInfo || event.key === null) {
    const before = sessionStore.get().token;
    reloadSession();
    if (sessionStore.get().token !== before) void queryClient.invalidateQueries({ queryKey: ['user'] });
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
