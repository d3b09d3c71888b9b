import { Workbox } from 'workbox-window';

/*
 * The backoffice's service worker (built by vite-plugin-pwa, apps/web/vite.config.ts): served at
 * /admin/sw.js, so its scope is /admin/ and no public page is ever controlled by it. Registered from
 * the backoffice's code only; the public pages never load this file.
 */
export const SERVICE_WORKER_URL = '/admin/sw.js';
export const SERVICE_WORKER_SCOPE = '/admin/';
/** The name of the runtime cache of the door's lists (vite.config.ts), emptied at logout. */
export const DOOR_API_CACHE = 'admin-door-api';
/** An open door screen stays hours on one page: a new version is looked for this often meanwhile. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

type Apply = () => void;
let pendingUpdate: Apply | null = null;
const listeners = new Set<() => void>();

/** A new version waits: `apply` activates it and reloads, and only the volunteer's « Mettre à jour » calls it. */
export function offerUpdate(apply: Apply | null) {
  pendingUpdate = apply;
  listeners.forEach((listener) => listener());
}

export const waitingUpdate = () => pendingUpdate;

export function subscribeToUpdate(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

let registered = false;

/** Once per page, in the production build (the development server serves no worker). */
export function registerServiceWorker() {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  // registerType 'prompt': a new worker waits until asked, the open pages keep the code they started with.
  workbox.addEventListener('waiting', () =>
    offerUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  // Refused (a private window, workers blocked by the browser or a test): the backoffice works on, online only.
  void workbox.register().catch(() => undefined);
  setInterval(() => {
    if (navigator.onLine) void workbox.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/** Logout: the door's lists read through the worker leave the phone's caches (the next account must not read them). */
export async function forgetCachedApi() {
  if (typeof caches === 'undefined') return;
  await caches.delete(DOOR_API_CACHE).catch(() => false);
}
