import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationTexts } from '@bande/shared';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { booking, showWithCapacity } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets'] });

/**
 * SQLite answers synchronously: in one process, each request would run from start to end before the
 * next one, and the test could not fail. This plugin lets other requests run after every query (as a
 * database on the network does), so that requests do interleave between counting and inserting.
 */
const yieldAfterEachQuery: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setImmediate(resolve));
    return args.result;
  },
};
// Two apps on the one database, as two servers: each has its own in-process queue of bookings
// (keyed-queue.ts), so that only the transaction keeps them from both counting the same seats.
let slowApps: App[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({ db: ctx.db.withPlugin(yieldAfterEachQuery), dialect: ctx.dialect, config: ctx.config, mailer: ctx.mailer, storage: ctx.storage, clock: ctx.clock });
    await app.ready();
    slowApps.push(app);
  }
});
afterAll(async () => {
  for (const app of slowApps) await app.close();
  slowApps = [];
});

async function burst(performanceId: number, attempts: number, seats: number) {
  return Promise.all(
    Array.from({ length: attempts }, (_, i) => slowApps[i % 2]!.inject({ method: 'POST', url: '/api/reservations', payload: booking(performanceId, seats), remoteAddress: `10.3.${i}.1` })),
  );
}

const heldSeats = async (performanceId: number) =>
  (await ctx.db.selectFrom('reservations').select('seats').where('performanceId', '=', performanceId).where('status', 'in', ['pending', 'confirmed', 'offered']).execute()).reduce((sum, r) => sum + r.seats, 0);

describe('never oversold (SQLite, 20 requests at once)', () => {
  it('20 bookings of one seat for the last 7: exactly 7 × 201, 13 French 409, no 5xx', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    await ctx.app.inject({ method: 'POST', url: '/api/reservations', payload: booking(performanceId, 3), remoteAddress: '10.3.200.1' });
    const answers = await burst(performanceId, 20, 1);
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().error).toBe(reservationTexts.remaining(0));
    expect(await heldSeats(performanceId)).toBe(10);
  });

  it('20 bookings of 2 seats for 9 seats: 4 accepted (8 seats), the rest told what remains', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 9);
    const answers = await burst(performanceId, 20, 2);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    const refusals = answers.filter((r) => r.statusCode !== 201);
    expect(refusals.every((r) => r.statusCode === 409)).toBe(true);
    expect(new Set(refusals.map((r) => r.json().error))).toEqual(new Set([reservationTexts.remaining(1)]));
    expect(await heldSeats(performanceId)).toBe(8);
  });
});
