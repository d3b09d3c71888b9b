import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import './styles/global.css';
import { loadWebFontsOnce } from './styles/web-fonts.ts';
import { createQueryClient } from './app/query-client.ts';
import { AppRoutes, preloadAdminAddress } from './app/app-routes.tsx';
import { AppProviders } from './app/app-providers.tsx';
import { isClientOnlyPath } from './app/page-routes.ts';
import { HYDRATED_EVENT, readSsrState } from './app/ssr/ssr-state.ts';
import { frameHydrated } from './app/hydration/hydration-region.tsx';
import { reactErrorHandlers } from './app/client-errors.ts';


const ssrState = readSsrState(document);
const queryClient = createQueryClient();
if (ssrState) hydrate(queryClient, ssrState.queries);
const siteUrl = ssrState?.siteUrl ?? window.location.origin;
// The dates the server wrote for this page: no Intl while hydrating (app/dates/paris-dates.tsx).
const dateTexts = new Map(Object.entries(ssrState?.dateTexts ?? {}));

// The server's instant holds only for the hydration of its page; pages opened later use their own.
// Handed out through a function and dropped once hydrated, without a state change (no second render).
let hydrationInstant = ssrState ? new Date(ssrState.renderedAt) : undefined;
const readRenderInstant = () => hydrationInstant;

function App() {
  useEffect(() => {
    frameHydrated();
  }, []);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} siteUrl={siteUrl} renderInstant={readRenderInstant} dateTexts={dateTexts} maintenanceAccess={ssrState?.maintenanceAccess}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}

/** A message to itself, as React's scheduler does: timers may be throttled, or frozen by a test's clock. */
function inTaskOfItsOwn(callback: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => callback();
  channel.port2.postMessage(null);
}

// The display font is requested once the app runs, well after the first paint: the text shows at once
// in its size-matched fallback, and no font download delays it (web-fonts.ts). In a task of its own,
// apart from the modules' evaluation (creating the faces and reading the page's text take a few ms).
// The backoffice has no use for it; a public page opened from there asks for it then (app-routes.tsx).
if (!isClientOnlyPath(window.location.pathname)) inTaskOfItsOwn(loadWebFontsOnce);

const container = document.getElementById('root')!;
if (ssrState && !isClientOnlyPath(window.location.pathname)) {
  // A transition: React hydrates in slices of a few milliseconds and lets the browser paint and answer
  // in between; the header, the page and the footer are Suspense boundaries hydrated on their own
  // (HydrationRegion), the one a visitor taps first. Mismatches and errors reach the server's log.
  // A task of its own: the modules' evaluation (React DOM's alone is tens of milliseconds on a slow
  // phone) and the start of hydration (the root's listeners, the first slice) do not add up into one
  // long task.
  inTaskOfItsOwn(() => {
    startTransition(() => {
      hydrateRoot(container, <App />, reactErrorHandlers);
    });
  });
  window.addEventListener(HYDRATED_EVENT, () => (hydrationInstant = undefined), { once: true });
} else if (container.firstElementChild) {
  // The backoffice's first frame, sent by the server (components/admin-frame.tsx). The app renders over it
  // once it is painted and the code of what the address shows has come (the server asked for that code
  // with the page): rendered earlier, each lazy level would show the frame again as its fallback, and
  // React 19 holds a fallback's content back for 300 ms after it was shown (ready-lazy.tsx). The login and
  // password pages come with the public pages' loader, which holds taps on buttons until it hears that the
  // app is live (there is nothing to hydrate here).
  afterFirstPaint(() => {
    void preloadAdminAddress(window.location, queryClient).then(() => {
      const root = createRoot(container, reactErrorHandlers);
      // A transition, as a hydration above: React renders in slices and lets the browser answer between them.
      startTransition(() => root.render(<App />));
      window.dispatchEvent(new Event(HYDRATED_EVENT));
    });
  });
} else {
  createRoot(container, reactErrorHandlers).render(<App />);
}

/**
 * Runs `start` once the page has painted its first content (the paint timing entry, as the public
 * pages' loader waits for it, web-build.ts), or after a second at the latest: a browser without paint
 * timing, or a tab in the background, still gets its app.
 */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  setTimeout(once, 1000);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return void setTimeout(once, 0);
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
}
