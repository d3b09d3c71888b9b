import { createElement, Suspense, type HTMLAttributes, type ReactNode } from 'react';
import { nextTask } from './next-task.ts';

/**
 * Hydration in turns. Preact hydrates a tree in one go: on a slow phone (a 4× slower CPU) a whole page
 * made one task of about 90 ms, long enough to delay a tap and to cost Lighthouse's blocking-time
 * score. So the application's frame (providers, router, layout) hydrates first, then the header, the
 * page's content and the footer, each in a task of its own (HYDRATION_ORDER). A region waiting for its
 * turn suspends: Preact keeps its server markup as it is (visible, links working) and hydrates it when
 * the turn comes.
 *
 * The turns exist only while the browser hydrates a server-rendered page (`hydrateInTurns`): on the
 * server, in the component tests and in a page rendered from scratch, every region renders at once.
 */
let waiting: (Promise<void> | undefined)[] = [];
let allTurnsDone: Promise<void> = Promise.resolve();

type RegionTag = 'header' | 'main' | 'footer';

/** The regions, in the order they hydrate after the frame. */
const HYDRATION_ORDER: readonly RegionTag[] = ['header', 'main', 'footer'];

/** Called by the browser entry just before it hydrates: every region waits for its turn. */
export function hydrateInTurns(): void {
  let previous = Promise.resolve();
  waiting = [];
  for (let index = 0; index < HYDRATION_ORDER.length; index++) {
    previous = previous.then(nextTask).then(() => {
      waiting[index] = undefined;
    });
    waiting[index] = previous;
  }
  // The last region is hydrated in the microtasks of its turn; the next task sees it done.
  allTurnsDone = previous.then(nextTask);
}

/** Resolves once every region has been hydrated (at once when nothing waits). */
export function hydrationTurnsDone(): Promise<void> {
  return allTurnsDone;
}

export interface HydrateInTurnProps extends HTMLAttributes<HTMLElement> {
  /**
   * The element of the region, which also names its turn (HYDRATION_ORDER): it is always exactly one
   * element, which is what Preact keeps while waiting.
   */
  as: RegionTag;
  children: ReactNode;
}

/** A region of the page (its `as` element and everything inside) that hydrates in a task of its own. */
export function HydrateInTurn(props: HydrateInTurnProps) {
  return (
    <Suspense fallback={null}>
      <Region {...props} />
    </Suspense>
  );
}

function Region({ as, ...props }: HydrateInTurnProps) {
  const turnToCome = waiting[HYDRATION_ORDER.indexOf(as)];
  // The Suspense protocol: the nearest boundary waits for the thrown promise, then renders again.
  if (turnToCome) throw turnToCome;
  return createElement(as, props);
}
