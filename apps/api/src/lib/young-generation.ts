import v8 from 'node:v8';

/**
 * V8's young generation during the start-up (issue 37, server.ts). `--semi-space-growth-factor` is read
 * each time V8 would grow the young generation: at 1 it stays at its first size (1–2 MB), so the
 * start-up's survivors go to the old generation, where the full collection at listen (settleAfterStart)
 * compacts them; back at V8's default (2, Node 20 to 24) it grows again as the traffic needs. Measured
 * (docs/performance.md): 105–107 MB resident at the first answer instead of 123–124, for ~0.1 s more
 * start-up. Where the runtime refuses the flag, nothing changes.
 */
const HELD = 1;
const V8_DEFAULT = 2;

function setGrowthFactor(factor: number): void {
  try {
    v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  } catch {
    // A runtime whose V8 flags are frozen: the young generation grows as V8 decides.
  }
}

/** Keeps the young generation at its first size (the server's modules are about to load). */
export const holdYoungGeneration = (): void => setGrowthFactor(HELD);

/** Lets the young generation grow again (the server listens). */
export const releaseYoungGeneration = (): void => setGrowthFactor(V8_DEFAULT);
