// The server's entry (npm start runs its build, dist/server.js; npm run dev runs it under tsx).
//
// V8 grows its young generation while the server starts: loading the modules, migrating and seeding
// keep most of what they allocate, and each scavenge that sees much survive doubles it, up to its
// maximum (two 8 MB semi-spaces under npm start, scripts/memory-settings.mjs) — about 15 MB resident that
// an idle server then keeps until V8's memory reducer gives them back, 20 s or more later (issue 37).
// So the young generation is held at its first size while the server's modules load and it starts
// (everything is imported below, after the hold), and released once it listens (settleAfterStart).
import { holdYoungGeneration } from './lib/young-generation.ts';

holdYoungGeneration();
await import('./start-server.ts');
