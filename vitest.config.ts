import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './scripts/preact-aliases.ts';

// Names this run's template databases (tests/support/test-database.ts); workers inherit it.
process.env.ORBIT_TEST_RUN ??= randomBytes(4).toString('hex');

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    globalSetup: [`tests/support/global-setup-${db}.ts`],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Each server test file opens its own database; two workers match this machine's two cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A few unit tests start an embedded database (≈ 3.5 s cold, far more on a loaded machine).
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Decision 284: the tests render with the runtime that ships.
        resolve: {
          // The ES module builds (which import React through the aliases), not the CommonJS ones
          // Node's conditions pick (whose require('react') would pass the aliases).
          conditions: ['module', 'browser', 'development|production'],
          alias: [
            ...preactAliases,
            // No "module" condition in its package: Node's entry is a CommonJS build.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.tsx'],
          // Libraries that import React run through the aliases instead of Node's resolver.
          server: { deps: { inline: true } },
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 20_000,
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
    ],
  },
});
