import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { createDatabase, type DB } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { loadConfig } from '../../env.ts';
import { manualClock } from '../../lib/clock.ts';
import { createRecordingMailer } from '../../plugins/mailer.ts';
import { createStorage } from '../../plugins/create-storage.ts';
import { pgQuery } from '../../test/postgres.ts';
import { aggregateAudience } from './aggregation-job.ts';
import { audienceFigures } from './figures.ts';

/**
 * Two servers (two apps, each with its own pool) on one PostgreSQL schema: their counts add up once,
 * a visitor seen by both counts once, both use the same day key, and the day is aggregated once.
 * A `.pg.test.ts` file: run only with TEST_DATABASE_URL (vitest.config.ts).
 */
const pgUrl = process.env.TEST_DATABASE_URL!;
const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const clock = manualClock(new Date('2026-11-28T14:00:00.000Z'));
const servers: Array<{ app: App; db: DB }> = [];

beforeAll(async () => {
  await pgQuery(`CREATE SCHEMA ${schema}`, [], pgUrl);
  for (let i = 0; i < 2; i++) {
    const config = { ...loadConfig({ DATA_DIR: `/tmp/bande-audience-${schema}-${i}`, ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'motdepasse-test', SITE_URL: 'https://labande.example' }), databaseUrl: pgUrl };
    const { db, dialect } = createDatabase({ databaseUrl: pgUrl, sqliteFile: ':memory:', pgSchema: schema });
    if (i === 0) await migrateToLatest(db, dialect);
    const app = await buildApp({ db, dialect, config, mailer: createRecordingMailer(), storage: await createStorage(config), clock });
    await app.ready();
    servers.push({ app, db });
  }
}, 60_000);

afterAll(async () => {
  for (const { app, db } of servers) {
    await app.close();
    await db.destroy();
  }
  await pgQuery(`DROP SCHEMA ${schema} CASCADE`, [], pgUrl);
});

const view = (app: App, path: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/audience/view', remoteAddress, headers: { 'user-agent': UA }, payload: { kind: 'view', path } });

describe('audience on two servers sharing PostgreSQL', () => {
  it('adds both servers’ counts once, counts a visitor seen by both once, and aggregates the day once', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    // Both servers load the day's key at once: one row, the same key for both.
    await Promise.all([view(a.app, '/', '192.0.2.1'), view(b.app, '/', '192.0.2.1')]);
    await Promise.all([a.app.audience.flush(), b.app.audience.flush()]);
    for (let i = 0; i < 5; i++) await Promise.all([view(a.app, '/shows', '192.0.2.1'), view(b.app, '/shows', '192.0.2.2')]);
    await Promise.all([a.app.audience.flush(), b.app.audience.flush()]);
    // A flush with nothing new adds nothing.
    await Promise.all([a.app.audience.flush(), b.app.audience.flush()]);
    expect(await a.db.selectFrom('audienceKeys').select('day').execute()).toEqual([{ day: '2026-11-28' }]);
    const { audience, pageViewsByPath } = await audienceFigures(a.db, '2026-11-28', '2026-11-28');
    expect(Object.fromEntries(pageViewsByPath)).toEqual({ '/': 2, '/shows': 10 });
    expect(audience.visitors).toBe(2);

    const later = new Date('2026-11-29T08:00:00.000Z');
    const runs = await Promise.all([aggregateAudience(a.db, later), aggregateAudience(b.db, later)]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(await b.db.selectFrom('audienceDays').selectAll().execute()).toEqual([{ day: '2026-11-28', visitors: 2 }]);
    expect(await b.db.selectFrom('audienceKeys').selectAll().execute()).toEqual([]);
    expect((await audienceFigures(b.db, '2026-11-28', '2026-11-28')).audience.visitors).toBe(2);
  });
});
