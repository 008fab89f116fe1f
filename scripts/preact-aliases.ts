import type { Alias } from 'vite';

/**
 * Decision 284: the client runs on Preact through its React compatibility layer. Every import of
 * React, React DOM and the JSX runtime (ours and the libraries') resolves here, in the build and in
 * the client tests alike, so the tests exercise the runtime that ships. Exact matches only:
 * `react-router`, `react-i18next` and friends keep their own names.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  // Every root is a Suspense boundary, as in React (src/client/lib/preact-client.ts).
  {
    find: /^react-dom\/client$/,
    replacement: `${import.meta.dirname}/../src/client/lib/preact-client.ts`,
  },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // React 17's polyfill (react-i18next imports it); Preact has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];
