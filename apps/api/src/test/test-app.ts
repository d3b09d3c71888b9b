import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app.ts';
import type { App, AppDeps } from '../deps.ts';
import { createDatabase, type DB, type DialectName } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig, type AppConfig } from '../env.ts';
import { manualClock } from '../lib/clock.ts';
import { createRecordingMailer } from '../plugins/mailer.ts';
import { createStorage } from '../plugins/create-storage.ts';
import type { Storage } from '../plugins/storage.ts';
import { pgQuery } from './postgres.ts';

export interface TestContext {
  app: App;
  db: DB;
  dialect: DialectName;
  config: AppConfig;
  mailer: ReturnType<typeof createRecordingMailer>;
  clock: ReturnType<typeof manualClock>;
  storage: Storage;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database for one test file: SQLite in memory, or a new PostgreSQL schema
 * when TEST_DATABASE_URL is set. Mails are recorded, time is a manual clock, uploads go to a temp dir.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  web: Pick<AppDeps, 'webRoot' | 'ssrEntry'> = {},
  /** A logger to read what the server writes to its log (none by default). */
  loggerInstance?: FastifyBaseLogger,
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'motdepasse-test', CONTACT_EMAIL: 'contact@example.org', SITE_URL: 'http://localhost:3000', ...env });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgSchema = pgUrl ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (pgUrl && pgSchema) await pgQuery(`CREATE SCHEMA ${pgSchema}`, [], pgUrl);
  const { db, dialect } = createDatabase({ databaseUrl: pgUrl, sqliteFile: ':memory:', pgSchema });
  await migrateToLatest(db, dialect);
  const mailer = createRecordingMailer();
  const clock = manualClock();
  // DATA_DIR/uploads, or the bucket when the test's env names one (S3_BUCKET...).
  const storage = await createStorage(config);
  const app = await buildApp({ db, dialect, config: { ...config, databaseUrl: pgUrl }, mailer, storage, clock, ...web }, { loggerInstance });
  await app.ready();
  return {
    app,
    db,
    dialect,
    config,
    mailer,
    clock,
    storage,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      if (pgUrl && pgSchema) await pgQuery(`DROP SCHEMA ${pgSchema} CASCADE`, [], pgUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
