import { describe, expect, it } from 'vitest';
import { keyedQueue } from './keyed-queue.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('keyedQueue', () => {
  it('runs at most N tasks of one key at once, in their order of arrival, and other keys beside them', async () => {
    const run = keyedQueue(2);
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      await tick();
      await tick();
      running--;
      return name;
    };
    const results = await Promise.all([run(1, task('a')), run(1, task('b')), run(1, task('c')), run(1, task('d')), run(2, task('x'))]);
    expect(results).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(order.filter((name) => name !== 'x')).toEqual(['a', 'b', 'c', 'd']);
    // Two of key 1 and the one of key 2.
    expect(most).toBe(3);
  });

  it('goes on after a task that failed, and one at a time by default', async () => {
    const run = keyedQueue();
    let running = 0;
    let most = 0;
    const ok = async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      return 'ok';
    };
    const failed = run(7, async () => {
      await tick();
      throw new Error('refusée');
    });
    const after = [run(7, ok), run(7, ok)];
    await expect(failed).rejects.toThrow('refusée');
    expect(await Promise.all(after)).toEqual(['ok', 'ok']);
    expect(most).toBe(1);
  });
});
