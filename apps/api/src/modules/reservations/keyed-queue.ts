/**
 * Runs tasks of one key at most `concurrency` at a time in this process, in their order of arrival.
 * Bookings of one performance take its row lock in turn anyway (booking.ts); queuing them here first
 * means that those waiting hold no database connection meanwhile, so a burst on one performance cannot
 * empty the pool (a 503 for them, and for every other request of the server). A few at once rather
 * than one: a booking's first statements (its read, its insert) run before it takes the lock
 * (quickBooking), so they can overlap another's locked part. Correctness never depends on it: several
 * servers, or a task run outside it, are still serialised by the database lock. Nothing outlives the
 * tasks: a key is dropped once nothing runs or waits under it.
 */
export function keyedQueue(concurrency = 1) {
  const queues = new Map<number, { running: number; waiting: (() => void)[] }>();
  return async function run<T>(key: number, task: () => Promise<T>): Promise<T> {
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = { running: 0, waiting: [] }));
    const own = queue;
    // A free slot is taken at once; otherwise the task waits for a finishing one to hand its slot over.
    if (own.running < concurrency) own.running++;
    else await new Promise<void>((resolve) => own.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = own.waiting.shift();
      if (next) next();
      else if (--own.running === 0) queues.delete(key);
    }
  };
}

