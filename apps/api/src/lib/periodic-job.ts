/** A background task of the server: start() schedules it, stop() cancels the next run and waits for (and aborts) the current one. */
export interface PeriodicJob {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `run` `firstDelayMs` after start(), then `everyMs` after each run ends (never two at once).
 * The timers do not keep the process alive; a failed run is handed to `onError` and the next one is
 * still scheduled. Several servers share the work through a lease the task itself takes in the database.
 */
export function createPeriodicJob({
  firstDelayMs,
  everyMs,
  run,
  onError,
}: {
  firstDelayMs: number;
  everyMs: number;
  run: (signal: AbortSignal) => Promise<unknown>;
  onError: (error: unknown) => void;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let abort: AbortController | undefined;
  let started = false;
  const schedule = (ms: number) => {
    timer = setTimeout(runOnce, ms);
    timer.unref();
  };
  const runOnce = () => {
    abort = new AbortController();
    current = run(abort.signal)
      .catch(onError)
      .finally(() => {
        current = undefined;
        if (started) schedule(everyMs);
      });
  };
  return {
    start() {
      if (started) return;
      started = true;
      schedule(firstDelayMs);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      abort?.abort();
      await current;
    },
  };
}
