/**
 * The site's components are written against React's API and run on Preact (preact/compat), in the
 * browser and in the server renderer alike: React DOM alone weighs about 58 KB compressed, Preact with
 * its compatibility layer about 10 KB (docs/decisions/004-preact-runtime.md). React Router, TanStack
 * Query and dnd-kit import 'react' and get Preact through these same aliases.
 *
 * Kept in one list for the two builds (vite.config.ts) and for the tests that run the server renderer
 * (vitest.config.ts), so that what is tested is what ships.
 */
export const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];
