import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.ts';

/** Port of the API server that `npm run dev` starts next to Vite (scripts/dev.mjs). */
const DEV_API = 'http://localhost:5000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // The app registers the worker itself from a module (src/client/lib/pwa.ts): no inline
      // script under our CSP, and the update question of spec 02 §4 in the user's language.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Orbit Chat',
        short_name: 'Orbit Chat',
        description: 'Orbit Chat – dein mehrsprachiger KI-Assistent',
        lang: 'de',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1020',
        theme_color: '#0b1020',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // App shell offline: every navigation is answered with the cached index.html.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/readyz/],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        cleanupOutdatedCaches: true,
        // The first worker takes over the open page at once; updates still wait for the user's yes.
        clientsClaim: true,
      },
    }),
    // .br/.gz twins of the text files for the server's preCompressed static serving.
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // bench/client-bundle.ts reads the chunk graph from the manifest.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: DEV_API, ws: true },
      '/healthz': DEV_API,
      '/readyz': DEV_API,
    },
  },
});
