import { QueryClient } from '@tanstack/react-query';

/** Delay doubling from 1 s up to `cap` (spec 01-core §9). */
export const doublingDelay = (cap: number) => (attempt: number) =>
  Math.min(1000 * 2 ** attempt, cap);

/** Spec 01-core §9 data cache defaults (the user query overrides them, features/auth). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: 2,
        retryDelay: doublingDelay(10_000),
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: 1,
        retryDelay: doublingDelay(8000),
      },
    },
  });
}
