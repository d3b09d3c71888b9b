// Starts the production server (apps/api/dist/server.js, serving apps/web/dist) for the browser
// journeys, on a fresh temporary data directory seeded with the demo troupe. The directory is removed
// when the server stops. Usage: node scripts/e2e-server.mjs <port> [--maintenance]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

const port = process.argv[2] ?? '4310';
const maintenance = process.argv.includes('--maintenance');
const server = path.join(root, 'apps/api/dist/server.js');
// WEB_ROOT (read by the server too) serves another build of the web app.
const webRoot = process.env.WEB_ROOT ?? path.join(root, 'apps/web/dist');
if (!fs.existsSync(server) || !fs.existsSync(path.join(webRoot, 'index.html'))) {
  console.error("Le serveur ou le site ne sont pas construits : lancez d'abord `npm run build` (ou `npm run test:e2e`, qui construit).");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bande-e2e-${port}-`));
const child = spawn(process.execPath, [server], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Never a shared database: the journeys write (subscriptions, admin edits).
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@example.org',
    ADMIN_PASSWORD: 'admin-e2e-password',
    SITE_URL: `http://127.0.0.1:${port}`,
    MAINTENANCE_MODE: maintenance ? 'true' : 'false',
    // Each journey is a visitor of its own: its browser sends an X-Forwarded-For address of its own
    // (e2e/support/fixtures.ts), believed from this loopback proxy only, as behind a real one. The
    // per-address limits (30 logins in 15 minutes) then count each journey's requests, not the whole
    // suite's, which comes from one address and passed them.
    TRUST_PROXY: '127.0.0.1',
    // The scheduling journey waits for a publication planned a few seconds ahead: look every second.
    SCHEDULE_CHECK_SECONDS: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

let stopping = false;
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
