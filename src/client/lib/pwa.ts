import { i18n } from '#client/lib/i18n.ts';

/**
 * Registers the offline/update worker at the site root (spec 01-core §7, 02 §4). When a new
 * version is installed the user is asked whether to update; yes reloads with it.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      if (window.confirm(i18n.t('pwa.updatePrompt'))) void updateServiceWorker(true);
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
}
