// npm run bench -- --campaign: a newsletter campaign to 5,000 confirmed subscribers (issue 24) from the
// production build on SQLite, and on PostgreSQL too with BENCH_DATABASE_URL (a schema of its own, dropped
// at the end), at an unlimited rate (NEWSLETTER_RATE_PER_MINUTE=0), into a local SMTP
// receiver: messages per second, the server's peak RSS during the send, and GET / requests per second
// while the send runs against before it. Never recorded automatically: the figures go in
// docs/performance.md by hand.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { SMTPServer } from 'smtp-server';
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';
import { freePort } from './bench-server.mjs';
import { withMemorySettings } from './memory-settings.mjs';

// The API's own database drivers (dependencies of apps/api): the subscribers are written straight into its database.
const requireApi = createRequire(path.join(root, 'apps/api/package.json'));
const Database = requireApi('better-sqlite3');
const RECIPIENTS = 5000;
const LOAD = { connections: 10, duration: 10 };
const PASSWORD = 'motdepasse-banc-essai';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

const SUBSCRIBER = 'INSERT INTO newsletter_subscriptions (email, created_at, confirmed_at, confirm_token_hash, unsubscribe_token_hash) VALUES';
const subscriberRow = (i, now) => [`lecteur${i}@example.org`, now, now, `c${i}`, `u${i}`];

/** SQLite: the server's file; PostgreSQL: a schema of its own, created here and dropped at the end. */
async function openDatabase(dataDir) {
  const url = process.env.BENCH_DATABASE_URL;
  const now = new Date().toISOString();
  if (!url) {
    return {
      name: 'SQLite',
      env: {},
      seed() {
        const db = new Database(path.join(dataDir, 'bande.sqlite'));
        const insert = db.prepare(`${SUBSCRIBER} (?, ?, ?, ?, ?)`);
        db.transaction(() => {
          for (let i = 0; i < RECIPIENTS; i++) insert.run(...subscriberRow(i, now));
        })();
        db.close();
      },
      close: async () => undefined,
    };
  }
  const client = new (requireApi('pg').Client)({ connectionString: url });
  await client.connect();
  const schema = `bench_campaign_${process.pid}`;
  await client.query(`CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: databaseUrl.toString() },
    async seed() {
      for (let i = 0; i < RECIPIENTS; i += 1000) {
        const rows = Array.from({ length: Math.min(1000, RECIPIENTS - i) }, (_, j) => subscriberRow(i + j, now));
        await client.query(`${SUBSCRIBER.replace('newsletter_subscriptions', `${schema}.newsletter_subscriptions`)} ${rows.map((_, j) => `($${j * 5 + 1}, $${j * 5 + 2}, $${j * 5 + 3}, $${j * 5 + 4}, $${j * 5 + 5})`).join(', ')}`, rows.flat());
      }
    },
    async close() {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

async function main() {
  ensureBuilt();
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-bench-campaign-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const database = await openDatabase(dataDir);
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', SITE_URL: base, ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: PASSWORD, SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, NEWSLETTER_RATE_PER_MINUTE: '0' };
  delete env.DATABASE_URL;
  Object.assign(env, database.env);
  // npm start's memory settings (scripts/memory-settings.mjs, issue 37), which the memory figures are about (as bench.mjs).
  const tuned = withMemorySettings(env);
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { cwd: dataDir, env: tuned.env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) await pause(250);
    await database.seed();
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.org', password: PASSWORD }) });
    const { token } = await login.json();
    const call = (p, body) => fetch(`${base}${p}`, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }).then((r) => r.json());

    const load = () => autocannon({ url: `${base}/`, ...LOAD, headers: { 'accept-encoding': 'br, gzip' } });
    const before = await load();
    console.log(`GET / avant l'envoi : ${before.requests.average.toFixed(0)} req/s`);

    const { data } = await call('/api/campaigns', { subject: 'Banc d’essai', body: 'Bonjour **à tous**, voir [le programme](/shows).', includeUpcoming: true });
    const rssBefore = rssOf(child.pid);
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(child.pid))), 100);
    const started = Date.now();
    await call(`/api/campaigns/${data.id}/send`, {});
    const during = load();
    while (received < RECIPIENTS) await pause(50);
    const seconds = (Date.now() - started) / 1000;
    const duringResult = await during;
    clearInterval(sampler);
    const status = (await call(`/api/campaigns/${data.id}`)).data;
    const ratio = duringResult.requests.average / before.requests.average;
    console.log(
      [
        `${database.name}, envoi : ${RECIPIENTS} lettres en ${seconds.toFixed(1)} s, ${(RECIPIENTS / seconds).toFixed(0)} messages/s (état ${status.status}, ${JSON.stringify(status.stats)})`,
        `RSS maximale du serveur pendant l'envoi : ${(peakRss / 2 ** 20).toFixed(0)} Mo (${(rssBefore / 2 ** 20).toFixed(0)} Mo juste avant)`,
        `GET / pendant l'envoi : ${duringResult.requests.average.toFixed(0)} req/s, ${(ratio * 100).toFixed(0)} % d'avant (10 s de mesure, l'envoi a duré ${seconds.toFixed(1)} s)`,
        `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')}`,
      ].join('\n'),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    smtp.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`Échec du banc d'essai des lettres : ${error.message}`);
  process.exit(1);
});
