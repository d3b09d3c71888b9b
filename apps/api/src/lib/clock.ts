/** The time source of every rule with an expiry, so that tests can move time forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(start = new Date('2026-03-03T19:30:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}

export const minutes = (n: number) => n * 60 * 1000;
export const toBool = (flag: number | boolean | null | undefined) => Boolean(flag);
export const toFlag = (value: boolean) => (value ? 1 : 0);
