import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend } from '../../../lib/api-client.ts';
import { clearSession, currentToken } from '../../lib/session.ts';
import type { CheckInResult, Reservation, ReservationPerformance } from '@bande/shared';
import { doorApiTexts } from '@bande/shared/door-texts';
import { readDoorState, removeDoorState, STORAGE_MAX_AGE_MS, writeDoorState } from './door-storage.ts';

/*
 * The door screen has a query client of its own, kept in localStorage (door-storage.ts): its lists stay
 * readable when the phone loses the network (a cellar, a garden), and the check-ins and walk-ins tapped
 * meanwhile are TanStack Query mutations that pause while offline, are written down with the lists, and
 * are sent again when the network comes back — also after the page was closed or reloaded. Each carries
 * the moment of its tap and the phone's id, so that the server records arrivals when they happened and
 * tells this phone when another one had checked the party in first. The rest of the backoffice keeps its
 * ordinary, unpersisted client.
 */

export { DOOR_STORAGE_KEY } from './door-storage.ts';

/** Online and visible, the list is read again this often, so that two phones at one door agree within 10 s. */
export const DOOR_REFRESH_MS = 8_000;

export const CHECK_IN_KEY = ['door', 'check-in'] as const;
export const WALK_IN_KEY = ['door', 'walk-in'] as const;
export const doorPerformancesKey = ['door', 'performances'] as const;
export const doorPartiesKey = (performanceId: number) => ['door', 'parties', performanceId] as const;
/** « déjà pointé … sur un autre appareil »: kept (and stored) until the volunteer dismisses it. */
export const doorNoticesKey = ['door-notices'] as const;

/** What the door keeps of a reservation: no email, no phone on the phone's storage. */
export type DoorParty = Pick<Reservation, 'id' | 'performanceId' | 'firstName' | 'lastName' | 'seats' | 'status' | 'checkedInAt' | 'checkedInSeats' | 'source'>;

export interface CheckInVariables {
  id: number;
  performanceId: number;
  checkedIn: boolean;
  /** People of the party arrived (all when absent). */
  seats?: number;
  /** The moment of the tap (ISO), not of the sync. */
  tappedAt: string;
  deviceId: string;
  /** For the messages (« Pointage de Marie Dupont non enregistré »). */
  name: string;
}

export interface WalkInVariables {
  /** Drawn at the tap: a replay of the same walk-in records nothing more. */
  nonce: string;
  performanceId: number;
  name: string;
  seats: number;
  tappedAt: string;
  deviceId: string;
}

/** Another phone (or the tab) had checked this party in first, at `checkedInAt`. */
export interface DoorNotice {
  id: number;
  performanceId: number;
  name: string;
  checkedInAt: string;
}

const toParty = ({ id, performanceId, firstName, lastName, seats, status, checkedInAt, checkedInSeats, source }: Reservation): DoorParty => ({
  id,
  performanceId,
  firstName,
  lastName,
  seats,
  status,
  checkedInAt,
  checkedInSeats,
  source,
});

/** The server's refusals of a tap time out of bounds. */
const TAP_TIME_REFUSALS = new Set<string>([doorApiTexts.tappedAtFuture, doorApiTexts.tappedAtTooEarly]);

/** A 401 ends the session (the guard sends to login), the same as in the rest of the backoffice. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession();
    throw error;
  }
}

export const fetchDoorPerformances = () =>
  guarded(async () => (await apiGet<{ data: ReservationPerformance[] }>('/api/reservations/performances', { token: currentToken() })).data);

export const fetchDoorParties = (performanceId: number) =>
  guarded(async () => {
    const answer = await apiGet<{ data: Reservation[] }>(`/api/reservations?performanceId=${performanceId}`, { token: currentToken() });
    return answer.data.map(toParty);
  });

/** PUT is idempotent with the final state: replaying it after a reconnection, or twice, is harmless. */
const sendCheckIn = ({ id, checkedIn, seats, tappedAt, deviceId }: CheckInVariables) =>
  guarded(async () => {
    const put = (body: object) => apiSend<CheckInResult>('PUT', `/api/reservations/${id}`, body, { token: currentToken() });
    let answer: CheckInResult;
    try {
      answer = await put(checkedIn ? { checkedIn, seats, tappedAt, deviceId } : { checkedIn, deviceId });
    } catch (error) {
      // A phone whose clock is wrong: its tap time is refused, the arrival itself must not be lost. Sent
      // again without it, the server records its own clock (the sync's moment).
      if (!(checkedIn && error instanceof ApiError && error.status === 400 && TAP_TIME_REFUSALS.has(String(error.body.error)))) throw error;
      answer = await put({ checkedIn, seats, deviceId });
    }
    return { party: toParty(answer.data), otherDevice: answer.otherDevice };
  });

