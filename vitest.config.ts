import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
        test: {
          name: 'api',
          // The server renderer tests compile apps/web/src/entry-server.tsx and render with React DOM's server API.
          include: ['apps/api/src/**/*.test.ts'],
          // `*.pg.test.ts` need PostgreSQL itself (not a dialect choice): run with TEST_DATABASE_URL
          // (.ci/run's PostgreSQL step), left out of the SQLite run rather than counted as skipped.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['apps/api/src/**/*.pg.test.ts'],
          environment: 'node',
          // Each file builds its own app and database; PostgreSQL runs add latency, not CPU.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          // The repository's own scripts (which browser the journeys drive, ...).
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
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
