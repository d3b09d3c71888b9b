import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { releaseYoungGeneration } from './young-generation.ts';

/**
 * How long the server waits after it listens before the second collection: longer than the window
 * (five seconds) over which V8 measures the allocation rate, so that an idle start reads as idle.
 */
export const SETTLE_DELAY_MS = 6_000;

/**
 * Gives back the memory V8 grew for the start-up (issue 37). Loading the modules, migrating and
 * seeding keep much of what they allocate, so V8 grows its young generation to its maximum (two 8 MB
 * semi-spaces under npm start's cap, scripts/memory-settings.mjs; 16 MB each without it on Node 20) and
 * keeps it: it shrinks it only in a collection that finds the allocation rate of its last five seconds
 * low, which its own memory reducer does about 25 s after an idle start.
 *
 * Here, full compacting collections: one when the server listens (the start-up's garbage), one
 * `SETTLE_DELAY_MS` later, and again (SETTLE_ATTEMPTS at most) while the young generation is still the
 * grown one. If the server has been quiet meanwhile, V8 returns it (14 to 30 MB resident); if requests
 * are coming, it finds a high rate and keeps it, and each collection has cost one pause of a few tens
 * of milliseconds. The young generation grows back as soon as the traffic needs it.
 *
 * Called by start-server.ts once it listens. The young generation was held at its first size while
 * the server started (server.ts, lib/young-generation.ts): it is released here, and the later
 * collections are needed only where that hold did not keep it small (a runtime that ignores the flag;
 * Node 24 grows it part way).
 *
 * V8's `gc` is taken from a fresh context with `--expose-gc` set for that moment only, so the server's
 * own global has none. Where the runtime refuses (a Node whose V8 flags are frozen), nothing happens.
 */
export function settleAfterStart({ delayMs = SETTLE_DELAY_MS, attempts = SETTLE_ATTEMPTS }: { delayMs?: number; attempts?: number } = {}): void {
  releaseYoungGeneration();
  const collect = fullCollection();
  if (!collect) return;
  collect();
  const later = (left: number) =>
    setTimeout(() => {
      collect();
      // A scavenge in between (a job's first run, a first request) can leave the start-up's rate in
      // V8's window: then again, a few times, while the young generation is still the grown one.
      if (youngGenerationMb() > GROWN_YOUNG_MB && left > 1) later(left - 1);
    }, delayMs).unref(); // a stopping server does not wait for it
  if (youngGenerationMb() > GROWN_YOUNG_MB) later(attempts);
}

/** How many collections at most after the first (one every SETTLE_DELAY_MS). */
const SETTLE_ATTEMPTS = 4;
/** Above this the young generation is still the one grown for the start-up (it starts at 1–2 MB). */
const GROWN_YOUNG_MB = 4;

const youngGenerationMb = () => (v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;

function fullCollection(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    v8.setFlagsFromString('--no-expose-gc');
    if (typeof gc !== 'function') return undefined;
    return () => {
      // Compacting too: the start-up leaves pages of the old generation part empty (35 MB held for 30
      // live), which a full collection alone keeps.
      v8.setFlagsFromString('--compact-on-every-full-gc');
      try {
        gc();
      } finally {
        v8.setFlagsFromString('--no-compact-on-every-full-gc');
      }
    };
  } catch {
    return undefined;
  }
}
