import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the server runs from as `npm run dev` runs it. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A real server process (apps/api/src/server.ts under tsx) on its own port and DATA_DIR. */
export interface RealServer {
  name: string;
  base: string;
  process: ChildProcess;
  dataDir: string;
  /** What the server wrote so far, stdout and stderr together. */
  output: () => string;
  /** Resolves once /api/health answers 200; throws with the server's output if it stops or is not up within 60 s. */
  ready: () => Promise<void>;
  /** Stops it (when still running) with `signal`, waits for the exit, removes its DATA_DIR. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the TypeScript server as `npm run dev` runs it (tsx, no build) with only PATH from this
 * process and `env`; PORT, HOST, DATA_DIR and SITE_URL are its own, and WEB_ROOT, unless `env` names
 * one, is an empty folder (no web app: the API alone).
 */
export async function startRealServer(name: string, env: Record<string, string>): Promise<RealServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bande-server-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, WEB_ROOT: path.join(dataDir, 'no-web'), ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return {
    name,
    base,
    process: child,
    dataDir,
    output: () => output,
    async ready() {
      for (let waited = 0; ; waited += 200) {
        if (child.exitCode !== null) throw new Error(`le serveur ${name} s'est arrêté au démarrage :\n${output}`);
        if (waited > 60_000) throw new Error(`le serveur ${name} ne répond pas après 60 s :\n${output}`);
        if (await fetch(`${base}/api/health`).then((res) => res.ok, () => false)) return;
        await pause(200);
      }
    },
    async stop(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill(signal);
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
