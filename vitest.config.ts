import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { preactAliases } from './apps/web/preact-aliases.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // React Router's ES module build: under Node, its package points at a CommonJS file whose
        // require('react') no alias reaches.
        resolve: { alias: [...preactAliases, { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) }] },
        test: {
          name: 'api',
          // The server renderer tests compile apps/web/src/entry-server.tsx: on Preact, as it ships. The
          // libraries that import 'react' are compiled too, so that the aliases reach them.
          include: ['apps/api/src/**/*.test.ts'],
          server: { deps: { inline: [/react-router/, /@tanstack[\\/]react-query/, /preact/] } },
          environment: 'node',
          // Each file builds its own app and database; PostgreSQL runs add latency, not CPU.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web-build',
          include: ['apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Component tests with userEvent are slow when the machine is busy (2 cores shared with builds).
          testTimeout: 15_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
