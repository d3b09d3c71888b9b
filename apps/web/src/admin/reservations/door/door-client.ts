import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend } from '../../../lib/api-client.ts';
import { clearSession, currentToken } from '../../lib/session.ts';
import type { Reservation, ReservationPerformance } from '@bande/shared';

/*
 * The door screen has a query client of its own, kept in localStorage: its lists stay readable when the
 * phone loses the network (a cellar, a garden), and the check-ins tapped meanwhile are TanStack Query
 * mutations that pause while offline, are written down with the lists, and are sent again when the
 * network comes back — also after the page was closed or reloaded. The rest of the backoffice keeps
 * its ordinary, unpersisted client.
 */

/** The localStorage key of the door's lists and unsent check-ins (removed at logout). */
export const DOOR_STORAGE_KEY = 'admin_door_cache';
/** Bumped when what is stored changes shape: an older copy is then ignored. */
const STORAGE_VERSION = 1;
/** A copy older than this is dropped (a performance's door is over in a few hours). */
const STORAGE_MAX_AGE_MS = 3 * 24 * 3600 * 1000;
/** Online, the list is read again this often, so that two phones at one door converge. */
export const DOOR_REFRESH_MS = 15_000;

export const CHECK_IN_KEY = ['door', 'check-in'] as const;
export const doorPerformancesKey = ['door', 'performances'] as const;
export const doorPartiesKey = (performanceId: number) => ['door', 'parties', performanceId] as const;

/** What the door keeps of a reservation: no email, no phone on the phone's storage. */
export type DoorParty = Pick<Reservation, 'id' | 'performanceId' | 'firstName' | 'lastName' | 'seats' | 'status' | 'checkedInAt'>;

export interface CheckInVariables {
  id: number;
  performanceId: number;
  checkedIn: boolean;
  /** For the messages (« Pointage de Marie Dupont non enregistré »). */
  name: string;
}

const toParty = ({ id, performanceId, firstName, lastName, seats, status, checkedInAt }: Reservation): DoorParty => ({
  id,
  performanceId,
  firstName,
  lastName,
  seats,
  status,
  checkedInAt,
});

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
const sendCheckIn = ({ id, checkedIn }: CheckInVariables) =>
  guarded(async () => toParty((await apiSend<{ data: Reservation }>('PUT', `/api/reservations/${id}`, { checkedIn }, { token: currentToken() })).data));

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

interface StoredDoorState {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

function readStored(storage: Storage): DehydratedState | null {
  try {
    const raw = storage.getItem(DOOR_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredDoorState;
    if (stored.version !== STORAGE_VERSION || Date.now() - stored.savedAt > STORAGE_MAX_AGE_MS) return null;
    return stored.state;
  } catch {
    return null;
  }
}

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

function save(client: QueryClient, storage: Storage) {
  try {
    storage.setItem(DOOR_STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: Date.now(), state: snapshot(client) } satisfies StoredDoorState));
  } catch {
    // Full or forbidden storage: the door still works, it only forgets on reload.
  }
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
  client.setMutationDefaults(CHECK_IN_KEY, {
    mutationFn: (variables: CheckInVariables) => sendCheckIn(variables),
    onSuccess: (party: DoorParty) => {
      client.setQueryData<DoorParty[]>(doorPartiesKey(party.performanceId), (list) => list?.map((item) => (item.id === party.id ? party : item)));
      // Once the last queued check-in is through, the list and counts are read again (the other phones' taps).
      if (client.isMutating({ mutationKey: CHECK_IN_KEY }) <= 1) void client.invalidateQueries({ queryKey: ['door'] });
    },
  });

  const stored = readStored(storage);
  if (stored) hydrate(client, stored);

  // Written at each change (a check-in must survive the phone's browser being closed at once).
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      save(client, storage);
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

/** Logout: the door's names and unsent check-ins leave the phone (the next account must not see them). */
export function forgetDoor(storage: Storage = window.localStorage) {
  shared?.clear();
  shared = null;
  // After the save the clearing itself scheduled (a microtask queued before this one).
  queueMicrotask(() => {
    try {
      storage.removeItem(DOOR_STORAGE_KEY);
    } catch {
      // Nothing stored, or no storage.
    }
  });
}

/** One client for the page's life: leaving the door for the tab and coming back keeps its queue. */
export function doorClient(): QueryClient {
  shared ??= createDoorClient();
  return shared;
}
