import { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@bande/shared/constants';
import { ApiError } from '../lib/api-client.ts';

/** The spec's figures: 5 min fresh, 3 retries from 1 s doubling up to 30 s, 5 min garbage collection. */
export function retryDelay(attempt: number): number {
  return Math.min(TIMINGS.retryBaseMs * 2 ** attempt, TIMINGS.retryMaxMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: TIMINGS.publicStaleMs,
        gcTime: TIMINGS.gcMs,
        // A 4xx (404 of an unknown show, 401) will not change on retry; network and 5xx errors get the spec's 3 retries.
        retry: (failureCount, error) =>
          failureCount < TIMINGS.retries && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay,
        refetchOnWindowFocus: false,
      },
    },
  });
}
