import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { finishBrowserBundle, latin1OnlyServerBundle } from './build/bundle-plugins.ts';
import { ADMIN_SHELL_URL, adminPrecache } from './build/admin-precache.ts';
import { CHUNK_GROUPS } from './build/chunk-groups.ts';

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
    ...(isSsrBuild ? [latin1OnlyServerBundle()] : [finishBrowserBundle(), adminServiceWorker()]),
  ],
  resolve: {
    alias: [...(command === 'build' && !isSsrBuild ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [])],
  },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        // The server keeps the renderer's source in memory: V8 stores it one byte a character only
        // when every character is Latin-1, else two (issue 37: 490 KB more for 21 characters). So
        // strings are escaped, and the libraries' documentation comments, with their dashes, dropped;
        // latin1OnlyServerBundle() fails the build on what is left (a regular expression, a comment).
        rolldownOptions: { input: 'src/entry-server.tsx', output: { charset: 'ascii', comments: { legal: true, annotation: true, jsdoc: false } } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        // Every browser the site supports loads module preloads natively.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // A few files for what every page needs (build/chunk-groups.ts).
          output: { codeSplitting: { groups: CHUNK_GROUPS } },
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

/**
 * The backoffice's service worker, so that the door opens with no network once it was opened online
 * (docs/deploy.md). At /admin/sw.js, its scope is /admin/: the public pages are never controlled by it,
 * and only the backoffice's code registers it (src/admin/offline/service-worker.ts). It precaches the
 * backoffice's shell and code (not the public pages'), answers every /admin/* navigation with that
 * shell, and keeps the door's lists as the network last gave them. registerType 'prompt': a new version
 * waits for the volunteer's « Mettre à jour », never reloading an open door screen.
 */
function adminServiceWorker() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the backoffice's code alone: nothing is added to index.html, which public pages share.
    injectRegister: false,
    // The web manifest is a static file (public/admin/), linked from the backoffice's shell by the server:
    // the plugin's would be linked from index.html, hence from every public page.
    manifest: false,
    filename: 'admin/sw.js',
    scope: '/admin/',
    workbox: {
      globDirectory: 'dist',
      // No fonts: the display font is the public pages' (the backoffice uses the system's).
      globPatterns: ['**/*.{js,css,png,webmanifest}'],
      globIgnores: ['admin/sw.js'],
      manifestTransforms: [adminPrecache(fileURLToPath(new URL('./dist', import.meta.url)))],
      // The backoffice's chunks are up to a few hundred kB; none is left out for its size.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // One file, at /admin/sw.js: no workbox-*.js beside it at the site's root.
      inlineWorkboxRuntime: true,
      navigateFallback: ADMIN_SHELL_URL,
      navigateFallbackAllowlist: [/^\/admin(?:\/|$)/],
      cleanupOutdatedCaches: true,
      // The first visit is controlled at once (its door lists go through the worker); a later version waits.
      clientsClaim: true,
      skipWaiting: false,
      runtimeCaching: [
        {
          // The door's lists: the performances taking reservations and each one's parties. The network's
          // answer when it comes within 3 s, else the last one kept (emptied at logout: they carry names).
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/reservations(?:\/performances)?$/.test(url.pathname),
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'admin-door-api',
            networkTimeoutSeconds: 3,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 60, maxAgeSeconds: 3 * 24 * 3600 },
          },
        },
      ],
    },
  });
}
