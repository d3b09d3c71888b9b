import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page in a chunk of its own that can also be loaded ahead of rendering: the server renderer and
 * the browser (before hydration) load the current page's chunk first, so that React never shows the
 * Suspense fallback in place of server-rendered content.
 */
export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  load: () => Promise<unknown>;
}

export function lazyPage(importPage: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => (loading ??= importPage());
  return { Component: lazy(load), load };
}
