import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { doorDeviceId, DOOR_STORAGE_KEY, readDoorState, unsentDoorWrites, writeDoorState } from './door-storage.ts';

/** A phone's storage of its own for each test. */
function phoneStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('door storage (what other backoffice pages read of the door’s queue)', () => {
  it('counts the unsent writes kept on the phone, and ignores a copy it cannot read or too old', () => {
    const phone = phoneStorage();
    expect(unsentDoorWrites(phone)).toBe(0);
    const client = new QueryClient();
    const cache = client.getMutationCache();
    for (const variables of [{ id: 1, checkedIn: true }, { nonce: 'abc', seats: 2 }]) {
      cache.build(client, { mutationKey: ['door', 'write'], mutationFn: () => new Promise(() => undefined) }, { status: 'pending', variables, isPaused: true, context: undefined, data: undefined, error: null, failureCount: 0, failureReason: null, submittedAt: 0 });
    }
    writeDoorState(phone, dehydrate(client, { shouldDehydrateMutation: () => true }));
    expect(unsentDoorWrites(phone)).toBe(2);
    expect(readDoorState(phone)?.mutations.map((mutation) => mutation.state.variables)).toEqual([{ id: 1, checkedIn: true }, { nonce: 'abc', seats: 2 }]);

    phone.setItem(DOOR_STORAGE_KEY, '{pas du json');
    expect(unsentDoorWrites(phone)).toBe(0);
    phone.setItem(DOOR_STORAGE_KEY, JSON.stringify({ version: 1, savedAt: Date.now() - 4 * 24 * 3600 * 1000, state: { mutations: [{}], queries: [] } }));
    expect(unsentDoorWrites(phone)).toBe(0);
  });

  it('draws the phone’s id once and keeps it', () => {
    const phone = phoneStorage();
    const id = doorDeviceId(phone);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(doorDeviceId(phone)).toBe(id);
    expect(doorDeviceId(phoneStorage())).not.toBe(id);
  });
});
