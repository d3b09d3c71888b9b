import { options } from 'preact';
import { nextTask } from './hydration/next-task.ts';

/**
 * The components are written for React, whose scheduler runs passive effects (useEffect) in the task
 * after a render. Preact waits for the next animation frame instead (or 35 ms), which a hidden tab or a
 * test's frozen clock can hold back indefinitely: the page would then never mark itself hydrated, nor
 * start the timers its effects set. A message to itself runs them in the next task, as React does.
 * Imported once, by the browser entry, before anything renders.
 */
options.requestAnimationFrame = (flushEffects) => {
  void nextTask().then(flushEffects);
};
