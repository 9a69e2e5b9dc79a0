import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import path from 'node:path';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/.artifacts/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // modules depend on each other one way (docs/ARCHITECTURE.md: effects across modules go through events)
    files: ['server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // a test swaps deps.clock after start: code reads it at call time, never copies it
      'no-restricted-syntax': [
        'error',
        { selector: "VariableDeclarator[init.name='deps'] > ObjectPattern > Property[key.name='clock']", message: 'Read deps.clock.now() at call time.' },
        { selector: "VariableDeclarator[init.object.name='deps'][init.property.name='clock']", message: 'Read deps.clock.now() at call time.' },
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: "Use retryingTx or writeTx (jobs/runner.ts): they run a transaction again after a deadlock or another instance's migration.",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // `@/x` is web/src/x: the web resolver first, so import/no-cycle follows those imports too
      'import/resolver': { [path.join(import.meta.dirname, 'web/import-resolver.cjs')]: {}, node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // a lazy import() counts too: a chunk that imports its loader back is still a loop
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // the web app takes only types from the contract, so zod stays out of the bundle
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@otkrytka/contract', message: 'Use `import type` (or @otkrytka/contract/rules/*) in the web app.', allowTypeImports: true },
            { name: 'react-i18next', message: 'Import useTranslation from web/src/i18n (our small runtime).' },
            { name: 'i18next', message: 'Import from web/src/i18n (our small runtime).' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/public/offline.js'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-var': 'off' },
  },
);
