import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { loggedInForEachTest, stubFetch, TEST_ADMIN } from '../test-utils.tsx';
import { FIRST_DATA_WAIT_MS, prefetchDashboard } from './dashboard-prefetch.tsx';
import { showsKey } from '../shows/shows-queries.ts';

loggedInForEachTest({ asTestAdmin: true });

/** Answers held until `release()`, as a slow network does; `never` answers not at all. */
function heldAnswers({ never = false } = {}) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const later = (body: unknown) => async () => {
    await (never ? new Promise(() => {}) : released);
    return { body };
  };
  stubFetch({ 'GET /api/auth/me': later({ user: TEST_ADMIN }), 'GET /api/shows': later({ data: [] }) });
  return { release };
}

async function timed(queryClient: QueryClient) {
  const started = performance.now();
  let done = false;
  const prefetched = prefetchDashboard(queryClient, undefined, '').then(() => {
    done = true;
    return performance.now() - started;
  });
  return { prefetched, isDone: () => done };
}

describe('the dashboard’s first render waits for its first answers (one sliced render instead of one long task)', () => {
  it('resolves once the shows list and the account have come, with them in the cache', async () => {
    const { release } = heldAnswers();
    const queryClient = new QueryClient();
    const { prefetched, isDone } = await timed(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isDone()).toBe(false);
    release();
    await prefetched;
    expect(queryClient.getQueryData(showsKey)).toEqual([]);
  });

  it('waits a second at most for a server that does not answer', async () => {
    heldAnswers({ never: true });
    const { prefetched } = await timed(new QueryClient());
    const waited = await prefetched;
    expect(waited).toBeGreaterThanOrEqual(FIRST_DATA_WAIT_MS - 20);
    expect(waited).toBeLessThan(FIRST_DATA_WAIT_MS + 2_000);
  });

  it('does not wait offline (the door in a cellar): the dashboard shows with what the phone kept', async () => {
    heldAnswers({ never: true });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { prefetched } = await timed(new QueryClient({ defaultOptions: { queries: { networkMode: 'always' } } }));
    expect(await prefetched).toBeLessThan(FIRST_DATA_WAIT_MS / 2);
  });
});
