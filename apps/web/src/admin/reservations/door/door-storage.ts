import type { DehydratedState } from '@tanstack/react-query';

/*
 * What the door keeps on the phone, in localStorage, and nothing else: its lists as last read and the
 * writes not yet acknowledged by the server (check-ins, walk-ins), as TanStack Query's dehydrated state.
 * Read here without a query client, so that any page of the backoffice can count what is waiting.
 *
 * localStorage['admin_door_cache'] = { version: 1, savedAt: <ms>, state: DehydratedState }, where
 * state.mutations[] are the unsent writes (state.isPaused true, state.variables as below), oldest first:
 * - mutationKey ['door', 'check-in']: { id, performanceId, checkedIn, seats?, tappedAt, deviceId, name }
 * - mutationKey ['door', 'walk-in']: { nonce, performanceId, name, seats, tappedAt, deviceId }
 */

/** The localStorage key of the door's lists and unsent writes. */
export const DOOR_STORAGE_KEY = 'admin_door_cache';
/** Bumped only when what is stored can no longer be read: an older copy is then ignored (its unsent writes with it). */
const STORAGE_VERSION = 1;
/** A copy older than this is dropped (a performance's door is over in a few hours). */
export const STORAGE_MAX_AGE_MS = 3 * 24 * 3600 * 1000;
/** The phone's own id (not personal data: it stays after logout). */
const DEVICE_KEY = 'admin_door_device';

interface StoredDoorState {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

export function readDoorState(storage: Storage): DehydratedState | null {
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

export function writeDoorState(storage: Storage, state: DehydratedState): void {
  try {
    storage.setItem(DOOR_STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: Date.now(), state } satisfies StoredDoorState));
  } catch {
    // Full or forbidden storage: the door still works, it only forgets on reload.
  }
}

export function removeDoorState(storage: Storage): void {
  try {
    storage.removeItem(DOOR_STORAGE_KEY);
  } catch {
    // Nothing stored, or no storage.
  }
}

/** How many taps (check-ins and walk-ins) wait on this phone to reach the server. */
export function unsentDoorWrites(storage: Storage): number {
  return readDoorState(storage)?.mutations.length ?? 0;
}

/** 128 random bits in hex: a phone's id, a walk-in's nonce (getRandomValues, unlike randomUUID, also works over plain HTTP). */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This phone's id, drawn once: the server tells two phones at one door apart by it. */
export function doorDeviceId(storage: Storage): string {
  try {
    const known = storage.getItem(DEVICE_KEY);
    if (known) return known;
    const drawn = randomId();
    storage.setItem(DEVICE_KEY, drawn);
    return drawn;
  } catch {
    return randomId();
  }
}
