import { describe, expect, it } from 'vitest';
import { createDatabase } from '../connection.ts';
import { migrateToLatest } from '../migrate.ts';
import { newsletterLeaversListMigration } from './028-newsletter-leavers-list.ts';

describe('migration 028 (the newsletter’s opposition list)', () => {
  it('keeps the subscribers through the dropped soft-bounce column, and goes back down and up', async () => {
    const { db } = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db, 'sqlite');
    await newsletterLeaversListMigration().down(db as never);
    const now = '2026-03-03T10:00:00.000Z';
    await db.insertInto('newsletterSubscriptions').values({ email: 'a@example.org', createdAt: now, confirmedAt: now, confirmTokenHash: null, unsubscribeTokenHash: 'h', softBounces: 2 } as never).execute();
    await newsletterLeaversListMigration().up(db as never);
    expect(await db.selectFrom('newsletterSubscriptions').selectAll().execute()).toEqual([
      { id: 1, email: 'a@example.org', createdAt: now, confirmedAt: now, confirmTokenHash: null, unsubscribeTokenHash: 'h', bouncedAt: null },
    ]);
    await db.insertInto('newsletterSuppressions').values({ emailHash: 'x', createdAt: now }).execute();
    expect(await db.selectFrom('newsletterSuppressions').selectAll().execute()).toEqual([{ emailHash: 'x', createdAt: now }]);
    await db.destroy();
  });
});
