/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** Backend host for the native app, e.g. https://chat.example.com (README configuration). */
  readonly VITE_NATIVE_API_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
