import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationTexts } from '@bande/shared';
import { pgQuery } from '../../test/postgres.ts';
import { startRealServer, type RealServer } from '../../test/real-server.ts';

/**
 * Two real server processes on one PostgreSQL schema (as behind a load balancer): bursts of bookings
 * for the last seats, spread over both, never oversell, and every attempt answers 201 or a French 409.
 * A `.pg.test.ts` file: run only with TEST_DATABASE_URL.
 */
const ADMIN = { email: 'admin@example.org', password: 'motdepasse-test' };
const post = (server: RealServer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('reservations on two servers sharing PostgreSQL', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  let a: RealServer;
  let b: RealServer;
  let auth: Record<string, string>;

  beforeAll(async () => {
    await pgQuery(`CREATE SCHEMA ${schema}`);
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    // TRUST_PROXY=1: each attempt comes from its own address (X-Forwarded-For), under the per-address limit.
    const env = { DATABASE_URL: databaseUrl.toString(), SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', TRUST_PROXY: '1' };
    a = await startRealServer('A', env);
    b = await startRealServer('B', env);
    await Promise.all([a.ready(), b.ready()]);
    const login = await post(a, '/api/auth/login', ADMIN);
    auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) await server?.stop();
    await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }, 30_000);

  async function performanceWith(capacity: number): Promise<number> {
    const res = await post(
      a,
      '/api/shows',
      { name: `Lecture ${crypto.randomBytes(3).toString('hex')}`, type: 'Lecture de poche', year: '2030', pitch: 'P', note: 'N', published: true, performances: [{ date: '2030-04-10T20:30', address: '2 rue des Halles', venueName: 'Médiathèque', capacity }] },
      auth,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: { performances: { id: number }[] } }).data.performances[0]!.id;
  }

  async function burst(performanceId: number, attempts: number, seats: number) {
    return Promise.all(
      Array.from({ length: attempts }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const res = await post(server, '/api/reservations', { performanceId, firstName: 'Camille', lastName: 'Martin', email: `p${i}-${performanceId}@example.org`, seats }, { 'x-forwarded-for': `10.4.${i}.${performanceId % 250}` });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      }),
    );
  }

  /** The seats held, counted from the rows; the triggers' counter (migration 031) must say the same. */
  const held = async (performanceId: number) => {
    const recount = Number((await pgQuery(`SELECT coalesce(sum(seats), 0) AS n FROM ${schema}.reservations WHERE performance_id = $1 AND status IN ('pending', 'confirmed', 'offered')`, [performanceId])).rows[0].n);
    const counter = Number((await pgQuery(`SELECT held_seats AS n FROM ${schema}.performances WHERE id = $1`, [performanceId])).rows[0].n);
    expect(counter, 'performances.held_seats').toBe(recount);
    return recount;
  };

  /** The mails queued for the burst's addresses (p<i>-<performance>@example.org). */
  const queuedMails = async (performanceId: number) =>
    Number((await pgQuery(`SELECT count(*) AS n FROM ${schema}.mail_queue WHERE recipient LIKE $1`, [`p%-${performanceId}@example.org`])).rows[0].n);

  it('20 bookings of one seat at once for 10 seats: exactly 10 accepted, 10 French 409, never a 5xx', async () => {
    const id = await performanceWith(10);
    const answers = await burst(id, 20, 1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(10).fill(409));
    expect(refused.every((r) => r.body.error === reservationTexts.remaining(0))).toBe(true);
    expect(await held(id)).toBe(10);
    // The servers' own mailer (the queue, in the booking's transaction): one mail per booking accepted,
    // none for a booking refused under the lock and rolled back.
    expect(await queuedMails(id)).toBe(10);
    const availability = (await (await fetch(`${b.base}/api/performances/${id}/availability`)).json()) as { data: { remaining: number } };
    expect(availability.data.remaining).toBe(0);
  }, 60_000);

  it('several rounds of 20 attempts of 3 seats for 20 seats: 6 accepted each time, none oversold', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await performanceWith(20);
      const answers = await burst(id, 20, 3);
      expect(answers.filter((r) => r.status === 201)).toHaveLength(6);
      expect(answers.every((r) => r.status === 201 || (r.status === 409 && r.body.error === reservationTexts.remaining(2)))).toBe(true);
      expect(await held(id)).toBe(18);
      expect(await queuedMails(id)).toBe(6);
    }
  }, 90_000);
});
