import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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
    // JSX, and React Fast Refresh in development (an edit keeps the component's state).
    react(),
    // V8 compile hints on the chunks, then their brotli and gzip copies, served as they are by the
    // server (build/bundle-plugins.ts).
    ...(isSsrBuild ? [] : [finishBrowserBundle()]),
  ],
  resolve: {
    alias: [...(command === 'build' && !isSsrBuild ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [])],
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
            codeSplitting: {
              groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ }],
            },
          },
        },
      },
  // The server renderer bundles every library, like the browser does: the shared package ships
  // TypeScript sources, and one bundle means one copy of React for the renderer and the libraries.
  ssr: { noExternal: true },
  // The renderer runs React's production build whatever NODE_ENV the server is started with (the
  // development build checks every render and is several times slower).
  define: command === 'build' && isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': api, '/uploads': api, '/agenda.ics': api },
  },
}));
