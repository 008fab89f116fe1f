import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { preactAliases } from './scripts/preact-aliases.ts';
import { precompress } from './scripts/vite-precompress.ts';

/**
 * Builds the code runner's sandbox page (vite.runner.config.ts) once the app is written: its own
 * build, so Pyodide and PGlite never enter the app's chunk graph (decision 240).
 */
function runnerSandbox(): Plugin {
  return {
    name: 'orbit-runner-sandbox',
    apply: 'build',
    async closeBundle() {
      await build({ configFile: `${import.meta.dirname}/vite.runner.config.ts` });
    },
  };
}

/**
 * Every module the app's entry loads statically, gathered once the build has parsed them: the
 * chunking below puts them in one chunk beside the entry. Left to itself, the bundler split them
 * into 16 small chunks that a first load fetched side by side: over HTTP/1.1 and a slow network,
 * each is a round trip before the first paint.
 */
const entryGraph = new Set<string>();
/**
 * The icon library's index re-exports every icon: walked through, every icon any screen uses
 * would join the entry's chunk. Its icons are left to the bundler, which puts each beside the
 * code that uses it.
 */
const ICON_BARREL = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;

function gatherEntryGraph(): Plugin {
  return {
    name: 'orbit-entry-graph',
    apply: 'build',
    buildEnd() {
      const queue = [...this.getModuleIds()].filter((id) => id.endsWith('/src/client/main.tsx'));
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (entryGraph.has(id)) continue;
        entryGraph.add(id);
        if (ICON_BARREL.test(id)) continue;
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/** Port of the API server that `npm run dev` starts next to Vite (scripts/dev.mjs). */
const DEV_API = 'http://localhost:5000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // Fast Refresh speaks to React DOM only; under Preact (decision 284) an edit reloads the page.
    react({ refreshExclude: /./ }),
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
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/readyz/, /^\/runner\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The runner's files (Pyodide, PGlite: MBs) load only when code runs, never ahead.
        globIgnores: ['runner/**'],
        cleanupOutdatedCaches: true,
        // The first worker takes over the open page at once; updates still wait for the user's yes.
        clientsClaim: true,
      },
    }),
    // .br/.gz twins of the text files for the server's preCompressed static serving.
    precompress({ skipDirs: ['runner'] }),
    runnerSandbox(),
    gatherEntryGraph(),
  ],
  resolve: { alias: preactAliases },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // bench/client-bundle.ts reads the chunk graph from the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', test: (id) => entryGraph.has(id) && !id.endsWith('.css') }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: DEV_API, ws: true },
      '/healthz': DEV_API,
      '/readyz': DEV_API,
      // The runner sandbox is a build of its own with its own CSP: the API server serves it.
      '/runner': DEV_API,
    },
  },
});
