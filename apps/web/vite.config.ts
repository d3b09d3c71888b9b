import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { preactAliases } from './preact-aliases.ts';

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
    // Brotli (quality 11) and gzip files beside the assets, made once here and served as they are by
    // the server: smaller than what it could afford to compress on each request.
    ...(isSsrBuild ? [] : [compression({ include: /\.(js|css|svg|json)$/, threshold: 1024, algorithms: ['brotliCompress', 'gzip'] })]),
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
            // V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): Chrome then compiles
            // every function of the file on a background thread while it downloads, instead of on the
            // main thread the first time each one runs, which is what hydration does to nearly all of
            // them. Measured in Chromium on the show page: main-thread JavaScript after the first paint,
            // median of 6 loads, 119 → 77 ms. Added after minification, which would drop a comment.
            postBanner: '//# allFunctionsCalledOnLoad\n',
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
