// `npm run bench`, "close to the machine" (issue 27): each endpoint of the product against a bare
// node:http server answering the same bytes from memory (scripts/bare-server.mjs), alternating under
// one load generator; the server's resident memory after start and after two minutes of that load.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const BARE_ENDPOINTS = [
  { label: 'GET /api/health', path: '/api/health' },
  { label: 'GET / (answer cache, brotli)', path: '/' },
  // A show page of the demo content (issue 37: the fast path's targets name it beside GET /).
  { label: 'GET /show/boule-de-suif', path: '/show/boule-de-suif' },
  { label: 'GET /api/shows?published=true', path: '/api/shows?published=true' },
];
export const BARE_LOAD = { connections: 50, seconds: 6, rounds: 3 };
/** How long the product is loaded before its memory is read again (the issue's two minutes). */
export const SOAK_SECONDS = 120;

const here = path.dirname(new URL(import.meta.url).pathname);

/** Is wrk (Debian's `wrk`) on this machine? It does not become the bottleneck as autocannon can. */
function hasWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return error.status === 1;
  }
}

/** The raw answer (compressed bytes as sent) of `path`, asked as a browser asks. */
function rawAnswer(base, urlPath) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            type: response.headers['content-type'],
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
            headerBytes: response.rawHeaders.reduce((sum, item) => sum + Buffer.byteLength(item) + 2, 0),
          }),
        );
      })
      .on('error', reject);
  });
}

/** wrk's text: requests per second and the 99th percentile latency in ms. */
function parseWrk(text) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const p99 = /\b99%\s+([\d.]+)(us|ms|s)\b/.exec(text);
  const factor = { us: 0.001, ms: 1, s: 1000 }[p99?.[2] ?? 'ms'];
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  return { rps, p99: p99 ? Number(p99[1]) * factor : NaN, bad: non2xx };
}

async function load(url, tool, { connections, seconds }) {
  if (tool === 'wrk') {
    const text = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', 'accept-encoding: br, gzip', url], { encoding: 'utf8' });
    return parseWrk(text);
  }
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br, gzip' } });
  return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Resident memory of a process in MB (Linux /proc), or null elsewhere. */
export function residentMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * How long a just-started server is left without a request before its memory is read a second time:
 * past the server's collections after its start (apps/api/src/lib/settle-after-start.ts: at 6 s, again at 12 and 18 s when needed),
 * when V8 gives back the young generation it grew for the start-up.
 */
export const SETTLE_SECONDS = 20;

/** The resident memory of a server left alone for SETTLE_SECONDS. */
export async function settledMb(product) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  return residentMb(product.pid);
}

