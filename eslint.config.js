// @ts-check
import stylistic from '@stylistic/eslint-plugin';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { domainBoundaries } from './eslint/domain-boundaries.js';
import { houseRules } from './eslint/house-rules.js';

/**
 * One tool lints and formats: typescript-eslint (strict, type-aware) for correctness and
 * @stylistic for layout. House conventions live in ./eslint/house-rules.js with their own tests.
 */
export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'web/src/routeTree.gen.ts', 'server/src/db/migrations/**', 'test-results/**', 'playwright-report/**', 'e2e/screenshots/**'],
  },
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { '@stylistic': stylistic, import: importPlugin, 'check-file': checkFile, house: houseRules },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // React Hook Form's handleSubmit returns a promise-returning handler by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-default-export': 'error',
      'import/order': ['error', {
        groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
        'newlines-between': 'always',
        alphabetize: { order: 'asc', caseInsensitive: true },
      }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{server,web,packages,e2e}/**/': 'KEBAB_CASE' }],
      '@stylistic/indent': ['error', 2],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true }],
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/object-curly-spacing': ['error', 'always'],
      '@stylistic/eol-last': 'error',
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/max-len': ['error', { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreComments: true }],
      'house/no-bare-invalidate-queries': 'error',
      'house/server-layering': 'error',
      'house/no-outside-doc-citations': 'error',
      'house/domain-boundaries': ['error', domainBoundaries],
      // The server's import direction (docs/architecture.md): jobs call modules, never the other
      // way (modules reach the worker through ports they own); db code knows no domain.
      'import/no-restricted-paths': ['error', {
        zones: [
          { target: './server/src/modules', from: './server/src/jobs', message: 'Modules must not import jobs/: define a port in the module (see modules/imports/import-queue.ts).' },
          { target: './server/src/db', from: ['./server/src/auth', './server/src/modules', './server/src/jobs'], message: 'db/ is below the domain: it must not import auth/, modules/ or jobs/.' },
          // The kernel is below every domain (decision 0030): what it holds is shared, so it knows none of them.
          {
            target: ['./server/src/config.ts', './server/src/config-slices', './server/src/auth', './server/src/org', './server/src/lib'],
            from: './server/src/modules',
            message: 'config, auth and the kernel (org/, lib/) import no module: take what they need as a hook or a port (app-auth.ts, org/scheduling-queue.ts).',
          },
          {
            target: ['./web/src/app', './web/src/lib', './web/src/components'],
            from: './web/src/features',
            message: 'app/, lib/ and components/ are below every feature: they import none (move the shared piece here instead).',
          },
        ],
      }],
    },
  },
  {
    // Route plugins are async by Fastify's convention (an async plugin needs no `done`), whether
    // or not they await anything.
    files: ['server/src/**/*.routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // TanStack file routes: `__root.tsx`, `_authenticated/`, `$customerId.tsx`, `$.tsx` are the
    // router's own tokens, and `throw redirect()` / `throw notFound()` is its control flow.
    files: ['web/src/routes/**'],
    rules: {
      'check-file/filename-naming-convention': 'off',
      'check-file/folder-naming-convention': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // The citation rule's own test quotes the citations it refuses.
    files: ['eslint/house-rules.test.ts'],
    rules: { 'house/no-outside-doc-citations': 'off' },
  },
  {
    // Tests may assert that a value is present with `!` after checking it.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Tools read a default export from their config files.
    files: ['**/*.config.{ts,js}', 'eslint.config.js', 'e2e/support/global-setup.ts'],
    rules: { 'import/no-default-export': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
