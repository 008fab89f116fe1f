import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native wrapper around the built web app (spec 01-core §1). API calls go to
 * VITE_NATIVE_API_HOST (src/client/lib/api-base.ts). CapacitorHttp sends fetch through the
 * platform's HTTP stack and CapacitorCookies keeps the session cookie in the native cookie store,
 * so the httpOnly cookie works although the WebView origin differs from the API host; the
 * WebView origins (capacitor://localhost, https://localhost) belong on the server's ALLOWED_ORIGINS.
 */
const config: CapacitorConfig = {
  appId: 'chat.orbit.app',
  appName: 'Orbit Chat',
  webDir: 'dist/client',
  plugins: {
    CapacitorHttp: { enabled: true },
    CapacitorCookies: { enabled: true },
  },
};

export default config;
