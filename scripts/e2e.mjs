// npm run test:e2e: the browser journeys alone (builds first when sources changed).
import { spawnSync } from 'node:child_process';
import { requireChromium } from './chromium.mjs';
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';

const chromium = requireChromium();
ensureBuilt();
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
