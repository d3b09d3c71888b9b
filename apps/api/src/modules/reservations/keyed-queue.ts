/**
 * Runs tasks of one key one after the other in this process. Bookings of one performance take its row
 * lock in turn anyway (booking.ts); queuing them here first means that those waiting hold no database
 * connection meanwhile, so a burst on one performance cannot empty the pool (a 503 for them, and for
 * every other request of the server). Correctness never depends on it: several servers, or a task run
 * outside it, are still serialised by the database lock. Nothing outlives the tasks: a key is dropped
 * once its queue is empty.
 */
export function keyedQueue() {
  const tails = new Map<number, Promise<unknown>>();
  return function run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
