import { Suspense, useEffect, useId, type ReactNode } from 'react';
import { HYDRATED_EVENT } from '../ssr/ssr-state.ts';

/**
 * React hydrates a server-rendered page piece by piece: the application's frame first, then each
 * Suspense boundary on its own, at a lower priority and in slices that yield to the browser, the one
 * a visitor taps first. The header, the page and the footer are such boundaries (HydrationRegion).
 *
 * React does not say when the last boundary is hydrated, and the page has to: the server's loader
 * holds the taps made before then and replays them (web-build.ts), and the browser journeys wait for
 * it. So a region is counted as it renders, outside its boundary, and counted off by an effect inside
 * it, which runs once the boundary is committed, that is hydrated. When the frame is committed and no
 * region is left, `<html data-hydrated="true">` and the `app:hydrated` event say so, once.
 */
const regionsToHydrate = new Set<string>();
let frameCommitted = false;
let announced = false;

function announceWhenDone() {
  if (announced || !frameCommitted || regionsToHydrate.size > 0) return;
  announced = true;
  document.documentElement.dataset.hydrated = 'true';
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}

/** Called from an effect of the application's frame: the frame is committed. */
export function frameHydrated(): void {
  frameCommitted = true;
  announceWhenDone();
}

function RegionHydrated({ id }: { id: string }) {
  useEffect(() => {
    regionsToHydrate.delete(id);
    announceWhenDone();
  }, [id]);
  return null;
}

export interface HydrationRegionProps {
  children: ReactNode;
  /** Shown if the region suspends in the browser (a page whose chunk is still loading). */
  fallback?: ReactNode;
}

/** A part of the page that hydrates on its own (a Suspense boundary), counted until it has. */
export function HydrationRegion({ children, fallback = null }: HydrationRegionProps) {
  const id = useId();
  // Counted during render, before its boundary can commit: adding the same id again is harmless.
  if (!announced) regionsToHydrate.add(id);
  return (
    <Suspense fallback={fallback}>
      {children}
      <RegionHydrated id={id} />
    </Suspense>
  );
}

/** For the tests: back to a page not yet hydrated. */
export function resetHydrationRegions(): void {
  regionsToHydrate.clear();
  frameCommitted = false;
  announced = false;
}
