import { matchRoutes, type RouteObject } from 'react-router';
import type { Namespace } from '#client/lib/i18n.ts';

/**
 * What a page needs before it can paint besides the shell: its lazily loaded chunk and its
 * translations. Set as a route's `handle` (routes.tsx).
 */
export interface RoutePreload {
  load: () => Promise<unknown>;
  namespaces: readonly Namespace[];
}

export function preloadable(load: () => Promise<unknown>, namespaces: readonly Namespace[]) {
  return { load, namespaces } satisfies RoutePreload;
}

/**
 * Starts the chunks of the page the app opens on, so they download beside the entry's first
 * translations instead of after the first render, and returns the namespaces to load with them.
 * A failed load is left to the page's own lazy(), which reports it where the page would be.
 */
export function preloadRoute(routes: RouteObject[], pathname: string): Namespace[] {
  const namespaces: Namespace[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const preload = route.handle as RoutePreload | undefined;
    if (!preload) continue;
    preload.load().catch(() => {});
    namespaces.push(...preload.namespaces);
  }
  return namespaces;
}