/** The nonce makes it idempotent: a replay answers the walk-in already recorded. */
const sendWalkIn = ({ performanceId, nonce, name, seats, tappedAt, deviceId }: WalkInVariables) =>
  guarded(async () => toParty((await apiSend<{ data: Reservation }>('POST', `/api/performances/${performanceId}/walk-ins`, { nonce, name, seats, tappedAt, deviceId }, { token: currentToken() })).data));

/**
 * A check-in is tried again until it goes through, except when the server refuses it for good (a
 * reservation deleted or cancelled meanwhile: 4xx). A 401 is tried again too: once the volunteer has
 * logged in again, the same check-in leaves with the new token.
 */
function retryCheckIn(_failures: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500 || error.status === 0;
}

const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, DOOR_REFRESH_MS);

/**
 * The lists that loaded, and every check-in not yet acknowledged. A check-in still being tried while
 * the page goes away is stored as paused, so that the next page resumes it (TanStack only resumes
 * paused mutations).
 */
function snapshot(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success',
    shouldDehydrateMutation: (mutation) => mutation.state.status === 'pending',
  });
  return { ...state, mutations: state.mutations.map((mutation) => ({ ...mutation, state: { ...mutation.state, isPaused: true } })) };
}

export function createDoorClient(storage: Storage = window.localStorage): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // Kept for the whole evening, offline included: the persisted copy is what is read then.
        gcTime: STORAGE_MAX_AGE_MS,
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: retryCheckIn, retryDelay },
    },
  });
  // Defaults by key, not options of a useMutation: a check-in restored from storage has no component.
  // Once the last queued write is through, the list and counts are read again (the other phones' taps).
  const refreshWhenDone = () => {
    if (client.isMutating({ mutationKey: ['door'] }) <= 1) void client.invalidateQueries({ queryKey: ['door'] });
  };
  client.setMutationDefaults(CHECK_IN_KEY, {
    mutationFn: (variables: CheckInVariables) => sendCheckIn(variables),
    onSuccess: ({ party, otherDevice }: { party: DoorParty; otherDevice?: { checkedInAt: string } }, variables: CheckInVariables) => {
      client.setQueryData<DoorParty[]>(doorPartiesKey(party.performanceId), (list) => list?.map((item) => (item.id === party.id ? party : item)));
      if (otherDevice) client.setQueryData<DoorNotice[]>(doorNoticesKey, (list = []) => [...list.filter((notice) => notice.id !== party.id), { id: party.id, performanceId: party.performanceId, name: variables.name, checkedInAt: otherDevice.checkedInAt }]);
      refreshWhenDone();
    },
  });
  client.setMutationDefaults(WALK_IN_KEY, {
    mutationFn: (variables: WalkInVariables) => sendWalkIn(variables),
    onSuccess: (party: DoorParty) => {
      client.setQueryData<DoorParty[]>(doorPartiesKey(party.performanceId), (list) => (list && !list.some((item) => item.id === party.id) ? [...list, party] : list));
      refreshWhenDone();
    },
  });

  const stored = readDoorState(storage);
  if (stored) hydrate(client, stored);

  // Written at each change (a check-in must survive the phone's browser being closed at once).
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      writeDoorState(storage, snapshot(client));
    });
  };
  client.getQueryCache().subscribe(schedule);
  client.getMutationCache().subscribe(schedule);
  return client;
}

/** Check-ins restored from storage leave at once when online (paused ones wait for the network). */
export function resumeStoredCheckIns(client: QueryClient): Promise<unknown> {
  return client.resumePausedMutations();
}

let shared: QueryClient | null = null;

/**
 * Logout: the door's names and unsent check-ins and walk-ins leave the phone (the next account must not see them).
 * The backoffice asks first when some wait (admin/offline). The client itself stays, emptied: the
 * backoffice's queue watcher keeps listening to it for the next account.
 */
export function forgetDoor(storage: Storage = window.localStorage) {
  shared?.clear();
  // After the save the clearing itself scheduled (a microtask queued before this one).
  queueMicrotask(() => removeDoorState(storage));
}

/** One client for the page's life: leaving the door for the tab and coming back keeps its queue. */
export function doorClient(): QueryClient {
  shared ??= createDoorClient();
  return shared;
}
