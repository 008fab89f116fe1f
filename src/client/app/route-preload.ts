import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { Namespace } from '#client/lib/i18n.ts';

/** The address the app opens on, for a page's `prefetch`. */
export interface OpeningAddress {
  params: Params;
  query: URLSearchParams;
  /** The signed-in user's id once the server has said; null for a guest, who reads no data. */
  userId: Promise<number | null>;
}

/**
 * What a page needs before it can paint besides the shell: its lazily loaded chunk, its
 * translations and, for some, the data it reads on mount (`prefetch`). Set as a route's `handle`
 * (routes.tsx).
 */
export interface RoutePreload {
  load: () => Promise<unknown>;
  namespaces: readonly Namespace[];
  prefetch?: (address: OpeningAddress) => void;
}

export function preloadable(
  load: () => Promise<unknown>,
  namespaces: readonly Namespace[],
  prefetch?: RoutePreload['prefetch'],
) {
  return { load, namespaces, ...(prefetch ? { prefetch } : {}) } satisfies RoutePreload;
}

/**
 * Starts the chunks and data of the page the app opens on, so they download beside the entry's
 * first translations instead of after the first render, and returns the namespaces to load with
 * them. A failed load is left to the page's own lazy(), which reports it where the page would be.
 */
export function preloadRoute(
  routes: RouteObject[],
  pathname: string,
  opening?: { search: string; userId: Promise<number | null> },
): Namespace[] {
  const namespaces: Namespace[] = [];
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    const preload = route.handle as RoutePreload | undefined;
    if (!preload) continue;
    preload.load().catch(() => {});
    if (opening) {
      const { search, userId } = opening;
      preload.prefetch?.({ params, query: new URLSearchParams(search), userId });
    }
    namespaces.push(...preload.namespaces);
  }
  return namespaces;
}
