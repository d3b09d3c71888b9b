// npm start: build what is not built, then run the server in this process (it handles SIGTERM).
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';

ensureBuilt();
await import(`${root}/apps/api/dist/server.js`);
