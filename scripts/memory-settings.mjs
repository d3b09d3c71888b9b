// The server's memory settings by default (issue 37): what `npm start` gives the server process, and what
// the benches give theirs, so that the figures are npm start's. glibc reads them when a process starts.
// - MALLOC_ARENA_MAX=2: glibc keeps freed memory in one arena per thread otherwise.
// - MALLOC_MMAP_THRESHOLD_=65536: a fixed threshold. glibc's own rises after each large block freed, so
//   that the 64 KB read buffers of busy sockets end up in the arenas, which then never shrink: two minutes
//   of load left 383 MB resident, 220 MB with it (docs/performance.md).
// V8's young generation is left at its default: 4 or 8 MB semi-spaces saved 20–24 MB after start but
// raised the peak of a 5,000-letter send from 191 MB to 277–295 MB (more promoted to the old generation).
export const MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };

/**
 * The environment of a server process: the operator's own values kept, ours added where they said
 * nothing. `complete` when nothing had to be added (the process can run as it is).
 */
export function withMemorySettings(env) {
  const added = Object.fromEntries(Object.entries(MEMORY_ENV).filter(([name]) => !env[name]));
  return { env: { ...env, ...added }, complete: Object.keys(added).length === 0 };
}
