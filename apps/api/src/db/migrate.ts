import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DB, DialectName } from './connection.ts';
import { initialMigration } from './migrations/001-initial.ts';
import { imageVariantsMigration } from './migrations/002-image-variants.ts';
import { contentVersionMigration } from './migrations/003-content-version.ts';
import { mailQueueMigration } from './migrations/004-mail-queue.ts';
import { legalSettingsMigration } from './migrations/005-legal-settings.ts';
import { messageStatusMigration } from './migrations/006-message-status.ts';
import { newsletterOptInMigration } from './migrations/007-newsletter-opt-in.ts';
import { auditLogMigration } from './migrations/009-audit-log.ts';
import { previewLinksMigration } from './migrations/013-preview-links.ts';
import { revisionsMigration } from './migrations/010-revisions.ts';
import { scheduledPublishingMigration } from './migrations/011-scheduled-publishing.ts';
import { twoFactorMigration } from './migrations/012-two-factor.ts';
import { passkeysMigration } from './migrations/016-passkeys.ts';
import { rolesMigration } from './migrations/017-roles.ts';
import { reservationsMigration } from './migrations/014-reservations.ts';
import { siteContentMigration } from './migrations/015-site-content.ts';
import { campaignsMigration } from './migrations/018-campaigns.ts';
import { letterLeaversMigration } from './migrations/019-letter-leavers.ts';
import { codeRequesterMigration } from './migrations/020-code-requester.ts';
import { doorArrivalsMigration } from './migrations/021-door-arrivals.ts';
import { bouncesMigration } from './migrations/023-bounces.ts';
import { campaignFailureMigration } from './migrations/025-campaign-failure.ts';
import { thankYouMigration } from './migrations/027-thank-you.ts';
import { newsletterLeaversListMigration } from './migrations/028-newsletter-leavers-list.ts';
import { audienceMigration } from './migrations/029-audience.ts';
import { heldSeatsMigration } from './migrations/031-held-seats.ts';
import { waitingHistoryMigration } from './migrations/032-waiting-history.ts';
import { audiencePeriodIndexMigration } from './migrations/035-audience-period-index.ts';

/** Migrations live in code (not read from a folder) so that the bundled server carries them. */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-image-variants': imageVariantsMigration(),
    '003-content-version': contentVersionMigration(),
    '004-mail-queue': mailQueueMigration(dialect),
    '005-legal-settings': legalSettingsMigration(),
    '006-message-status': messageStatusMigration(),
    '007-newsletter-opt-in': newsletterOptInMigration(),
    '009-audit-log': auditLogMigration(dialect),
    '013-preview-links': previewLinksMigration(),
    '010-revisions': revisionsMigration(dialect),
    '011-scheduled-publishing': scheduledPublishingMigration(),
    '012-two-factor': twoFactorMigration(dialect),
    '016-passkeys': passkeysMigration(dialect),
    '017-roles': rolesMigration(),
    '014-reservations': reservationsMigration(dialect),
    '015-site-content': siteContentMigration(),
    '018-campaigns': campaignsMigration(dialect),
    '019-letter-leavers': letterLeaversMigration(dialect),
    '020-code-requester': codeRequesterMigration(),
    '021-door-arrivals': doorArrivalsMigration(),
    '023-bounces': bouncesMigration(dialect),
    '025-campaign-failure': campaignFailureMigration(),
    '027-thank-you': thankYouMigration(),
    '028-newsletter-leavers-list': newsletterLeaversListMigration(),
    '029-audience': audienceMigration(dialect),
    '031-held-seats': heldSeatsMigration(dialect),
    '032-waiting-history': waitingHistoryMigration(dialect),
    '035-audience-period-index': audiencePeriodIndexMigration(),
  };
}

/** Names of the migrations this code knows, oldest first (a backup names the last one it had). */
export function migrationNames(dialect: DialectName): string[] {
  return Object.keys(migrationsFor(dialect)).sort();
}

export async function migrateToLatest(db: DB, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  // On PostgreSQL the migrator must look for its own tables in the current schema only: without it,
  // Kysely finds `kysely_migration_lock` in another schema of the database and skips creating its own.
  const migrationTableSchema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}
