import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preactAliases } from './preact-aliases.ts';
import { finishBrowserBundle } from './build/bundle-plugins.ts';

// In development the API runs on :3000 (npm run dev) and Vite proxies to it (API_URL to point elsewhere).
const api = process.env.API_URL ?? 'http://localhost:3000';

// React Router's package points every bundler at its development build (warnings included): the
// browser bundle takes its production build instead.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(/([\\/])development([\\/])/, '$1production$2');

// Two builds from one code base: the browser bundle (dist/, with a manifest that tells the server which
// chunks and stylesheets each page needs) and the server renderer (`vite build --ssr`, dist-ssr/).
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    // JSX only: React Fast Refresh drives React DOM, which Preact replaces; an edit in development
    // reloads the page instead.
    react({ refreshExclude: /./ }),
    // V8 compile hints on the chunks, then their brotli and gzip copies, served as they are by the
    // server (build/bundle-plugins.ts).
    ...(isSsrBuild ? [] : [finishBrowserBundle()]),
  ],
  resolve: {
    alias: [...preactAliases, ...(command === 'build' && !isSsrBuild ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [])],
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false, rollupOptions: { input: 'src/entry-server.tsx' } }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        // Every browser the site supports loads module preloads natively.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // The libraries every page runs change together and seldom: one cached file, fewer requests.
            advancedChunks: {
              groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](preact|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ }],
            },
          },
        },
      },
  // The server renderer bundles every library, like the browser does: the shared package ships
  // TypeScript sources, and the libraries that import 'react' must get Preact through the aliases.
  ssr: { noExternal: true },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': api, '/uploads': api },
  },
}));
