import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/real-server.ts';

// A process of its own: the young generation's size is the process's, and Vitest's own allocations
// would keep the rate high. The script allocates as a start-up does (much of it surviving, so V8 grows
// its young generation to the maximum), goes quiet, and prints the young generation's size before and
// after. `settle` false is the same process without settleAfterStart: V8 keeps the 32 MB.
const script = (settle: boolean) => `
import v8 from 'node:v8';
import { settleAfterStart } from './apps/api/src/lib/settle-after-start.ts';
const youngMb = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 2 ** 20;
let kept = [];
for (let i = 0; i < 2e6; i++) {
  kept.push({ i, text: 'ligne ' + i });
  if (kept.length > 3e5) kept = kept.slice(1e5);
}
kept = null;
const before = youngMb();
if (${settle}) settleAfterStart({ delayMs: 5_500 });
await new Promise((resolve) => setTimeout(resolve, 6_500));
console.log(JSON.stringify({ before, after: youngMb(), exposedGc: typeof globalThis.gc }));
`;

const run = async (settle: boolean) => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(settle)], { cwd: REPO_ROOT });
  return JSON.parse(stdout) as { before: number; after: number; exposedGc: string };
};

describe('settleAfterStart (issue 37)', () => {
  it('gives the young generation back once the process has been quiet, and leaves no gc on the global', async () => {
    const [settled, untouched] = await Promise.all([run(true), run(false)]);
    // Both grew it to the maximum (two 16 MB semi-spaces on Node 20; more on later Nodes).
    expect(settled.before).toBeGreaterThanOrEqual(16);
    expect(untouched.before).toBeGreaterThanOrEqual(16);
    // Without it V8 still holds it six seconds later; with it, a megabyte or two remain.
    expect(untouched.after).toBe(untouched.before);
    expect(settled.after).toBeLessThanOrEqual(4);
    expect(settled.exposedGc).toBe('undefined');
  }, 30_000);
});
