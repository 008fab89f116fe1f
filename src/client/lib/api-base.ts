/** What the Capacitor native runtime injects into its WebView (@capacitor/core reads the same). */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

/**
 * Inside the native app. Read from the runtime's global rather than importing @capacitor/core,
 * which would add ~3 KB gzip to every first load for a check the native bridge answers anyway.
 */
export function isNativeApp(): boolean {
  const capacitor = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

/**
 * Where API calls go (spec 01-core §1, §7): relative paths on the web; inside the native app the
 * configured backend host, since the WebView serves the app from its own origin.
 */
export function apiUrl(path: string): string {
  if (!isNativeApp()) return path;
  const host = (import.meta.env.VITE_NATIVE_API_HOST ?? '').replace(/\/+$/, '');
  return `${host}${path}`;
}
