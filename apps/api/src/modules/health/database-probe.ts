/** How long one answer of the database serves the health checks that follow it. */
export const HEALTH_PROBE_MAX_AGE_MS = 1_000;

/**
 * The database check behind `GET /api/health`, asked at most once per `maxAgeMs`: a load balancer, an
 * uptime monitor and a burst of checks then cost one query a second, not one each, as Spring Boot's
 * health endpoint caches its result for a time-to-live. Only a success is remembered: after a failure
 * the next check asks the database again, so an outage shows at once and a recovery within the next
 * check. Concurrent checks share the query in flight.
 */
export function databaseProbe(check: () => Promise<unknown>, maxAgeMs = HEALTH_PROBE_MAX_AGE_MS, now = () => performance.now()) {
  let okUntil = -Infinity;
  let inFlight: Promise<void> | undefined;
  function probe(): Promise<void> {
    if (now() < okUntil) return Promise.resolve();
    inFlight ??= check().then(
      () => {
        okUntil = now() + maxAgeMs;
        inFlight = undefined;
      },
      (error: unknown) => {
        inFlight = undefined;
        throw error;
      },
    );
    return inFlight;
  }
  // Whether a check now would answer from the last success without asking: the fast path's condition.
  return Object.assign(probe, { isFresh: () => now() < okUntil });
}
