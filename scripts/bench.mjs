// npm run bench [-- --record]: one measured run of the production build on this machine.
//  1. requests per second and p99 latency of GET /api/health, GET / (server-rendered, from the page cache),
//     GET /api/shows?published=true and GET / rendered afresh for every request (with an Authorization header),
//     one after the other, twice interleaved, medians reported with the ratios to /api/health;
//  2. JavaScript transferred (compressed) by a first visit of / in headless Chromium;
//  3. Lighthouse (mobile) scores, LCP and TBT of /, /shows, one show page and /bonus, medians of 5 runs.
// Everything runs against 127.0.0.1 on a temporary data directory with the demo content; every step
// stops by itself. --record also writes the result into docs/performance.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { findChromium } from './chromium.mjs';
// The flags the browser journeys launch Chromium with (headless, no sandbox, no GPU, no internet).
import BROWSER_FLAGS from './chromium-flags.json' with { type: 'json' };
import { ensureBuilt } from './ensure-built.mjs';
import { root } from './build-state.mjs';
import { reservationsRun, reservationsSummary } from './bench-reservations.mjs';
import { closeToTheMachine, closeToTheMachineSummary, residentMb, settledMb, SETTLE_SECONDS, soak, startupMs } from './bench-bare.mjs';
import { audienceCost, audienceCostSummary } from './bench-audience.mjs';
import { withMemorySettings } from './memory-settings.mjs';

const LOAD = { connections: 20, duration: 10 };
const ROUNDS = 2;
const ENDPOINTS = [
  { label: 'GET /api/health', path: '/api/health' },
  { label: 'GET /', path: '/' },
  { label: 'GET /api/shows?published=true', path: '/api/shows?published=true' },
  // A request with an Authorization header never reads nor fills the page cache: what one server
  // render costs (a first visit after a content change). Not a target, shown so that the cached
  // figure is read for what it is.
  { label: 'GET / (rendered each time)', path: '/', headers: { authorization: 'Bearer bench' } },
];
const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const LIGHTHOUSE_RUNS = 5;
const RECORD = process.argv.includes('--record');
// `--lighthouse-only`: skip the load test and the first-visit count, for a quicker look at the scores
// while working (never recorded).
const LIGHTHOUSE_ONLY = process.argv.includes('--lighthouse-only');
// `--machine-only`: only the comparison with bare Node, the memory and the start-up (issue 27), for a
// quicker look while working on them (never recorded).
const MACHINE_ONLY = process.argv.includes('--machine-only');
// `--audience-only`: only what the audience measurement costs GET / (issue 36; never recorded).
const AUDIENCE_ONLY = process.argv.includes('--audience-only');
const COMMAND = `npm run bench${RECORD ? ' -- --record' : ''}`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(extraEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // A known administrator, so that Lighthouse can open the backoffice's dashboard (issue 27).
  const admin = { email: 'banc@example.org', password: crypto.randomBytes(12).toString('hex') };
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', SITE_URL: base, MAINTENANCE_MODE: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...extraEnv };
  // Always the default SQLite database in the temp directory, whatever the caller's environment says.
  delete env.DATABASE_URL;
  // npm start's memory settings (scripts/memory-settings.mjs, issue 37), which the memory figures are about.
  const tuned = withMemorySettings(env);
  // Started from a directory without a .env file, so that nothing overrides the settings above.
  // With an IPC channel: the server answers 'fast-path-counts' with its fast path's hits and misses (start-server.ts).
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { cwd: dataDir, env: tuned.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const fastPathCounts = () =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), 2_000);
      child.once('message', (message) => (clearTimeout(timer), resolve(message?.fastPath ?? null)));
      child.send('fast-path-counts');
    });
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 5_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
      });
    }
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop, pid: child.pid, dataDir, admin, fastPathCounts };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("le serveur n'a pas répondu sur /api/health en 2 minutes");
}

