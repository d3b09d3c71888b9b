import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import regexpPlugin from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No regular expression that can backtrack super-linearly (issue 33: one in a letter's plain text froze
    // the server for minutes on « [a]( » repeated). Both rules are errors everywhere text is handled; an
    // eslint-disable comment must say why its input is bounded. See docs/security.md.
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/*/scripts/**/*.{js,mjs,ts}', 'packages/*/src/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    plugins: { regexp: regexpPlugin },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: false, ignorePartial: false }],
    },
  },
  {
    // Imports go one way (app shell → features → shared pieces): a cycle is refused here for value
    // imports, and `npm run lint` also runs madge, which counts type-only imports too.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The crossings docs/README.md forbids ("How the pieces fit"), refused by path. Tests may cross:
    // they build the whole app, or render a page inside the shell.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/api/src/test/**', 'apps/web/src/test/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/shared/src',
              from: './apps',
              message: 'packages/shared is imported by the apps, never the reverse.',
            },
            {
              target: ['./apps/api/src/!(start-server).ts', './apps/api/src/*/**'],
              from: './apps/api/src/app.ts',
              message: 'What routes and plugins are handed comes from deps.ts; only start-server.ts builds the app.',
            },
            {
              target: './apps/api/src/modules',
              from: './apps/api/src/modules/*/*.routes.ts',
              message: "A module may use another's service or repository, never its routes (routes.ts mounts them).",
            },
            {
              target: './apps/web/src/!(app)/**',
              from: './apps/web/src/app',
              except: ['./head', './dates'],
              message: 'The shell (app/) imports the pages; pages use only its head and dates services.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/public', './apps/web/src/admin'],
              message: 'components/ and lib/ serve every page: they import no page.',
            },
            { target: './apps/web/src/public', from: './apps/web/src/admin', message: 'The public pages never load the backoffice.' },
            { target: './apps/web/src/admin', from: './apps/web/src/public', message: 'The backoffice and the public pages share components/ and lib/, not each other.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // @bande/shared's index re-exports every zod schema: a value imported from it brings zod (24 KB
    // compressed) into the chunk, before the first paint of a public page or of the dashboard (issue 27).
    // Values come from their own module (@bande/shared/texts, /roles, /schemas/shows...); types may use it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@bande/shared', message: 'Import values from their module (@bande/shared/texts, /schemas/…): the index brings every zod schema.', allowTypeImports: true }] },
      ],
    },
  },
  {
    // imapflow and its MIME libraries are a megabyte of source, which V8 keeps once loaded: only the bounce
    // mailbox reads with them, and start-server.ts loads that module with import() when BOUNCE_IMAP_URL is set,
    // so that a server without it does not carry them (issue 37). A static import would load them at start.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/modules/bounces/bounce-mailbox.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'imapflow', message: 'Only modules/bounces/bounce-mailbox.ts uses imapflow (loaded on demand).', allowTypeImports: true }],
          patterns: [{ group: ['**/bounces/bounce-mailbox.ts'], message: 'Load the bounce mailbox with import() where it is needed (start-server.ts): a static import brings imapflow at every start.', allowTypeImports: true }],
        },
      ],
    },
  },
);
