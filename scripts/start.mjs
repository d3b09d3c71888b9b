// npm start: build what is not built, then run the server (it handles SIGTERM).
//
// Memory by default (issue 37, scripts/memory-settings.mjs): glibc reads its malloc variables, and Node
// its NODE_OPTIONS, only when a process starts. So when any of them is missing, the server runs as a
// child process started with them (signals passed on, its exit code returned); when all are set (a
// systemd unit, docs/deploy.md, or an operator's choice), the server runs in this process as before.
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';
import { withMemorySettings } from './memory-settings.mjs';

ensureBuilt();
const server = `${root}/apps/api/dist/server.js`;
const settings = withMemorySettings(process.env);
if (settings.complete) {
  await import(server);
} else {
  const child = spawn(process.execPath, [...process.execArgv, server], { stdio: 'inherit', env: settings.env });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