async function startBare(answers) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-bare-'));
  const file = path.join(dir, 'answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [path.join(here, 'bare-server.mjs'), file, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`le serveur nu s'est arrêté (code ${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The comparison: for each round, each endpoint is loaded on the bare server then on the product, one
 * right after the other (the machine's noise hits both alike), and the medians of the rounds are kept.
 */
export async function closeToTheMachine(product) {
  const tool = hasWrk() ? 'wrk' : 'autocannon';
  const answers = {};
  const headerBytes = {};
  for (const endpoint of BARE_ENDPOINTS) {
    const answer = await rawAnswer(product.base, endpoint.path);
    if (answer.status !== 200) throw new Error(`${endpoint.path} a répondu ${answer.status}`);
    answers[endpoint.path] = { type: answer.type, encoding: answer.encoding, body: answer.body.toString('base64') };
    headerBytes[endpoint.path] = answer.headerBytes;
  }
  const bare = await startBare(answers);
  const runs = Object.fromEntries(BARE_ENDPOINTS.map((endpoint) => [endpoint.path, { bare: [], product: [] }]));
  try {
    for (let round = 1; round <= BARE_LOAD.rounds; round++) {
      for (const endpoint of BARE_ENDPOINTS) {
        for (const [side, base] of [['bare', bare.base], ['product', product.base]]) {
          const result = await load(base + endpoint.path, tool, BARE_LOAD);
          runs[endpoint.path][side].push(result);
          console.log(`  ${round}/${BARE_LOAD.rounds} ${side === 'bare' ? 'Node nu ' : 'produit '} ${endpoint.label.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${result.p99.toFixed(1).padStart(6)} ms${result.bad ? `  (${result.bad} non-2xx)` : ''}`);
        }
      }
    }
  } finally {
    bare.stop();
  }
  const rows = BARE_ENDPOINTS.map((endpoint) => {
    const { bare: bareRuns, product: productRuns } = runs[endpoint.path];
    const bareRps = median(bareRuns.map((run) => run.rps));
    const productRps = median(productRuns.map((run) => run.rps));
    return {
      ...endpoint,
      bareRps,
      productRps,
      share: productRps / bareRps,
      bareP99: median(bareRuns.map((run) => run.p99)),
      productP99: median(productRuns.map((run) => run.p99)),
      headerBytes: headerBytes[endpoint.path],
      bodyBytes: Buffer.from(answers[endpoint.path].body, 'base64').length,
      bad: productRuns.reduce((sum, run) => sum + run.bad, 0),
    };
  });
  return { tool, rows };
}

/** Two minutes of the same load on the product (the three endpoints in turn), then its memory again. */
export async function soak(product) {
  const tool = hasWrk() ? 'wrk' : 'autocannon';
  const until = Date.now() + SOAK_SECONDS * 1000;
  let index = 0;
  while (Date.now() < until) {
    const endpoint = BARE_ENDPOINTS[index++ % BARE_ENDPOINTS.length];
    await load(product.base + endpoint.path, tool, { connections: BARE_LOAD.connections, seconds: Math.min(10, Math.max(1, Math.ceil((until - Date.now()) / 1000))) });
  }
  return residentMb(product.pid);
}

/**
 * `npm start` on a built tree and an existing database (a restart): milliseconds from the command to
 * the first 200 of /api/health.
 */
export async function startupMs({ root, dataDir, port }) {
  const started = Date.now();
  const child = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
  try {
    while (Date.now() - started < 60_000) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  }
}

const pct = (value) => `${Math.round(value * 100)} %`;

export function closeToTheMachineSummary({ comparison, memory, startup }) {
  const lines = [];
  if (comparison.error) lines.push(`Bare Node comparison: not measured (${comparison.error}).`);
  else
    lines.push(
      `Against bare Node (issue 27): ${comparison.tool === 'wrk' ? 'wrk, one thread' : 'autocannon (wrk not installed)'}, ${BARE_LOAD.connections} connections, ${BARE_LOAD.seconds} s per side, ${BARE_LOAD.rounds} rounds alternating bare then product, medians; the bare server answers the product's own bytes (brotli for the pages and the list) from memory.`,
      '',
      '| endpoint | bare Node req/s | product req/s | share | p99 bare | p99 product | answer headers | body | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...comparison.rows.map(
        (row) =>
          `| \`${row.label}\` | ${row.bareRps.toFixed(0)} | ${row.productRps.toFixed(0)} | ${pct(row.share)} | ${row.bareP99.toFixed(1)} ms | ${row.productP99.toFixed(1)} ms | ${row.headerBytes} B | ${row.bodyBytes} B | ${row.bad} |`,
      ),
    );
  lines.push(
    '',
    `Resident memory of the server: ${memory.afterStart == null ? '—' : `${memory.afterStart.toFixed(0)} MB`} after start (as soon as it answers), ${memory.settled == null ? '—' : `${memory.settled.toFixed(0)} MB`} ${SETTLE_SECONDS} s later without a request, ${memory.afterSoak == null ? '—' : `${memory.afterSoak.toFixed(0)} MB`} after ${SOAK_SECONDS} s more of that load. Start-up (\`npm start\`, built tree, existing database, to the first 200 of \`/api/health\`): ${startup == null ? '—' : `${(startup / 1000).toFixed(2)} s`}.`,
  );
  return lines.join('\n');
}
