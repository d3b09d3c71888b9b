/**
 * Runs `task` once the browser has nothing more urgent to do (after the page's first paint), or after
 * a second at the latest; where there is no requestIdleCallback (Safari before 18, jsdom), after a
 * short timeout. Returns what cancels it, for an effect's clean-up.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
