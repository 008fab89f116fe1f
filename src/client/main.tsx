import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, routes } from '#client/app/routes.tsx';
import { preloadRoute } from '#client/app/route-preload.ts';
import { ErrorBoundary } from '#client/app/error-boundary.tsx';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { applyAppearance, readStoredAppearance } from '#client/lib/appearance.ts';
import { initI18n } from '#client/lib/i18n.ts';
import { registerServiceWorker } from '#client/lib/pwa.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { isNativeApp } from '#client/lib/api-base.ts';
import '#client/lib/preact-runtime.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

// The last known look first, so a reload does not flash the default theme.
applyAppearance(readStoredAppearance());
document.documentElement.classList.toggle('native', isNativeApp());

// The signed-in user, the first page's chunk, its texts and data download at once, side by side.
const queryClient = createQueryClient();
const userId = queryClient.fetchQuery(userQueryOptions).then(
  (user) => user?.id ?? null,
  () => null,
);
const pageNamespaces = preloadRoute(routes, window.location.pathname, {
  search: window.location.search,
  userId,
});

// Translations first: the shell never shows raw keys.
void initI18n(pageNamespaces).then(() => {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ErrorBoundary>
      </QueryClientProvider>
    </StrictMode>,
  );
  void registerServiceWorker();
});
