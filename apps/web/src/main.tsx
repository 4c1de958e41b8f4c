import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readLaunchQuery } from './app/bootstrap';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { preloadRoute } from './app/route-table';
import { wireRequest } from './app/wire-request';
import { detectLocale, initI18n, loadLocale } from './lib/i18n';
import { followOtherTabs } from './lib/profile';
import './styles/global.css';

// A launch token or invite code is kept at once (docs/product.md, Client contract), before anything is awaited: a
// host that opens /user?token=… and moves on must not lose it to the language's fetch.
readLaunchQuery();

// The reader's language (one chunk, lib/i18n.ts) and the page's code are fetched together before the first
// render; a failure still renders (with the keys, or the page's own retry).
const locale = detectLocale();
void preloadRoute(window.location.pathname);
void loadLocale(locale)
  .catch(() => undefined)
  .then(start);

function start() {
  initI18n(locale);

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
}
