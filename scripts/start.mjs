// npm start: build what is not built, then run the server (it handles SIGTERM).
//
// Memory by default (issue 37): glibc keeps freed memory in one arena per thread unless
// MALLOC_ARENA_MAX is set, and it reads the variable only when a process starts. So when it is not
// set, the server runs as a child process started with MALLOC_ARENA_MAX=2 (signals passed on, its exit
// code returned); when it is (a systemd unit, docs/deploy.md, or an operator's choice), the server
// runs in this process as before.
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';

ensureBuilt();
const server = `${root}/apps/api/dist/server.js`;
if (process.env.MALLOC_ARENA_MAX) {
  await import(server);
} else {
  const child = spawn(process.execPath, [...process.execArgv, server], { stdio: 'inherit', env: { ...process.env, MALLOC_ARENA_MAX: '2' } });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
