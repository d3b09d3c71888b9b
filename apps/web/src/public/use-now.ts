import { createContext, createElement, useContext, useState, type ReactNode } from 'react';

/**
 * The instant a server-rendered page was made. While the browser hydrates that page it must judge
 * "upcoming" against the same instant, or a performance starting in between would change the markup.
 * Read through a function, so that the browser can stop handing it out after hydration without
 * rendering the whole tree again.
 */
export type ReadRenderInstant = () => Date | undefined;

const RenderInstant = createContext<ReadRenderInstant | undefined>(undefined);

export function RenderInstantProvider({ value, children }: { value: ReadRenderInstant | undefined; children: ReactNode }) {
  return createElement(RenderInstant.Provider, { value }, children);
}

/**
 * The moment the page was shown, fixed for its lifetime: "upcoming" is judged against it, so a list
 * does not change under the visitor's eyes (and one render uses one instant everywhere).
 */
export function useNow(): Date {
  const readRenderInstant = useContext(RenderInstant);
  const [now] = useState(() => readRenderInstant?.() ?? new Date());
  return now;
}
