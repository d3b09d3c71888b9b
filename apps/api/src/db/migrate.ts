import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB, DialectName } from './connection.ts';
import { initialMigration } from './migrations/001-initial.ts';

/** Migrations live in code (not read from a folder) so that the bundled server carries them. */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
  };
}

export async function migrateToLatest(db: DB, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}
