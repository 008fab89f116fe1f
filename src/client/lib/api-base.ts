import { Capacitor } from '@capacitor/core';

/**
 * Where API calls go (spec 01-core §1, §7): relative paths on the web; inside the native app the
 * configured backend host, since the WebView serves the app from its own origin.
 */
export function isNativeApp(): boolean {
  return Capacitor.isNativePlatform();
}

export function apiUrl(path: string): string {
  if (!isNativeApp()) return path;
  const host = (import.meta.env.VITE_NATIVE_API_HOST ?? '').replace(/\/+$/, '');
  return `${host}${path}`;
}
