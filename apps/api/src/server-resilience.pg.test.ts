import crypto from 'node:crypto';
import net from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { createDatabase } from './db/connection.ts';
import { isDatabaseUnavailable, registerErrorHandler } from './plugins/error-handler.ts';
import { pgQuery } from './test/postgres.ts';
import { startRealServer, type RealServer } from './test/real-server.ts';

/**
 * PostgreSQL ends the server's connections (a restart, a failover, an administrator's
 * pg_terminate_backend): the server process must stay up and answer again, never crash. A `.pg.test.ts`
 * file: run only with TEST_DATABASE_URL (vitest.config.ts; .ci/run does), where an unreachable server fails.
 */
const pgUrl = process.env.TEST_DATABASE_URL;

/** Ends every connection the server opened (they carry its application_name); answers how many. */
async function terminateConnections(applicationName: string): Promise<number> {
  const result = await pgQuery(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1',
    [applicationName],
  );
  return result.rowCount ?? 0;
}

describe('the real server when PostgreSQL ends its connections', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const applicationName = `bande-resilience-${crypto.randomBytes(4).toString('hex')}`;
  let server: RealServer;
  let base: string;

  beforeAll(async () => {
    await pgQuery(`CREATE SCHEMA ${schema}`);
    const databaseUrl = new URL(pgUrl!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl.searchParams.set('application_name', applicationName);
    server = await startRealServer('resilience', {
      DATABASE_URL: databaseUrl.toString(),
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@example.org',
      ADMIN_PASSWORD: 'motdepasse-test',
      LOG_LEVEL: 'info',
    });
    base = server.base;
    await server.ready();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('stays up, logs the lost connections, and answers the next requests (200, or a French 503, never a 500)', async () => {
    // Several connections in the pool, idle when they are ended.
    await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/api/health`)));
    expect(await terminateConnections(applicationName)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.process.exitCode, server.output()).toBeNull();
    expect(server.output()).toContain('connexion PostgreSQL perdue');

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/health`);
      statuses.push(res.status);
      if (res.status === 503) expect(await res.json()).toEqual({ error: texts.api.serviceUnavailable });
    }
    expect(statuses.every((status) => status === 200 || status === 503), statuses.join()).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });

  it('on SIGTERM, finishes the request in flight, then stops and closes its database connections', async () => {
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    // A request whose body is still arriving when the stop begins.
    const body = JSON.stringify({ email: 'en-vol@example.org' });
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.write(`POST /api/newsletter/subscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.process.exitCode, 'still finishing the request in flight').toBeNull();
    socket.write(body.slice(5));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 200/);

    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('toujours en marche après 12 s'), 12_000))]);
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('arrêt terminé');
    const left = await pgQuery('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    expect(left.rows[0].n).toBe(0);
  });
});

describe('a query whose connection is ended under it', () => {
  it('answers a French 503 (the next attempt may succeed), not a 500', async () => {
    const applicationName = `bande-midquery-${crypto.randomBytes(4).toString('hex')}`;
    const url = new URL(pgUrl!);
    url.searchParams.set('application_name', applicationName);
    const logged: unknown[] = [];
    const { db } = createDatabase({ databaseUrl: url.toString(), log: { error: (details) => logged.push(details) } });
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/slow', async () => (await sql`SELECT pg_sleep(5)`.execute(db)).rows);
    try {
      const pending = app.inject({ method: 'GET', url: '/slow' });
      // Wait until the query runs, then end its connection.
      for (let i = 0; i < 50 && (await terminateConnections(applicationName)) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await pending;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ error: texts.api.serviceUnavailable });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('survives a connection ended while a request holds it between two statements: that request fails, the next ones are answered', async () => {
    const applicationName = `bande-held-${crypto.randomBytes(4).toString('hex')}`;
    const url = new URL(pgUrl!);
    url.searchParams.set('application_name', applicationName);
    const { db } = createDatabase({ databaseUrl: url.toString(), log: { error: () => undefined } });
    try {
      await db.connection().execute(async (connection) => {
        await sql`SELECT 1`.execute(connection);
        expect(await terminateConnections(applicationName)).toBe(1);
        // PostgreSQL's notice arrives while no statement runs: on the client, not on a query. Without
        // the client's own listener (db/connection.ts) it is thrown; Vitest reports it and the run fails.
        await new Promise((resolve) => setTimeout(resolve, 500));
        // An error the handler answers with a French 503.
        await expect(sql`SELECT 1`.execute(connection)).rejects.toSatisfy((error: Error) => isDatabaseUnavailable(error));
      });
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });

  it('sets statement_timeout on every connection, so a runaway query is stopped by PostgreSQL', async () => {
    const { db } = createDatabase({ databaseUrl: pgUrl });
    try {
      const { rows } = await sql<{ statementTimeout: string }>`SHOW statement_timeout`.execute(db);
      expect(rows[0]!.statementTimeout).toBe('15s'); // CamelCasePlugin renames the column
    } finally {
      await db.destroy();
    }
  });
});
