import { describe, expect, it } from 'vitest';
import { databaseProbe } from './database-probe.ts';

/** A database stand-in that counts the queries and fails while told to. */
function fakeDatabase() {
  const state = { queries: 0, down: false };
  const check = async () => {
    state.queries++;
    if (state.down) throw new Error('base indisponible');
  };
  return { state, check };
}

describe('the health check asks the database', () => {
  it('once per second at most while it answers', async () => {
    const { state, check } = fakeDatabase();
    let clock = 0;
    const probe = databaseProbe(check, 1_000, () => clock);
    await probe();
    await Promise.all([probe(), probe(), probe()]);
    clock = 999;
    await probe();
    expect(state.queries).toBe(1);
    clock = 1_001;
    await probe();
    expect(state.queries).toBe(2);
  });

  it('shares one query between the checks that arrive while it runs', async () => {
    const { state, check } = fakeDatabase();
    const probe = databaseProbe(check, 1_000, () => 0);
    await Promise.all([probe(), probe(), probe()]);
    expect(state.queries).toBe(1);
  });

  it('never remembers a failure: every check during an outage asks again, and the first after it succeeds', async () => {
    const { state, check } = fakeDatabase();
    const clock = 0;
    const probe = databaseProbe(check, 1_000, () => clock);
    state.down = true;
    await expect(probe()).rejects.toThrow('base indisponible');
    await expect(probe()).rejects.toThrow('base indisponible');
    expect(state.queries).toBe(2);
    state.down = false;
    await probe();
    expect(state.queries).toBe(3);
  });

  it('sees an outage that starts once the remembered answer is older than a second', async () => {
    const { state, check } = fakeDatabase();
    let clock = 0;
    const probe = databaseProbe(check, 1_000, () => clock);
    await probe();
    state.down = true;
    clock = 1_000;
    await expect(probe()).rejects.toThrow('base indisponible');
  });
});
