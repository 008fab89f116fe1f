import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '#client/app/routes.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';

/** The real app (routes, layout, providers) at a path, with a fresh cache. */
export function renderApp(path: string) {
  return renderWithProviders(<AppRoutes />, path);
}

export function renderWithProviders(element: ReactNode, path = '/') {
  const queryClient = createQueryClient();
  // Tests must not wait through production retry back-offs.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