/** The fast path's hits (answers it sent) and misses (requests handed to Fastify) so far (issue 37). */
async function printFastPathCounts(server) {
  const counts = await server.fastPathCounts();
  console.log(counts ? `Voie rapide : ${counts.hits} réponses servies avant Fastify (hits), ${counts.misses} passées à Fastify (misses).` : 'Voie rapide : compteurs non reçus.');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function loadTest(base) {
  const runs = Object.fromEntries(ENDPOINTS.map((e) => [e.label, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const endpoint of ENDPOINTS) {
      const result = await autocannon({
        url: base + endpoint.path,
        ...LOAD,
        // As a browser asks: the HTML and JSON answers are compressed.
        headers: { 'accept-encoding': 'br, gzip', ...endpoint.headers },
      });
      const bad = result.non2xx + result.errors + result.timeouts;
      runs[endpoint.label].push({ rps: result.requests.average, p99: result.latency.p99, bad });
      console.log(
        `  ${round}/${ROUNDS} ${endpoint.label.padEnd(32)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p99 ${String(result.latency.p99).padStart(4)} ms${bad ? `  (${bad} non-2xx/erreurs)` : ''}`,
      );
    }
  }
  return ENDPOINTS.map((endpoint) => ({
    ...endpoint,
    rps: median(runs[endpoint.label].map((r) => r.rps)),
    p99: median(runs[endpoint.label].map((r) => r.p99)),
    bad: runs[endpoint.label].reduce((n, r) => n + r.bad, 0),
  }));
}

async function javascriptOfFirstVisit(base, chromiumPath) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: BROWSER_FLAGS, timeout: 30_000 });
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'br, gzip' } });
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle', timeout: 30_000 });
    let bytes = 0;
    for (const request of scripts) bytes += (await request.sizes()).responseBodySize;
    return { bytes, files: scripts.length };
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(base, chromiumPath, admin) {
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch (error) {
    return { error: `Lighthouse n'est pas installé (${error.message})` };
  }
  const shows = await (await fetch(`${base}/api/shows?published=true`)).json();
  const slug = shows.data?.[0]?.slug;
  // The four public pages, then the backoffice's login and its dashboard's first tab, opened signed in.
  const session = admin ? await signIn(base, admin).catch(() => null) : null;
  const pages = ['/', '/shows', ...(slug ? [`/show/${slug}`] : []), '/bonus', '/admin/login', ...(session ? ['/admin/dashboard'] : [])];
  const rows = [];
  for (const pagePath of pages) {
    // Several runs, medians: the blocking time (and so the performance score) varies from run to run
    // on a shared machine. A fresh browser per run, and one more try when the trace could not be
    // recorded (NO_NAVSTART and the like happen on a busy machine): a failed run gives no score
    // rather than a wrong one.
    const runs = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      let lhr;
      for (let attempt = 1; attempt <= 2 && (!lhr || lhr.runtimeError); attempt++) lhr = await lighthouseRun(lighthouse, chromeLauncher, `${base}${pagePath}`, chromiumPath, pagePath === '/admin/dashboard' ? session : null);
      runs.push(lhr);
    }
    const measured = runs.filter((lhr) => !lhr.runtimeError);
    const medianOf = (read) => {
      const values = measured.map(read).filter((value) => value != null);
      return values.length === 0 ? null : median(values);
    };
    const scores = Object.fromEntries(
      LIGHTHOUSE_CATEGORIES.map((c) => {
        const score = medianOf((lhr) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)));
        // With an even count (a run that failed twice), the median lies between two scores: the lower one.
        return [c, score == null ? null : Math.floor(score)];
      }),
    );
    rows.push({
      path: pagePath,
      ...scores,
      lcp: medianOf((lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? null),
      tbt: medianOf((lhr) => lhr.audits['total-blocking-time']?.numericValue ?? null),
      // Lighthouse's resource summary: every script the page loaded (lazy chunks included), as transferred.
      scriptBytes: medianOf((lhr) => lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? null),
      performanceRuns: measured.map((lhr) => Math.round(lhr.categories.performance.score * 100)),
      runtimeError: measured.length === 0 ? runs[0].runtimeError?.message : undefined,
      warnings: [...new Set(runs.flatMap((lhr) => lhr.runWarnings ?? []))],
    });
    const tbts = measured.map((lhr) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)).join(', ');
    console.log(`  ${pagePath}: ${LIGHTHOUSE_CATEGORIES.map((c) => `${c} ${scores[c] ?? '—'}`).join(', ')} (performance par passage : ${measured.map((lhr) => Math.round(lhr.categories.performance.score * 100)).join(', ') || '—'} ; TBT : ${tbts} ms)`);
  }
  return { rows, missingShow: !slug };
}

/** The bench's administrator's session, as the backoffice keeps it after its login form. */
async function signIn(base, admin) {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`connexion refusée (${response.status})`);
  const { token, user } = await response.json();
  return { token, user };
}

/**
 * Puts the session where the backoffice reads it (localStorage, spec section 3) in this browser, so that
 * Lighthouse opens the dashboard signed in; Lighthouse is then told not to clear the site's storage.
 */
