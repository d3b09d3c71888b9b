// npm test: every suite — unit, component and API tests (Vitest), then the browser journeys
// (Playwright in Debian's Chromium, against the production build). Ends with one summary line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { requireChromium } from './chromium.mjs';
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';

const chromium = requireChromium();
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-reports-'));
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);

ensureBuilt();
const playwrightReport = path.join(reports, 'playwright.json');
const playwrightStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const ok = vitestStatus === 0 && playwrightStatus === 0 && vitest && playwright;

const reason = (messages = []) => {
  const first = String(messages[0] ?? '').split('\n').find((line) => line.trim() !== '');
  return first ? `\n    ${first.trim().slice(0, 300)}` : '';
};
// The names of the failed tests come last, with the first line of why, beside the totals: a CI log is often
// read by its end only.
const failedVitest = (vitest?.testResults ?? []).flatMap((file) =>
  (file.assertionResults ?? [])
    .filter((test) => test.status === 'failed')
    .map((test) => `${path.relative(root, file.name)} › ${test.fullName}${reason(test.failureMessages)}`),
);
const failedPlaywright = [];
const walkSuites = (suites = [], file = '') => {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === 'unexpected')) failedPlaywright.push(`${suite.file ?? file} › ${spec.title}`);
    }
    walkSuites(suite.suites, suite.file ?? file);
  }
};
walkSuites(playwright?.suites);
for (const name of [...failedVitest, ...failedPlaywright]) console.log(`en échec : ${name}`);

console.log(`\nVitest : ${vitest ? `${vitest.numPassedTests} réussis, ${vitest.numFailedTests} en échec` : 'aucun rapport'} — Playwright : ${playwright ? `${playwright.stats.expected} réussis, ${playwright.stats.unexpected} en échec, ${playwright.stats.flaky} instables` : 'aucun rapport'}`);
console.log(`${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
