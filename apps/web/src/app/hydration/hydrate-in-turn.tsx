import { createElement, Suspense, type HTMLAttributes, type ReactNode } from 'react';
import { nextTask } from './next-task.ts';

/**
 * Hydration in turns. Preact hydrates a tree in one go: on a slow phone (a 4× slower CPU) a whole page
 * made one task of about 90 ms, long enough to delay a tap and to cost Lighthouse's blocking-time
 * score. So the layout hydrates first, then the page's content, then the footer, each in a task of its
 * own. A region waiting for its turn suspends: Preact keeps its server markup as it is (visible, links
 * working) and hydrates it when the turn comes.
 *
 * The turns exist only while the browser hydrates a server-rendered page (`hydrateInTurns`): on the
 * server, in the component tests and in a page rendered from scratch, every region renders at once.
 */
let waiting: (Promise<void> | undefined)[] = [];
let allTurnsDone: Promise<void> = Promise.resolve();

/** Called by the browser entry just before it hydrates: regions of turn 1..count wait for theirs. */
export function hydrateInTurns(count: number): void {
  let previous = Promise.resolve();
  waiting = [];
  for (let turn = 1; turn <= count; turn++) {
    const index = turn - 1;
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

type RegionTag = 'main' | 'footer';

export interface HydrateInTurnProps extends HTMLAttributes<HTMLElement> {
  /** The element of the region: it is always exactly one, which is what Preact keeps while waiting. */
  as: RegionTag;
  /** From 1: the order in which regions hydrate after the rest of the page. */
  turn: number;
  children: ReactNode;
}

/** A region of the page (its `as` element and everything inside) that hydrates in a task of its own. */
export function HydrateInTurn({ as, turn, ...props }: HydrateInTurnProps) {
  return (
    <Suspense fallback={null}>
      <Region as={as} turn={turn} {...props} />
    </Suspense>
  );
}

function Region({ as, turn, ...props }: HydrateInTurnProps) {
  const turnToCome = waiting[turn - 1];
  // The Suspense protocol: the nearest boundary waits for the thrown promise, then renders again.
  if (turnToCome) throw turnToCome;
  return createElement(as, props);
}
