import { describe, expect, it } from 'vitest';
import { createDatabase } from '../connection.ts';
import { migrateToLatest } from '../migrate.ts';
import { letterLeaversMigration } from './019-letter-leavers.ts';
import { newsletterLeaversListMigration } from './028-newsletter-leavers-list.ts';

describe('migration 019 (letter leavers)', () => {
  it('keeps every recipient row through the SQLite rebuild, lets an erased row lose its address, and goes back down', async () => {
    const { db } = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db, 'sqlite');
    // Down to 018 (through 028, which drops the column 019 added) and up again, with a row written under 018's columns.
    await newsletterLeaversListMigration().down(db as never);
    await letterLeaversMigration('sqlite').down(db as never);
    const now = '2026-03-03T10:00:00.000Z';
    await db.insertInto('campaigns').values({ subject: 'Mars', body: 'x', includeUpcoming: 0, status: 'sent', createdAt: now, updatedAt: now }).execute();
    await db.insertInto('campaignRecipients').values({ campaignId: 1, subscriberId: 7, email: 'a@example.org', status: 'failed', nextAttemptAt: now, lastError: '451 plein', unsubscribeTokenHash: 'h' } as never).execute();
    await letterLeaversMigration('sqlite').up(db as never);
    expect(await db.selectFrom('campaignRecipients').selectAll().execute()).toEqual([
      { id: 1, campaignId: 1, subscriberId: 7, email: 'a@example.org', status: 'failed', attempts: 0, nextAttemptAt: now, claimedUntil: null, sentAt: null, lastError: '451 plein', unsubscribeToken: null, unsubscribeTokenHash: 'h', errorCode: null },
    ]);
    await db.updateTable('campaignRecipients').set({ email: null, subscriberId: null, unsubscribeTokenHash: null }).execute();
    // The campaign's rows still go with it (the rebuilt table keeps its foreign key).
    await db.deleteFrom('campaigns').execute();
    expect(await db.selectFrom('campaignRecipients').selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
