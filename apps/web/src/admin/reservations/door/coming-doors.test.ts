import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ReservationPerformance } from '@bande/shared';
import { prefetchComingDoors } from './coming-doors.ts';
import { doorPartiesKey } from './door-client.ts';

const performance = (performanceId: number, date: string): ReservationPerformance => ({
  performanceId,
  showId: 1,
  showName: 'Les Misérables',
  showSlug: 'les-miserables',
  date,
  venueName: null,
  address: '1 rue des Livres, Lyon',
  capacity: 40,
  confirmed: 0,
  pending: 0,
  offered: 0,
  waiting: 0,
  checkedIn: 0,
  walkIns: 0,
  noShows: 0,
  beyondCapacity: false,
});

describe('the door opened online', () => {
  it('reads the lists of the performances from this morning to three days ahead, not the others', async () => {
    localStorage.setItem('admin_token', 'jeton');
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => new Response(JSON.stringify({ data: [{ id: 1, performanceId: Number(String(input).split('=')[1]), firstName: 'A', lastName: 'B', email: 'a@example.org', phone: null, seats: 1, status: 'confirmed', createdAt: '2026-11-20T10:00:00.000Z', checkedInAt: null }] }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const now = Date.parse('2026-12-03T17:00:00.000Z');
    const client = new QueryClient();
    const read = prefetchComingDoors(
      client,
      [performance(1, '2026-12-03T19:30:00.000Z'), performance(2, '2026-12-05T19:30:00.000Z'), performance(3, '2026-12-10T19:30:00.000Z'), performance(4, '2026-12-01T19:30:00.000Z'), performance(5, '2026-12-03T08:00:00.000Z')],
      now,
    );
    expect(read).toEqual([1, 2, 5]);
    await vi.waitFor(() => expect(client.getQueryData(doorPartiesKey(2))).toHaveLength(1));
    expect(fetchMock.mock.calls.map(([input]) => String(input)).sort()).toEqual(['/api/reservations?performanceId=1', '/api/reservations?performanceId=2', '/api/reservations?performanceId=5']);
    vi.unstubAllGlobals();
    localStorage.clear();
  });
});