async function storeSession(chromePort, url, session) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('admin_token', token);
      localStorage.setItem('admin_user', JSON.stringify(user));
    }, session);
    await page.close();
  } finally {
    // Disconnects Playwright only: the browser stays up for Lighthouse.
    await browser.close();
  }
}

async function lighthouseRun(lighthouse, chromeLauncher, url, chromiumPath, session = null) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: [...BROWSER_FLAGS, '--headless=new'] });
  try {
    if (session) await storeSession(chrome.port, url, session);
    // The default configuration is Lighthouse's mobile one (Moto G Power, slow 4G, simulated).
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: LIGHTHOUSE_CATEGORIES, maxWaitForLoad: 45_000, disableStorageReset: session !== null });
    if (!result?.lhr) throw new Error(`pas de rapport Lighthouse pour ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (value) => `${Math.round(value * 100)} %`;

function markdown({ date, load, js, lighthouse: lh, machine, reservations, machineBlock }) {
  const health = load.find((l) => l.path === '/api/health');
  const lines = [
    `### Run of ${date}`,
    '',
    `Command: \`${COMMAND}\` — ${machine}.`,
    '',
    `Load: autocannon, ${LOAD.connections} connections, ${LOAD.duration} s per endpoint, ${ROUNDS} interleaved rounds, medians; \`accept-encoding: br, gzip\`.`,
    '',
    '| endpoint | req/s | p99 latency | share of /api/health | non-2xx or errors |',
    '|---|---:|---:|---:|---:|',
    ...load.map((l) => `| \`${l.label}\` | ${l.rps.toFixed(0)} | ${l.p99} ms | ${l === health ? '—' : pct(l.rps / health.rps)} | ${l.bad} |`),
    '',
    machineBlock,
    '',
    reservationsSummary(reservations),
    '',
    js.error ? `JavaScript of a first visit to \`/\`: not measured (${js.error}).` : `JavaScript of a first visit to \`/\` (compressed, transferred): **${kb(js.bytes)}** in ${js.files} files.`,
    '',
  ];
  if (lh.error) {
    lines.push(`Lighthouse: not measured (${lh.error}).`);
  } else {
    lines.push(
      `Lighthouse 12 (mobile, simulated throttling), medians of ${LIGHTHOUSE_RUNS} runs per page (each run's performance score in brackets):`,
      '',
      '| page | performance | accessibility | best practices | SEO | LCP | TBT | script transferred |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...lh.rows.map(
        (r) =>
          `| \`${r.path}\` | ${r.performance ?? '—'} (${r.performanceRuns.join(', ') || '—'}) | ${r.accessibility ?? '—'} | ${r['best-practices'] ?? '—'} | ${r.seo ?? '—'} | ${r.lcp == null ? '—' : `${(r.lcp / 1000).toFixed(2)} s`} | ${r.tbt == null ? '—' : `${Math.round(r.tbt)} ms`} | ${r.scriptBytes == null ? '—' : kb(r.scriptBytes)} |`,
      ),
    );
    if (lh.missingShow) lines.push('', 'No published show: the show page was not measured.');
    const problems = lh.rows.filter((r) => r.runtimeError || r.warnings.length > 0);
    for (const r of problems) lines.push('', `\`${r.path}\`: ${[r.runtimeError, ...r.warnings].filter(Boolean).join(' ; ')}`);
  }
  return lines.join('\n');
}

function record(block) {
  const file = path.join(root, 'docs/performance.md');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Performance\n\n${start}\n${end}\n`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/performance.md n'a pas les marqueurs ${start} ... ${end}`);
  fs.writeFileSync(file, `${text.slice(0, from + start.length)}\n${block}\n${text.slice(to)}`);
  console.log('\nRésultats enregistrés dans docs/performance.md');
}

