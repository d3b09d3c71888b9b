// The Bilan's bench (issue 36): a season of 200 performances and 20,000 bookings (every status, partial
// arrivals, walk-ins, waiting lists) and 500,000 page views (the daily counts the audience module keeps:
// every day of the season, 40 pages × 6 referrers × 3 devices, letters' utm tags, booking dialogs opened
// per performance), then GET /api/bilan over the season timed 30 times on the built
// server: median and p95, on SQLite and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on PostgreSQL.
// Target: under 300 ms. `node scripts/bench-bilan.mjs` (after `npm run build`).
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './build-state.mjs';
import { startBuiltServer } from './bench-server.mjs';

// The database clients are the server's dependencies (apps/api), not the scripts': loaded from there.
const requireApi = createRequire(path.join(root, 'apps/api/package.json'));

const PERFORMANCES = 200;
const BOOKINGS = 20_000;
const PAGE_VIEWS = 500_000;
const RUNS = 30;
const ADMIN = { email: 'bench@example.org', password: 'motdepasse-bench' };
const STATUSES = ['confirmed', 'confirmed', 'confirmed', 'confirmed', 'cancelled', 'expired', 'pending', 'waiting', 'offered'];

const startServer = (databaseUrl) =>
  startBuiltServer('bilan', (base) => ({ SEED_DEMO: 'false', LOG_LEVEL: 'warn', SITE_URL: base, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }));

const SHOW = `insert into shows (slug, name, type, pitch, note, year, is_featured, published, created_at, updated_at) values ('banc-d-essai', 'Banc d''essai', 'Lecture', 'P', 'N', '2026', 0, 1, '2025-09-01T10:00:00.000Z', '2025-09-01T10:00:00.000Z')`;

/** The season's rows: performances from September to June, bookings spread over them. */
function seasonRows(showId) {
  const start = Date.parse('2025-09-15T18:30:00.000Z');
  const performances = Array.from({ length: PERFORMANCES }, (_, i) => [showId, new Date(start + i * 36 * 3_600_000).toISOString(), `Salle ${i % 12}`, `${i} rue Haute, 37000 Tours`, 120]);
  const at = '2025-09-01T10:00:00.000Z';
  const bookings = Array.from({ length: BOOKINGS }, (_, i) => {
    const status = STATUSES[i % STATUSES.length];
    const seats = 1 + (i % 4);
    const door = i % 23 === 0;
    const arrived = status === 'confirmed' && i % 5 !== 0 ? seats - (i % 7 === 0 ? 1 : 0) : null;
    return [(i % PERFORMANCES) + 1, door ? '' : 'Camille', door ? 'Sans réservation' : 'Martin', seats, door ? 'confirmed' : status, `bench-${i}`, door ? 'door' : 'public', at, at, arrived];
  });
  return { performances, bookings };
}

/**
 * The season's audience as the audience module stores it (audience_counts: one row per Paris day and
 * dimension, summed by every server's flush; audience_days: each day's unique visitors). 500,000 views
 * in rows of 3 views: about 457 rows a day, 167,000 in all, which is more distinct rows than a troupe's
 * site makes (the heavier case for the sums).
 */
