import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** What the server writes to its log, one parsed JSON line per entry. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, {}, pino({ level: 'info' }, logStream));
});
afterAll(() => ctx.close());
beforeEach(() => {
  logLines.length = 0;
});

let lastIp = 0;
const report = (payload: unknown, ip = `10.9.0.${++lastIp}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress: ip, headers: { 'user-agent': 'Navigateur de test' } });

const mismatch = {
  kind: 'recoverable',
  message: 'Minified React error #418',
  stack: 'Error: Minified React error #418\n    at hydrate',
  componentStack: '\n    at h1\n    at SitemapPage',
  url: '/plan-du-site',
};

const reportsInLog = () => logLines.filter((line) => 'clientError' in line);

describe('POST /api/client-errors', () => {
  it('writes a hydration mismatch from a browser to the server log as a warning, with its page and component stack', async () => {
    const res = await report(mismatch);
    expect(res.statusCode).toBe(204);
    const [entry] = reportsInLog();
    expect(entry).toMatchObject({ level: 40, msg: 'erreur React récupérée dans le navigateur', clientError: { ...mismatch, userAgent: 'Navigateur de test' } });
  });

  it('writes an uncaught error as an error', async () => {
    expect((await report({ kind: 'uncaught', message: 'Boom', url: '/shows' })).statusCode).toBe(204);
    expect(reportsInLog()).toMatchObject([{ level: 50, clientError: { kind: 'uncaught', message: 'Boom', url: '/shows' } }]);
  });

  it('refuses a malformed or oversized report in French, and logs nothing', async () => {
    for (const payload of [{}, { ...mismatch, kind: 'autre' }, { ...mismatch, message: 'x'.repeat(2001) }, { ...mismatch, url: 42 }]) {
      const res = await report(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error).toMatch(/[a-zé]/);
    }
    expect(reportsInLog()).toEqual([]);
  });

  it('limits how much one address can write to the log', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await report(mismatch, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(reportsInLog()).toHaveLength(30);
  });
});
