import type { QueryClient } from '@tanstack/react-query';
import type { ReservationPerformance } from '@bande/shared';
import { doorPartiesKey, fetchDoorParties } from './door-client.ts';

/** The doors a volunteer may open offline: performances from this morning to three days ahead. */
const BEFORE_MS = 12 * 3600 * 1000;
const AHEAD_MS = 3 * 24 * 3600 * 1000;

/**
 * Opened online, the door reads the lists of the coming days' other performances too: stored with its
 * own (door-client.ts) and kept by the service worker, they open without network later, from the
 * reservations tab as from this screen.
 */
export function prefetchComingDoors(client: QueryClient, performances: readonly ReservationPerformance[], now = Date.now()): number[] {
  const coming = performances.filter(({ date }) => {
    const at = Date.parse(date);
    return at >= now - BEFORE_MS && at <= now + AHEAD_MS;
  });
  for (const { performanceId } of coming) {
    void client.prefetchQuery({ queryKey: doorPartiesKey(performanceId), queryFn: () => fetchDoorParties(performanceId) });
  }
  return coming.map(({ performanceId }) => performanceId);
}
