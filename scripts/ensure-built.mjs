import { spawnSync } from 'node:child_process';
import { root, staleTargets } from './build-state.mjs';

/** Builds the web app and/or the server when their sources changed since the last build. */
export function ensureBuilt() {
  for (const target of staleTargets()) {
    console.log(`Construction de ${target.name}...`);
    const [cmd, args] = target.command;
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`La construction de ${target.name} a échoué.`);
      process.exit(result.status ?? 1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuilt();
