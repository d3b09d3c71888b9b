// What the benches share to run the built server (apps/api/dist/server.js) as production does: a free
// port on 127.0.0.1, a temporary data directory, and a start awaited on /api/health.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-state.mjs';

/** A TCP port nobody listens on now (the system's choice). */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the built server on a free port, in a new temporary data directory (its working directory too,
 * so that no .env file of the checkout applies), with `env(base, dataDir)` as its whole environment beside
 * PATH, PORT, HOST and DATA_DIR. Answers once /api/health says 200, within a minute; `stop()` ends it
 * and removes the directory.
 */
export async function startBuiltServer(name, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bande-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: dataDir,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env(base, dataDir) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop, dataDir, pid: child.pid };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("le serveur n'a pas répondu sur /api/health en 1 minute");
}