async function main() {
  // `--campaign`: the newsletter campaign run alone (scripts/bench-campaign.mjs).
  if (process.argv.includes('--campaign')) {
    await import('./bench-campaign.mjs');
    return;
  }
  const chromiumPath = findChromium();
  ensureBuilt();
  const started = Date.now();
  // Other work on the machine skews every figure: say how busy it was.
  const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' / ');
  // Lighthouse multiplies the main-thread time it measures by four (its simulated phone): on a busy
  // machine TBT reads several times higher than on an idle one (docs/performance.md).
  if (os.loadavg()[0] > os.cpus().length * 0.75) {
    console.warn(`Attention : la machine est occupée (charge ${loadAtStart}) ; le TBT et les scores Lighthouse en seront faussés.`);
  }
  console.log('Démarrage du serveur de production (données de démonstration)...');
  const server = await startServer();
  // Read twice: as soon as the server answers, and once it has been left alone long enough to give
  // back what the start-up grew (apps/api/src/lib/settle-after-start.ts). Both are reported.
  const memory = { afterStart: residentMb(server.pid), settled: null, afterSoak: null };
  if (!AUDIENCE_ONLY) memory.settled = await settledMb(server);
  let startup = null;
  try {
    if (AUDIENCE_ONLY) {
      console.log('\nMesure d’audience : GET / avec et sans (AUDIENCE_MEASUREMENT=false)');
      console.log(audienceCostSummary(await audienceCost({ counting: server, startServer, signIn }).catch((error) => ({ error: error.message }))));
      return;
    }
    if (MACHINE_ONLY) {
      console.log(`\nMémoire après le démarrage : ${memory.afterStart?.toFixed(0) ?? '—'} MB, ${memory.settled?.toFixed(0) ?? '—'} MB ${SETTLE_SECONDS} s plus tard sans requête\nComparaison avec Node nu`);
      const comparison = await closeToTheMachine(server).catch((error) => ({ error: error.message }));
      await printFastPathCounts(server);
      console.log(`Charge continue (${120} s)...`);
      memory.afterSoak = await soak(server);
      await server.stop({ keepData: true });
      startup = await startupMs({ root, dataDir: server.dataDir, port: await freePort() });
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      console.log(`\n${closeToTheMachineSummary({ comparison, memory, startup })}`);
      return;
    }
    console.log(`\n1. Charge (${LOAD.connections} connexions, ${LOAD.duration} s par point, ${ROUNDS} tours)`);
    const load = LIGHTHOUSE_ONLY ? [] : await loadTest(server.base);

    console.log('\n1 bis. Comparaison avec un serveur Node nu (mêmes octets, wrk)');
    const comparison = LIGHTHOUSE_ONLY ? { error: 'passé (--lighthouse-only)' } : await closeToTheMachine(server).catch((error) => ({ error: error.message }));
    await printFastPathCounts(server);
    if (!LIGHTHOUSE_ONLY) {
      console.log(`  charge continue (${120} s) avant de relire la mémoire...`);
      memory.afterSoak = await soak(server);
    }

    console.log('\n1 bis bis. Mesure d’audience : GET / avec et sans (AUDIENCE_MEASUREMENT=false)');
    const audience = LIGHTHOUSE_ONLY ? { error: 'passé (--lighthouse-only)' } : await audienceCost({ counting: server, startServer, signIn }).catch((error) => ({ error: error.message }));
    console.log(`  ${audienceCostSummary(audience)}`);

    console.log('\n1 ter. Réservations (deux serveurs, PostgreSQL : BENCH_DATABASE_URL)');
    const reservations = LIGHTHOUSE_ONLY ? { error: 'passé (--lighthouse-only)' } : await reservationsRun().catch((error) => ({ error: error.message }));
    console.log(`  ${reservationsSummary(reservations).replace(/\n/g, '\n  ')}`);

    console.log('\n2. JavaScript de la première visite de /');
    const js = LIGHTHOUSE_ONLY
      ? { error: 'passé (--lighthouse-only)' }
      : chromiumPath
      ? await javascriptOfFirstVisit(server.base, chromiumPath).catch((error) => ({ error: error.message }))
      : { error: 'Chromium introuvable (CHROMIUM_PATH)' };
    console.log(js.error ? `  non mesuré : ${js.error}` : `  ${kb(js.bytes)} en ${js.files} fichiers`);

    console.log('\n3. Lighthouse (mobile)');
    const lighthouse = chromiumPath
      ? await lighthouseScores(server.base, chromiumPath, server.admin).catch((error) => ({ error: error.message }))
      : { error: 'Chromium introuvable (CHROMIUM_PATH)' };
    if (lighthouse.error) console.log(`  non mesuré : ${lighthouse.error}`);

    const machine = `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load average ${loadAtStart} at the start`;
    await server.stop({ keepData: true });
    startup = await startupMs({ root, dataDir: server.dataDir, port: await freePort() });
    const machineBlock = closeToTheMachineSummary({ comparison, memory, startup });
    const block = markdown({ date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', load, js, lighthouse, machine, reservations, machineBlock: `${machineBlock}\n\n${audienceCostSummary(audience)}` });
    console.log(`\n${block}\n\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
    if (RECORD && !LIGHTHOUSE_ONLY) record(block);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(`Échec du banc d'essai : ${error.message}`);
  process.exit(1);
});
