// `npm run backup -- FILE` and `npm run restore -- FILE [--force]`: the server's own configuration
// (.env in the working directory, then the environment), its database and its upload storage.
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../db/connection.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { createStorage } from '../plugins/create-storage.ts';
import { ArchiveError, progressReporter } from './archive-format.ts';
import { createBackup } from './backup.ts';
import { restoreBackup, RestoreRefusedError } from './restore.ts';

/** Exit codes: 0 done, 1 failure, 2 restore refused (the database holds content), 3 unreadable backup file. */
const USAGE = 'Usage : npm run backup -- FICHIER.tar.gz | npm run restore -- FICHIER.tar.gz [--force]';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || (force && command === 'backup')) {
    console.error(USAGE);
    return 1;
  }
  // npm runs scripts from the project root: a relative name is the caller's, as typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const sqliteFile = path.join(config.dataDir, 'bande.sqlite');
  if (command === 'backup' && !config.databaseUrl && !fs.existsSync(sqliteFile)) {
    console.error(`Aucune base à sauvegarder : ${sqliteFile} n’existe pas (DATA_DIR=${config.dataDir}).`);
    return 1;
  }
  const { db, dialect } = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile });
  try {
    const storage = await createStorage(config);
    const progress = progressReporter(process.stderr);
    if (command === 'backup') await createBackup({ db, dialect, storage, sqliteFile: dialect === 'sqlite' ? sqliteFile : undefined, out: file, progress });
    else await restoreBackup({ db, dialect, storage, file, force, progress });
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof RestoreRefusedError) {
      console.error(error.message);
      process.exit(2);
    }
    if (error instanceof ArchiveError) {
      console.error(error.message);
      process.exit(3);
    }
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
