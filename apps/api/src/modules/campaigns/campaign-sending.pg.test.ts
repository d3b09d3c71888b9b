import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgQuery } from '../../test/postgres.ts';
import { startRealServer, type RealServer } from '../../test/real-server.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';

/**
 * A campaign sent by two real servers on one PostgreSQL schema, one of them SIGKILLed in the middle of
 * SMTP transactions (the receiver holds its messages unanswered), then started again: every confirmed
 * subscriber gets exactly one copy, the pending one none, and NEWSLETTER_RATE_PER_MINUTE holds in every
 * 60-second window measured at the receiver. About 70 to 200 s: the killed server's rows wait for their lease,
 * and the copy caught in the middle may wait for the rate's next minute.
 */
const RATE = 20;
const CONFIRMED = 30;
const ADMIN = { email: 'admin@example.org', password: 'motdepasse-test' };
const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
const servers: RealServer[] = [];
/**
 * Holding: the next copy, from either server, is held unanswered, and so are that server's copies after
 * it. Which server sends next is the rate's choice (one server may take a whole minute's share), so the
 * test kills whichever one it caught in the middle of a copy, rather than wait for a given one.
 */
let holding = false;
let holdOnly: string | null = null;
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;

const until = async (ms: number, check: () => boolean | Promise<boolean>, what: string) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`toujours pas après ${ms} ms : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  receiver = await startSmtpReceiver({}, (from) => {
    if (!holding) return false;
    holdOnly ??= from;
    return from === holdOnly;
  });
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

  // A first copy is accepted; the next one, from whichever server sends it, hangs in the middle of SMTP,
  // and that server is killed there. After a full minute's share, the next copy waits for the window.
  const send = await call(b, `/api/campaigns/${id}/send`, {});
  expect(send.status).toBe(200);
  await until(30_000, () => receiver.received.length > 0, 'une première copie');
  holding = true;
  await until(100_000, () => receiver.held.length > 0, 'un envoi en cours');
  const killed = holdOnly === 'a@example.org' ? a : b;
  const survivor = killed === a ? b : a;
  await killed.stop('SIGKILL');
  holding = false;
  // Restarted (a new process, same database): it takes its share again once the leases run out.
  const restarted = await startRealServer(`${killed.name}2`, env(`${killed.name.toLowerCase()}2@example.org`));
  servers.push(restarted);
  await restarted.ready();

  await until(240_000, async () => ((await (await call(survivor, `/api/campaigns/${id}`)).json()) as { data: { status: string } }).data.status === 'sent', 'lettre envoyée');
  const counts = receiver.counts();
  expect(counts.size).toBe(CONFIRMED);
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  expect(counts.has('attente@example.org')).toBe(false);
  // The rate, measured at the receiver: no 60-second window holds more than RATE copies.
  const times = receiver.received.map((r) => r.at).sort((x, y) => x - y);
  const busiest = Math.max(...times.map((t, i) => times.slice(i).filter((u) => u < t + 60_000).length));
  expect(busiest).toBeLessThanOrEqual(RATE);
  const stats = ((await (await call(restarted, `/api/campaigns/${id}`)).json()) as { data: { stats: unknown } }).data.stats;
  expect(stats).toEqual({ recipients: CONFIRMED, sent: CONFIRMED, failed: 0, pending: 0, bounced: 0, unsubscribed: 0 });
}, 420_000);
