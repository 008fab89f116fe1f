import { i18n } from '#client/lib/i18n.ts';

/**
 * Registers the offline/update worker at the site root (spec 01-core §7, 02 §4). When a new
 * version is installed the user is asked whether to update; yes reloads with it.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { registerSW } = await import('virtual:pwa-register');
  // workbox-window reports an update found after start-up twice ('installed' as external, then
  // 'waiting'): ask once per page life, also after a no.
  let asked = false;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      if (asked) return;
      asked = true;
      if (!window.confirm(i18n.t('pwa.updatePrompt'))) return;
      // workbox-window reloads only for an update it found itself; reload on any takeover.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      void updateServiceWorker(true);
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
}
