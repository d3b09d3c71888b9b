import { lazy, type ComponentType } from 'react';

/** A component whose code is a chunk of its own, rendered at once when that code is already here. */
export interface ReadyLazy<P extends object> {
  Component: ComponentType<P>;
  /** Downloads the code ahead of the first render; resolves once it is here, never rejects (the render asks again). */
  preload(): Promise<void>;
  /** After a failed download: the next mount asks the network again instead of repeating the failure. */
  forget(): void;
}

/**
 * React.lazy suspends on its first render even when the chunk has already come (its promise settles in a
 * later task), and React 19 then holds the content back until 300 ms after the fallback was shown. A
 * page whose code was preloaded (entry-client.tsx waits for the first parts of a backoffice address)
 * would still show its fallback, then wait those 300 ms, for nothing. Here a mount that finds the code
 * loaded renders it directly; otherwise it goes through React.lazy and its Suspense boundary.
 */
export function readyLazy<P extends object>(load: () => Promise<ComponentType<P>>): ReadyLazy<P> {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const make = () => lazy(async () => ({ default: await loadAndKeep() }));
  let current = make();
  function Component(props: P) {
    // React.lazy's wrapper is never shown once the code is here: `loaded` is set before its promise
    // settles, so the render that follows the suspension already takes the component itself.
    const Chosen = loaded ?? current;
    return <Chosen {...props} />;
  }
  return {
    Component,
    preload: () => loadAndKeep().then(
      () => undefined,
      () => undefined,
    ),
    forget: () => {
      current = make();
    },
  };
}