function audienceRows() {
  const paths = ['/', '/spectacles', '/agenda', '/newsletter', '/contact', ...Array.from({ length: 35 }, (_, i) => `/spectacles/piece-${i}`)];
  const referrers = ['', 'google.com', 'facebook.com', 'instagram.com', 'tours.fr', 'bing.com'];
  const devices = ['phone', 'computer', 'tablet'];
  const days = [];
  for (let t = Date.parse('2025-09-01T12:00:00Z'); t <= Date.parse('2026-08-31T12:00:00Z'); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  const rows = Math.ceil(PAGE_VIEWS / 3);
  const perDay = Math.ceil(rows / days.length);
  const counts = [];
  let left = PAGE_VIEWS;
  for (let i = 0; left > 0; i++) {
    const n = i % perDay;
    const views = Math.min(3, left);
    left -= views;
    const letter = n % 11 === 0;
    counts.push([days[Math.floor(i / perDay)], 'view', paths[n % 40], referrers[Math.floor(n / 40) % 6], letter ? 'lettre' : '', letter ? `lettre-${n % 7}` : '', devices[Math.floor(n / 240) % 3], 0, views]);
  }
  return { counts, days: days.map((day, i) => [day, 400 + (i % 90)]) };
}
/** Booking dialogs opened: 30 per performance, on the day before it (rows of the same table). */
const dialogRows = (performanceIds, performances) => performanceIds.map((id, i) => [performances[i][1].slice(0, 10), 'booking-dialog', '/spectacles/banc-d-essai', '', '', '', 'phone', id, 30]);
const COUNT_COLUMNS = 'day, kind, path, referrer, utm_source, utm_campaign, device, performance_id, views';

const COLUMNS = 'performance_id, first_name, last_name, seats, status, token_hash, source, created_at, updated_at, checked_in_seats';

async function seedSqlite(dataDir) {
  const Database = requireApi('better-sqlite3');
  const db = new Database(path.join(dataDir, 'bande.sqlite'));
  db.transaction(() => {
    const showId = db.prepare(SHOW).run().lastInsertRowid;
    const { performances, bookings } = seasonRows(showId);
    const p = db.prepare('insert into performances (show_id, date, venue_name, address, capacity) values (?, ?, ?, ?, ?)');
    for (const row of performances) p.run(...row);
    const first = db.prepare('select min(id) as id from performances').get().id;
    const r = db.prepare(`insert into reservations (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const row of bookings) r.run(row[0] + first - 1, ...row.slice(1));
    const { counts, days } = audienceRows();
    const c = db.prepare(`insert into audience_counts (${COUNT_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const row of [...counts, ...dialogRows(performances.map((_, i) => first + i), performances)]) c.run(...row);
    const d = db.prepare('insert into audience_days (day, visitors) values (?, ?)');
    for (const row of days) d.run(...row);
  })();
  db.close();
}

async function seedPostgres(client, schema) {
  await client.query(`set search_path to ${schema}`);
  const showId = (await client.query(`${SHOW} returning id`)).rows[0].id;
  const { performances, bookings } = seasonRows(showId);
  const values = (rows, width) => rows.map((_, i) => `(${Array.from({ length: width }, (_, j) => `$${i * width + j + 1}`).join(', ')})`).join(', ');
  const ids = (await client.query(`insert into ${schema}.performances (show_id, date, venue_name, address, capacity) values ${values(performances, 5)} returning id`, performances.flat())).rows.map((r) => r.id);
  for (let i = 0; i < bookings.length; i += 1000) {
    const chunk = bookings.slice(i, i + 1000).map((row) => [ids[row[0] - 1], ...row.slice(1)]);
    await client.query(`insert into ${schema}.reservations (${COLUMNS}) values ${values(chunk, 10)}`, chunk.flat());
  }
  const { counts, days } = audienceRows();
  const all = [...counts, ...dialogRows(ids, performances)];
  for (let i = 0; i < all.length; i += 2000) {
    const chunk = all.slice(i, i + 2000);
    await client.query(`insert into ${schema}.audience_counts (${COUNT_COLUMNS}) values ${values(chunk, 9)}`, chunk.flat());
  }
  await client.query(`insert into ${schema}.audience_days (day, visitors) values ${values(days, 2)}`, days.flat());
  // As after a day of use: the planner knows the tables' sizes (autovacuum's analyze would come later).
  await client.query(`analyze ${schema}.audience_counts`);
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

async function timeBilan(base) {
  const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json();
  const headers = { authorization: `Bearer ${login.token}` };
  return {
    async run() {
      const times = [];
      let performances = 0;
      let pageViews = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const started = performance.now();
        const res = await fetch(`${base}/api/bilan?from=2025-09-01&to=2026-08-31`, { headers });
        const body = await res.json();
        if (!res.ok) throw new Error(`GET /api/bilan : ${res.status} ${JSON.stringify(body)}`);
        performances = body.data.performances.length;
        pageViews = body.data.audience.pageViews;
        if (i >= 3) times.push(performance.now() - started); // three warm-up calls
      }
      // A run that did not read the seeded season measures nothing.
      if (pageViews !== PAGE_VIEWS) throw new Error(`le bilan compte ${pageViews} pages vues, pas ${PAGE_VIEWS}`);
      return { performances, pageViews, median: percentile(times, 50), p95: percentile(times, 95) };
    },
  };
}

async function sqliteRun() {
  const server = await startServer(undefined);
  try {
    const bench = await timeBilan(server.base);
    await seedSqlite(server.dataDir);
    return await bench.run();
  } finally {
    await server.stop();
  }
}

async function postgresRun() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return { error: 'BENCH_DATABASE_URL (PostgreSQL) absent' };
  const pg = requireApi('pg');
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  let server;
  try {
    server = await startServer(databaseUrl.toString());
    const bench = await timeBilan(server.base);
    await seedPostgres(client, schema);
    return await bench.run();
  } finally {
    await server?.stop();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
}

const line = (name, r) => (r.error ? `${name}: not measured (${r.error}).` : `${name}: GET /api/bilan over ${r.performances} performances, ${BOOKINGS} bookings and ${r.pageViews} page views: median ${r.median.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms (target < 300 ms).`);

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(line('SQLite', await sqliteRun()));
    console.log(line('PostgreSQL', await postgresRun()));
  } catch (error) {
    console.error(`Échec du banc d'essai du bilan : ${error.message}`);
    process.exit(1);
  }
}
