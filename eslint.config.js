import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Test code of the API: may reach into any feature and use Prisma directly. */
const API_TEST_FILES = ['apps/api/src/**/*.test.ts', 'apps/api/src/**/*.test-support.ts', 'apps/api/src/**/*.test-data.ts'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', 'e2e/.state/**', 'test-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/cli/**'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Configuration is read in config.ts only.' }],
    },
  },
  {
    files: ['apps/api/src/config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Prisma (client and types) only in repositories and db/; everything else calls repository functions.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/generated/**',
      'apps/api/src/test/**',
      ...API_TEST_FILES,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@prisma/client', message: 'Prisma is used in *.repository.ts and db/ only: call a repository function.' }],
          patterns: [
            { regex: '(^|/)generated/prisma(/|$)', message: 'Prisma is used in *.repository.ts and db/ only: call a repository function.' },
          ],
        },
      ],
    },
  },
  {
    // A feature uses another one through its public surface only: index.ts, *.service.ts, and
    // (for the demo loader) *.demo.ts; never its repository, router or other internals.
    files: ['apps/api/src/features/**/*.ts'],
    ignores: API_TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!index\\.ts$|[^/]+\\.service\\.ts$|[^/]+\\.demo\\.ts$)',
              message: "Another feature's internals: import its index.ts or *.service.ts (see docs/feature-guide.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Web boundaries: a feature takes shared code from components/, hooks/, lib/ and config/ only,
    // never from another feature or from app/ (only app/ puts the features together).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(features|app)(/|$)',
              message: 'A feature does not import another feature or app/: move what both need to components/, hooks/ or lib/.',
            },
            { regex: '^(\\.\\./){2,}', message: 'Leave the feature only through @/components, @/hooks, @/lib or @/config.' },
          ],
        },
      ],
    },
  },
  {
    // Shared web code knows no feature and not the app that puts them together.
    files: ['apps/web/src/{components,hooks,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(features|app)(/|$)',
              message: 'Shared code (components/, hooks/, lib/, config/) does not import a feature or app/.',
            },
            {
              regex: '^(\\.\\./)+(features|app)(/|$)',
              message: 'Shared code (components/, hooks/, lib/, config/) does not import a feature or app/.',
            },
          ],
        },
      ],
    },
  },
);
