import { createElement, lazy, type ComponentType } from 'react';

/**
 * A page in a chunk of its own that can also be loaded ahead of rendering: the server renderer and
 * the browser (before hydration) load the current page's chunk first, so that React never shows the
 * Suspense fallback in place of server-rendered content.
 */
export interface LazyPage {
  Component: ComponentType;
  load: () => Promise<unknown>;
}

export function lazyPage(importPage: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () =>
    (loading ??= importPage().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Suspending = lazy(load);
  // Once loaded, the page renders at once: a lazy component would still suspend on its first render,
  // and hydration would then wait a turn with the server's markup frozen.
  function Component() {
    const Page = loaded ?? Suspending;
    return createElement(Page);
  }
  return { Component, load };
}
