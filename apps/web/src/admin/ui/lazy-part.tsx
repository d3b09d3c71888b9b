import { Suspense, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { texts } from '@bande/shared/texts';
import { adminTexts } from '../admin-texts.ts';
import { readyLazy, type ReadyLazy } from '../../lib/ready-lazy.tsx';
import { Alert } from './alert.tsx';
import { AdminButton } from './button.tsx';
import appStyles from '../admin.module.css';

/** A part of the backoffice whose code is a chunk of its own, fetched on first use (preload, forget: ready-lazy.tsx). */
export interface LazyPart<P extends object> extends Pick<ReadyLazy<P>, 'preload' | 'forget'> {
  (props: P): ReactNode;
}

/**
 * React.lazy keeps a failed import for good: a volunteer whose connection dropped while a tab's code
 * was coming would see that failure until a reload. This one can be forgotten (its boundary does it
 * when the download fails), so « Réessayer » downloads it again. The part brings its own boundary:
 * `<Part />` shows « Chargement… » (or `fallback`) while its code comes, and the French message if it
 * cannot come.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = loadingStatus): LazyPart<P> {
  // Rendered at once when its code is already here (preloaded): no fallback, no wait (ready-lazy.tsx).
  const { Component: Loaded, preload, forget } = readyLazy(load);
  function Part(props: P) {
    return (
      <PartBoundary onError={forget} fallback={fallback}>
        <Loaded {...props} />
      </PartBoundary>
    );
  }
  return Object.assign(Part, { preload, forget });
}

/** « Chargement... » where a page or a tab will show (also the dashboard's, while the token is verified). */
export const loadingStatus = (
  <p role="status" className={appStyles.loading}>
    {texts.loading}
  </p>
);

/**
 * Where a lazy part renders: « Chargement… » while its code comes, and if it cannot come (offline, or a
 * new version deployed since the page was opened) a French message with « Réessayer », instead of an
 * empty page. A part placed with a `key` (the dashboard's open tab) gets a new boundary when it changes,
 * which clears the message when the volunteer goes elsewhere.
 */
function PartBoundary({ onError, fallback, children }: { onError: () => void; fallback: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary
      onError={onError}
      fallbackRender={({ resetErrorBoundary }) => (
        <Alert>
          <div className={appStyles.lazyPartFailure}>
            <p>{adminTexts.lazyPartFailed}</p>
            <AdminButton small onClick={resetErrorBoundary}>
              {adminTexts.actions.retry}
            </AdminButton>
          </div>
        </Alert>
      )}
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
