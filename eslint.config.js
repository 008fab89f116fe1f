import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * One zone per feature folder, read at config load so a new feature is covered without editing
 * this file: a feature may import only itself (ARCHITECTURE.md, composition lives in `app`).
 */
const zonesOf = (featuresDir, message) =>
  readdirSync(path.join(root, featuresDir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${featuresDir}/${name}`,
      from: `./${featuresDir}`,
      except: [`./${name}`],
      message,
    }));

const featureZones = [
  ...zonesOf(
    'src/server/features',
    'Features do not import each other: compose them in src/server/app.ts or bootstrap.ts, ' +
      'or move the shared part to src/server/http, src/server/db or src/shared.',
  ),
  ...zonesOf(
    'src/client/features',
    'Features do not import each other: compose them in src/client/app, or move the shared ' +
      'part to src/client/components, src/client/lib or src/shared (decision 055).',
  ),
  {
    // The layers below the features know no feature and no screen: they are what features share.
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/app'],
    message: 'src/client/components and src/client/lib are shared by features and import none.',
  },
];

const boundaryZones = [
  {
    target: './src/client',
    from: './src/server',
    message: 'The client must not import server code; share it through src/shared.',
  },
  {
    target: './src/shared',
    from: ['./src/server', './src/client'],
    message: 'src/shared is pure code for both sides and imports neither server nor client.',
  },
  {
    target: './src/server',
    from: './src/client',
    message: 'The server must not import client code; share it through src/shared.',
  },
];

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      '.test-data/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      'src/server/db/migrations/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      parserOptions: {
        project: ['./tsconfig.server.json'],
        tsconfigRootDir: root,
      },
      globals: globals.node,
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses imported files itself (for no-cycle) and must know TypeScript files.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: 'tsconfig.json',
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...featureZones] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Fastify handlers and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.client.json'], tsconfigRootDir: root },
      globals: globals.browser,
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['tests/e2e/**/*.ts', 'playwright.config.ts'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.e2e.json'], tsconfigRootDir: root },
    },
  },
  {
    // Shared code runs in the browser and on the server: no Node, database, server or UI modules.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'pg', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*'],
              message: 'src/shared must not use Node or database modules.',
            },
            {
              group: ['fastify', '@fastify/*', 'react', 'react-dom', 'react-dom/*'],
              message: 'src/shared must not depend on the server or UI framework.',
            },
          ],
        },
      ],
    },
  },
  {
    // inject()'s response.json() is `any` by design; asserting on its fields is what tests do.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (this file, scripts/*.mjs) is outside both tsconfigs.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      // Suffix dots name a file's role (auth.routes.ts, personas.seed.ts); the stem is kebab-case.
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
      // No barrel files: import the module that defines the thing (STYLE.md).
      'check-file/no-index': ['error', { ignoreMiddleExtensions: true }],
    },
  },
);
