// The reservations run of `npm run bench` (issue 23): 200 booking attempts at once on one performance of
// capacity 50, through two production servers sharing one PostgreSQL schema. Reports the seats held
// (never more than 50, and exactly 50: nobody refused while seats remained), the answers' statuses,
// the p99 of POST /api/reservations, and GET /api/performances/{id}/availability's requests per second
// beside /api/health's in the same run. Needs PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL).
// Alone: `node scripts/bench-reservations.mjs` (after `npm run build`).
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { root } from './build-state.mjs';
import { startBuiltServer } from './bench-server.mjs';

// The PostgreSQL client is the server's dependency (apps/api), not the scripts': loaded from there.
const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');

const ATTEMPTS = 200;
const CAPACITY = 50;
const LOAD = { connections: 20, duration: 5 };
const ADMIN = { email: 'bench@example.org', password: 'motdepasse-bench' };

// TRUST_PROXY=1: each attempt comes from its own address (X-Forwarded-For), as 200 visitors would.
const startServer = (databaseUrl) =>
  startBuiltServer('res', (base) => ({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', SITE_URL: base, TRUST_PROXY: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }));

const post = (base, url, body, headers = {}) => fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

export async function reservationsRun() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return { error: 'BENCH_DATABASE_URL (PostgreSQL) absent' };
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  const servers = [];
  try {
    servers.push(await startServer(databaseUrl.toString()));
    servers.push(await startServer(databaseUrl.toString()));
    const [a, b] = servers;
    const login = await (await post(a.base, '/api/auth/login', ADMIN)).json();
    const newPerformance = async () => {
      const show = await post(a.base, '/api/shows', { name: `Banc d’essai ${crypto.randomBytes(3).toString('hex')}`, type: 'Lecture de poche', year: '2030', pitch: 'P', note: 'N', published: true, performances: [{ date: '2030-04-10T20:30', address: '2 rue des Halles', venueName: 'Médiathèque', capacity: CAPACITY }] }, { authorization: `Bearer ${login.token}` });
      return (await show.json()).data.performances[0].id;
    };
    // One burst: ATTEMPTS bookings of one seat at once, spread over both servers, each from its own address.
    const burst = async (performanceId, round) => {
      const statuses = {};
      const latencies = { all: [], 201: [], 409: [] };
      await Promise.all(
        Array.from({ length: ATTEMPTS }, async (_, i) => {
          const started = performance.now();
          const res = await post(i % 2 ? b.base : a.base, '/api/reservations', { performanceId, firstName: 'Camille', lastName: 'Martin', email: `bench${round}-${i}@example.org`, seats: 1 }, { 'x-forwarded-for': `10.${round}.${i % 250}.${7 + Math.floor(i / 250)}` });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const ms = performance.now() - started;
          latencies.all.push(ms);
          (latencies[res.status] ??= []).push(ms);
        }),
      );
      const held = Number((await admin.query(`SELECT coalesce(sum(seats), 0) AS n FROM ${schema}.reservations WHERE performance_id = $1 AND status IN ('pending', 'confirmed', 'offered')`, [performanceId])).rows[0].n);
      const counter = Number((await admin.query(`SELECT held_seats AS n FROM ${schema}.performances WHERE id = $1`, [performanceId])).rows[0].n);
      const pct = (values, p) => (values.length ? percentile(values, p) : NaN);
      return { held, counter, oversold: Math.max(0, held - CAPACITY), statuses, p50: pct(latencies.all, 50), p99: pct(latencies.all, 99), accepted: { p50: pct(latencies[201], 50), p99: pct(latencies[201], 99) }, refused: { p50: pct(latencies[409], 50), p99: pct(latencies[409], 99) } };
    };
    // First on servers just started (their first bookings: pool connections opened, code compiled on
    // the way), then again on a second performance once both servers have served a burst (an evening's
    // servers have been running for hours).
    // The machine's floor for 200 requests at once on these two servers: the health probe, no database.
    const floorLatencies = await Promise.all(
      Array.from({ length: ATTEMPTS }, async (_, i) => {
        const started = performance.now();
        await (await fetch(`${i % 2 ? b.base : a.base}/api/health`)).arrayBuffer();
        return performance.now() - started;
      }),
    );
    const floor = { p50: percentile(floorLatencies, 50), p99: percentile(floorLatencies, 99) };
    const cold = await burst(await newPerformance(), 1);
    const warm = await burst(await newPerformance(), 2);
    const { held, oversold, statuses, p50, p99 } = cold;
    const performanceId = await newPerformance();

    const rps = async (path) => (await autocannon({ url: a.base + path, ...LOAD })).requests.average;
    const health = await rps('/api/health');
    const availability = await rps(`/api/performances/${performanceId}/availability`);
    return { attempts: ATTEMPTS, capacity: CAPACITY, held, oversold, statuses, p99, p50, floor, cold, warm, health, availability };
  } finally {
    for (const server of servers) await server.stop();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

export function reservationsSummary(r) {
  if (r.error) return `Reservations: not measured (${r.error}).`;
  const ms = (v) => `${v.toFixed(0)} ms`;
  const line = (name, run) => {
    const codes = Object.entries(run.statuses).map(([code, n]) => `${n} × ${code}`).join(', ');
    return [
      `${name}: ${r.attempts} booking attempts at once for ${r.capacity} seats → ${codes}; seats held ${run.held} (counter ${run.counter}), oversold ${run.oversold}.`,
      `  POST /api/reservations: p50 ${ms(run.p50)}, p99 ${ms(run.p99)} (target < 250 ms); accepted p50 ${ms(run.accepted.p50)} p99 ${ms(run.accepted.p99)}, refused p50 ${ms(run.refused.p50)} p99 ${ms(run.refused.p99)}.`,
    ].join('\n');
  };
  return [
    'Reservations (two servers, one PostgreSQL schema):',
    `floor: 200 GET /api/health at once on the same servers (no database): p50 ${ms(r.floor.p50)}, p99 ${ms(r.floor.p99)}.`,
    line('servers just started', r.cold),
    line('servers warm (second burst)', r.warm),
    `GET availability ${r.availability.toFixed(0)} req/s vs /api/health ${r.health.toFixed(0)} req/s (${Math.round((r.availability / r.health) * 100)} %, target ≥ 50 %).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  reservationsRun()
    .then((r) => console.log(reservationsSummary(r)))
    .catch((error) => {
      console.error(`Échec du banc d'essai des réservations : ${error.message}`);
      process.exit(1);
    });
}
