import { describe, expect, it } from 'vitest';
import { preloadRoute } from '#client/app/route-preload.ts';
import { routes } from '#client/app/routes.tsx';
import { i18n, NAMESPACES } from '#client/lib/i18n.ts';

// The app's first load (main.tsx): the page it opens on downloads with the first translations.
describe('preloadRoute', () => {
  it('names the translations of the page the app opens on', () => {
    expect(preloadRoute(routes, '/chat/abc')).toEqual(['chat', 'messages', 'composer']);
    expect(preloadRoute(routes, '/chat')).toEqual(['chat', 'messages', 'composer']);
    expect(preloadRoute(routes, '/')).toEqual(['pages']);
    expect(preloadRoute(routes, '/settings')).toEqual(['settings', 'apiKeys']);
  });

  it('names nothing for pages without a preload, and never throws for unknown paths', () => {
    expect(preloadRoute(routes, '/admin/logs')).toEqual([]);
    expect(preloadRoute(routes, '/no/such/page')).toEqual([]);
  });

  it('names only namespaces that exist, and they load', async () => {
    for (const path of ['/', '/chat', '/chat/x', '/history', '/settings', '/auth']) {
      const namespaces = preloadRoute(routes, path);
      for (const namespace of namespaces) expect(NAMESPACES).toContain(namespace);
      await i18n.loadNamespaces(namespaces);
      for (const namespace of namespaces) {
        expect(i18n.hasResourceBundle('de', namespace), `${path}: ${namespace}`).toBe(true);
      }
    }
  });

  it('does not let a page chunk that fails to download reject unhandled', async () => {
    const failing = [
      { path: '/x', handle: { load: () => Promise.reject(new Error('offline')), namespaces: [] } },
    ];
    expect(preloadRoute(failing, '/x')).toEqual([]);
    // An unhandled rejection fails the test run (vitest reports it as an error).
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
