import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgQuery } from '../../test/postgres.ts';
import { startRealServer, type RealServer } from '../../test/real-server.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';

/**
 * A campaign sent by two real servers on one PostgreSQL schema, one of them SIGKILLed in the middle of
 * SMTP transactions (the receiver holds its messages unanswered), then started again: every confirmed
 * subscriber gets exactly one copy, the pending one none, and NEWSLETTER_RATE_PER_MINUTE holds in every
 * 60-second window measured at the receiver. About 70 s: the killed server's rows wait for their lease.
 */
const RATE = 20;
const CONFIRMED = 30;
const ADMIN = { email: 'admin@example.org', password: 'motdepasse-test' };
const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
const servers: RealServer[] = [];
let holdA = false;
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;

const until = async (ms: number, check: () => boolean | Promise<boolean>, what: string) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`toujours pas après ${ms} ms : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  receiver = await startSmtpReceiver({}, (from) => holdA && from === 'a@example.org');
  await pgQuery(`CREATE SCHEMA ${schema}`);
}, 30_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await receiver?.close();
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}, 30_000);

it('two servers, one killed mid-send and restarted: exactly one copy per confirmed subscriber, the rate kept', async () => {
  const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  const env = (from: string) => ({ DATABASE_URL: databaseUrl.toString(), SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', SMTP_URL: receiver.url, MAIL_FROM: from, NEWSLETTER_RATE_PER_MINUTE: String(RATE) });
  const a = await startRealServer('A', env('a@example.org'));
  const b = await startRealServer('B', env('b@example.org'));
  servers.push(a, b);
  await Promise.all([a.ready(), b.ready()]);

  const now = new Date().toISOString();
  for (let i = 0; i < CONFIRMED + 1; i++) {
    await pgQuery(
      `INSERT INTO ${schema}.newsletter_subscriptions (email, created_at, confirmed_at, confirm_token_hash, unsubscribe_token_hash) VALUES ($1, $2, $3, $4, $5)`,
      [i < CONFIRMED ? `lecteur${i}@example.org` : 'attente@example.org', now, i < CONFIRMED ? now : null, `c${i}`, `u${i}`],
    );
  }
  const login = await fetch(`${a.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const call = (server: RealServer, path: string, body?: unknown) =>
    fetch(`${server.base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const created = await call(a, '/api/campaigns', { subject: 'Lettre', body: 'Bonjour', includeUpcoming: false });
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  // A accepts a few copies, then its next ones hang in the middle of SMTP: it is killed there.
  const send = await call(b, `/api/campaigns/${id}/send`, {});
  expect(send.status).toBe(200);
  await until(20_000, () => receiver.received.some((r) => r.raw.includes('a@example.org')) || receiver.received.length >= 3, 'A envoie');
  holdA = true;
  await until(20_000, () => receiver.held.length > 0, 'un envoi de A en cours');
  await a.stop('SIGKILL');
  holdA = false;
  // Restarted (a new process, same database): it takes its share again once the leases run out.
  const a2 = await startRealServer('A2', env('a2@example.org'));
  servers.push(a2);
  await a2.ready();

  await until(150_000, async () => ((await (await call(b, `/api/campaigns/${id}`)).json()) as { data: { status: string } }).data.status === 'sent', 'lettre envoyée');
  const counts = receiver.counts();
  expect(counts.size).toBe(CONFIRMED);
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  expect(counts.has('attente@example.org')).toBe(false);
  // The rate, measured at the receiver: no 60-second window holds more than RATE copies.
  const times = receiver.received.map((r) => r.at).sort((x, y) => x - y);
  const busiest = Math.max(...times.map((t, i) => times.slice(i).filter((u) => u < t + 60_000).length));
  expect(busiest).toBeLessThanOrEqual(RATE);
  const stats = ((await (await call(a2, `/api/campaigns/${id}`)).json()) as { data: { stats: unknown } }).data.stats;
  expect(stats).toEqual({ recipients: CONFIRMED, sent: CONFIRMED, failed: 0, pending: 0 });
}, 200_000);
