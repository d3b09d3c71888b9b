// The server's memory settings by default (issue 37): what `npm start` gives the server process, and what
// the benches give theirs, so that the figures are npm start's. glibc reads them when a process starts.
// - MALLOC_ARENA_MAX=2: glibc keeps freed memory in one arena per thread otherwise.
// - MALLOC_MMAP_THRESHOLD_=65536: a fixed threshold. glibc's own rises after each large block freed, so
//   that the 64 KB read buffers of busy sockets end up in the arenas, which then never shrink: two minutes
//   of load left 383 MB resident, 220 MB with it (docs/performance.md).
// - NODE_OPTIONS=--max-semi-space-size=8: V8's young generation at most 2 × 8 MB instead of 2 × 16 (more on
//   Node 22 and 24). Measured side by side (2026-11-29, docs/performance.md): 16 MB less after the soak
//   (161 → 145 MB) with the same throughput, and a 5,000-letter send's peak 164–166 → 149–150 MB. (In
//   session 19 smaller semi-spaces had raised that peak to 277–295 MB; the send has changed since.)
//   Added to the operator's NODE_OPTIONS unless they set the size themselves.
export const MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };
export const YOUNG_GENERATION_OPTION = '--max-semi-space-size=8';
const setsYoungGeneration = (nodeOptions = '') => /--max[-_]semi[-_]space[-_]size\b/.test(nodeOptions);

/**
 * The environment of a server process: the operator's own values kept, ours added where they said
 * nothing. `complete` when nothing had to be added (the process can run as it is).
 */
export function withMemorySettings(env) {
  const added = Object.fromEntries(Object.entries(MEMORY_ENV).filter(([name]) => !env[name]));
  if (!setsYoungGeneration(env.NODE_OPTIONS)) added.NODE_OPTIONS = [env.NODE_OPTIONS, YOUNG_GENERATION_OPTION].filter(Boolean).join(' ');
  return { env: { ...env, ...added }, complete: Object.keys(added).length === 0 };
}
