import { AsyncLocalStorage } from 'node:async_hooks';
import type { App } from '../deps.ts';

/**
 * The renderer is one module per process while tests may build several apps: each render runs with
 * its own app in this store, and the renderer's API reads go to that app in process (app.inject: no
 * socket, same validation, same cache as a visitor's request).
 */
const currentApp = new AsyncLocalStorage<App>();
let rendersInFlight = 0;

/**
 * Runs a render with its app in the store, then, once no render is in flight, disables the store. On
 * Node 20 an AsyncLocalStorage that has run once keeps async_hooks' promise hooks on for good: every
 * promise of every request (a cached page, /api/health) then pays for the context's propagation, about
 * 4 % of the server's time and much of its garbage under load (issue 27). Disabled, it costs nothing
 * until the next render; `run` enables it again.
 */
export async function withApp<T>(app: App, render: () => Promise<T>): Promise<T> {
  rendersInFlight++;
  try {
    return await currentApp.run(app, render);
  } finally {
    if (--rendersInFlight === 0) currentApp.disable();
  }
}

/** The app of the render this code runs in (undefined outside a render). */
export function appOfRender(): App | undefined {
  return currentApp.getStore();
}
