// The audience measurement's cost (issue 36), a step of `npm run bench`: GET / as a browser asks it, on
// the server that counts it (its page views and daily visitors) and on a second server started alike
// with AUDIENCE_MEASUREMENT=false, side by side: ROUNDS rounds, each measuring one then the other
// (the order alternating), medians compared. Target: with counting, at least 95 % of the rate without.
// The counting server's own figures are read back at the end (GET /api/bilan), so that a run where the
// requests were not counted (taken for a robot, say) cannot pass for a cheap one.
import autocannon from 'autocannon';

const ROUNDS = 3;
const LOAD = { connections: 20, duration: 5 };
// A browser's request: not a robot (isbot), not a prefetch, no Global Privacy Control: it is counted.
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'br, gzip',
  'accept-language': 'fr-FR,fr;q=0.9',
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function rate(base) {
  const result = await autocannon({ url: `${base}/`, ...LOAD, headers: BROWSER });
  return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

/** The page views the counting server has stored for today (its buffer is flushed every 10 s and at close). */
async function countedToday(server, signIn) {
  const { token } = await signIn(server.base, server.admin);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const answer = await fetch(`${server.base}/api/bilan?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) return null;
  return (await answer.json()).data.audience.pageViews;
}

/** `startServer(extraEnv)` as bench.mjs starts its servers; `signIn(base, admin)` its login. */
export async function audienceCost({ counting, startServer, signIn }) {
  const quiet = await startServer({ AUDIENCE_MEASUREMENT: 'false' });
  try {
    const runs = { on: [], off: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? ['on', 'off'] : ['off', 'on'];
      for (const which of order) {
        const result = await rate(which === 'on' ? counting.base : quiet.base);
        runs[which].push(result);
        console.log(`  ${round}/${ROUNDS} GET / ${which === 'on' ? 'avec mesure ' : 'sans mesure '} ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${String(result.p99).padStart(4)} ms${result.bad ? `  (${result.bad} non-2xx/erreurs)` : ''}`);
      }
    }
    // Past the 10 s flush: what the counting server stored.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const on = median(runs.on.map((r) => r.rps));
    const off = median(runs.off.map((r) => r.rps));
    return { on, off, ratio: on / off, p99On: median(runs.on.map((r) => r.p99)), p99Off: median(runs.off.map((r) => r.p99)), counted: await countedToday(counting, signIn).catch(() => null) };
  } finally {
    await quiet.stop();
  }
}

export function audienceCostSummary(cost) {
  if (cost.error) return `Mesure d'audience : non mesurée (${cost.error}).`;
  return (
    `Mesure d'audience, GET / comme un navigateur (médianes de ${ROUNDS} tours côte à côte) : ${cost.on.toFixed(0)} req/s avec, ${cost.off.toFixed(0)} sans, ` +
    `${Math.round(cost.ratio * 100)} % (cible ≥ 95 %) ; p99 ${cost.p99On} / ${cost.p99Off} ms ; pages vues comptées : ${cost.counted ?? 'illisible'}.`
  );
}
