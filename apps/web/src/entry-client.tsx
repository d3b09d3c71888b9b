import './app/preact-runtime.ts';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import './styles/global.css';
import { loadWebFonts } from './styles/web-fonts.ts';
import { createQueryClient } from './app/query-client.ts';
import { AppRoutes } from './app/app-routes.tsx';
import { AppProviders } from './app/app-providers.tsx';
import { isClientOnlyPath, matchPage } from './app/page-routes.ts';
import { HYDRATED_EVENT, readSsrState } from './app/ssr/ssr-state.ts';
import { hydrateInTurns, hydrationTurnsDone } from './app/hydration/hydrate-in-turn.tsx';
import { nextTask } from './app/hydration/next-task.ts';

// The display font is requested once the app runs, well after the first paint: the text shows at once
// in its size-matched fallback, and no font download delays it (web-fonts.ts).
loadWebFonts();

const ssrState = readSsrState(document);
const queryClient = createQueryClient();
if (ssrState) hydrate(queryClient, ssrState.queries);
const siteUrl = ssrState?.siteUrl ?? window.location.origin;

// The server's instant holds only for the hydration of its page; pages opened later use their own.
// Handed out through a function and dropped without a state change: no second render of the tree.
let hydrationInstant = ssrState ? new Date(ssrState.renderedAt) : undefined;
const readRenderInstant = () => hydrationInstant;

function App() {
  useEffect(() => {
    // Once the regions hydrated in turns are too (SiteLayout), the page answers: the server's loader
    // replays the taps it held meanwhile (see web-build.ts), and the browser journeys may use it.
    void hydrationTurnsDone().then(() => {
      hydrationInstant = undefined;
      document.documentElement.dataset.hydrated = 'true';
      window.dispatchEvent(new Event(HYDRATED_EVENT));
    });
  }, []);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} siteUrl={siteUrl} renderInstant={readRenderInstant}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}

const container = document.getElementById('root')!;
const { pathname } = window.location;
if (ssrState && !isClientOnlyPath(pathname)) {
  // The page's chunk first: hydrating before it arrives would leave the server's markup waiting in a
  // Suspense boundary; with it, the whole page hydrates in one pass.
  void matchPage(pathname)
    .route.page.load()
    // A task of its own: the modules' evaluation and the start of hydration do not add up into one long task.
    .then(nextTask)
    .finally(() => {
      // Preact attaches the listeners to the server's markup without rewriting it (the browser
      // journeys check that both markups are the same): the application's frame first, then the
      // header, the page's content and the footer in tasks of their own (hydrate-in-turn.tsx).
      hydrateInTurns();
      hydrateRoot(container, <App />);
    });
} else {
  createRoot(container).render(<App />);
}
