import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { AppRoutes } from '#client/app/routes.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';

/** The real app (routes, layout, providers) at a path, with a fresh cache. */
export function renderApp(path: string) {
  return renderWithProviders(<AppRoutes />, path);
}

/** 20 rows of 40 px are in view; tests of long conversations see that only those are rendered. */
export const VIRTUAL_VIEWPORT = { viewportHeight: 800, itemHeight: 40 };

export function renderWithProviders(element: ReactNode, path = '/') {
  const queryClient = createQueryClient();
  // Tests must not wait through production retry back-offs.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      {/* jsdom has no layout: the virtualized message list is told a viewport and row height. */}
      <VirtuosoMockContext value={VIRTUAL_VIEWPORT}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </VirtuosoMockContext>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
