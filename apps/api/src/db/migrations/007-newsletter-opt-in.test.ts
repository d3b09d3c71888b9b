import { Migrator, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../connection.ts';
import { initialMigration } from './001-initial.ts';
import { imageVariantsMigration } from './002-image-variants.ts';
import { contentVersionMigration } from './003-content-version.ts';
import { mailQueueMigration } from './004-mail-queue.ts';
import { legalSettingsMigration } from './005-legal-settings.ts';
import { newsletterOptInMigration } from './007-newsletter-opt-in.ts';

describe('migration 007 (newsletter double opt-in)', () => {
  it('counts the addresses stored before it as confirmed on the day they came, and goes back down', async () => {
    const { db } = createDatabase({ sqliteFile: ':memory:' });
    const migrations: Record<string, Migration> = {
      '001-initial': initialMigration('sqlite'),
      '002-image-variants': imageVariantsMigration(),
      '003-content-version': contentVersionMigration(),
      '004-mail-queue': mailQueueMigration('sqlite'),
      '005-legal-settings': legalSettingsMigration(),
      '007-newsletter-opt-in': newsletterOptInMigration(),
    };
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('005-legal-settings')).error).toBeUndefined();
    await db.insertInto('newsletterSubscriptions').values({ email: 'ancienne@example.org', createdAt: '2025-01-02T03:04:05.000Z' } as never).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('newsletterSubscriptions').selectAll().execute()).toEqual([
      { id: 1, email: 'ancienne@example.org', createdAt: '2025-01-02T03:04:05.000Z', confirmedAt: '2025-01-02T03:04:05.000Z', confirmTokenHash: null, unsubscribeTokenHash: null },
    ]);
    expect((await migrator.migrateTo('005-legal-settings')).error).toBeUndefined();
    expect(Object.keys((await db.selectFrom('newsletterSubscriptions').selectAll().executeTakeFirst())!)).toEqual(['id', 'email', 'createdAt']);
    await db.destroy();
  });
});
